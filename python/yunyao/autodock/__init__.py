"""Molecular docking with AutoDock Vina (module ``autodock``).

``dock`` is the step (jobs, checkpoints, outputs), ``ligand`` prepares ligands and converts poses,
``rerank`` re-ranks each job's poses, ``ligand_efficiency`` gives LE and FQ, ``scores_csv`` writes
scores.csv. Receptor preparation (``yunyao.protein_prep``) and the PLIP interactions
(``yunyao.pose_interactions``) are shared with other modules and stay at the package's top level.
Run: ``python -m yunyao.autodock --help``; model card: docs/models/docking.md.
"""
