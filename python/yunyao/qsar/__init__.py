"""QSAR model building (QSARtuna-like search, test report, production fit) and prediction.

Step programs: ``inspect`` (a table's columns for the form), ``check`` (refusals before charging),
``build`` (the search and the portable model artefact), ``predict`` (a built model on molecules).
The model card is docs/models/qsar.md.
"""
