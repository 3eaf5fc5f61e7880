"""Binding free energy (module ``dynamic``): explicit-solvent MD on OpenMM, then single-trajectory MM/GBSA.

    python -m yunyao.dynamic --protein=protein.pdb --ligands-json='[{"path": ..., "name": ...}]' \
        --salt=NaCl --concentration=0.15 --btime=5 --stime=5 --seed=42 --cpu=2 \
        --checkpoint-dir=checkpoint --progress=progress.json [--out-dir=.]

One file per job: ``poses`` (reading the ligands), ``ligand_params`` and ``charges`` (GAFF + charges),
``system`` (protein repair, solvation), ``md`` (the checkpointed run), ``scoring`` (GB scoring and
decomposition), ``outputs`` (result files), ``cli`` (the order of things). docs/models/free-energy.md
gives each choice and its reference.
"""
