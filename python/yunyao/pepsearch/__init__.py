"""Peptide structure prediction (module ``pepsearch``) from physics: a built chain, simulated
annealing in implicit solvent on OpenMM, clustering of the low-temperature snapshots with mdtraj.
Method, defaults and benchmark in docs/models/peptides.md. Run: ``python -m yunyao.pepsearch --help``.
"""
