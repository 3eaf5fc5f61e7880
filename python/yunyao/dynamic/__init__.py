"""Binding free energy (module ``dynamic``): explicit-solvent MD on OpenMM, then single-trajectory MM/GBSA.

    python -m yunyao.dynamic --protein=protein.pdb --ligands-json='[{"path": ..., "name": ...}]' \
        --params=params.json --cpu=2 \
        --checkpoint-dir=checkpoint --progress=progress.json [--out-dir=.]

The module's parameters (salt, its concentration, equilibration and production times, seed) come
from params.json (``yunyao.params``); engine settings for tests and benchmarks stay options.
One file per job: ``poses`` (reading the ligands), ``ligand_params`` and ``charges`` (GAFF + charges),
``system`` (protein repair, solvation), ``md`` (the checkpointed run), ``scoring`` (GB scoring and
decomposition), ``outputs`` (result files), ``cli`` (the order of things). docs/models/free-energy.md
gives each choice and its reference.
"""
