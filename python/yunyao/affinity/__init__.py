"""3D structure-based affinity of posed protein–ligand complexes (module ``sign``).

``features`` describes a posed complex (AutoDock Vina and Vinardo scores by the engine, element-pair
contacts, ligand size), ``model`` maps them to pK, ``train`` fits it on the PDBbind complexes of
``YUNYAO_DATASETS/pdbbind-affinity``, ``site`` and ``ligands`` read the user's inputs and ``sign`` is
the platform step. Model card: docs/models/affinity.md.
"""
