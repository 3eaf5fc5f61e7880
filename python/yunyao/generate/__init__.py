"""Molecule generation (module ``generate``): analogues around each input molecule.

``engine.py`` proposes children by RDKit edits of the parent's Kekulé graph (element swaps, atoms
added, removed or inserted, bond orders, ring closure and opening) and by BRICS fragment
replacement from the reference fragment set (``reference.py``, built from the MOSES test sample);
``__main__.py`` is the step the worker runs.
"""
