"""Pharmacophore screening (module ``pharmer``; method and figures in docs/models/pharmacophore.md).

``query`` builds the query from a reference ligand in its bound pose; ``screen`` matches conformer
ensembles of a SMILES library against it.
"""
