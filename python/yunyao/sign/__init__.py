"""3D structure-based affinity of posed protein–ligand complexes (module ``sign``).

``features`` describes a posed complex (element-pair contact counts in distance shells up to 10 Å, and
the engine's Vina score for the rows), ``model`` maps the counts to pK with an interval and a domain flag,
``train`` fits it on the 9,299 PDBbind complexes of ``YUNYAO_DATASETS/pdbbind-features``, ``site`` and
``ligands`` read the user's inputs and ``sign`` is the platform step. Model card: docs/models/affinity.md.
"""
