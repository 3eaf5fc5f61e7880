"""Plain Vina 1.2.3 on a DUD-E set, the docking arm of the side-by-side (bench/pharmer.py --vina).

Receptor: ``obabel -xr -p 7.4`` of receptor.pdb; ligands: ``obabel --gen3d -p 7.4`` from SMILES;
22 Å box on the crystal ligand's centroid, exhaustiveness 8, --cpu 1, seed 42.  Score = −(best
affinity); a molecule Open Babel cannot prepare (or Vina cannot dock) scores None and is left out.  Results are appended to a JSON-lines file as they come, so a stopped run resumes.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import tempfile

BOX = 22.0


def prepare_receptor(target_dir: str, work: str) -> tuple[str, list[float]]:
    from rdkit import Chem

    pdb = os.path.join(work, "receptor.pdb")
    with gzip.open(os.path.join(target_dir, "receptor.pdb.gz"), "rt") as src, open(pdb, "w") as dst:
        dst.write(src.read())
    pdbqt = os.path.join(work, "receptor.pdbqt")
    subprocess.run(["obabel", pdb, "-xr", "-p", "7.4", "-O", pdbqt], check=True, capture_output=True)
    lig = Chem.MolFromMol2File(os.path.join(target_dir, "crystal_ligand.mol2"), sanitize=False)
    xyz = lig.GetConformer().GetPositions().mean(axis=0)
    return pdbqt, [float(v) for v in xyz]


def dock_one(receptor: str, centre: list[float], smiles: str, seed: int) -> float | None:
    with tempfile.TemporaryDirectory() as tmp:
        lig = os.path.join(tmp, "lig.pdbqt")
        try:
            res = subprocess.run(["obabel", f"-:{smiles}", "--gen3d", "-p", "7.4", "-O", lig], capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            return None  # Open Babel's 3D builder hangs on a few DUD-E decoys; counted as failed
        if res.returncode != 0 or not os.path.exists(lig) or not os.path.getsize(lig):
            return None
        box = [f"--center_{a}={v:.3f}" for a, v in zip("xyz", centre)] + [f"--size_{a}={BOX}" for a in "xyz"]
        out = subprocess.run(
            ["vina", "--receptor", receptor, "--ligand", lig, *box, "--exhaustiveness=8", "--cpu=1", f"--seed={seed}",
             "--num_modes=1", "--out", os.path.join(tmp, "out.pdbqt")],
            capture_output=True, text=True, timeout=900,
        )
        m = re.search(r"^\s+1\s+(-?\d+\.\d+)", out.stdout, re.M)
        return -float(m.group(1)) if m else None


def run(target_dir: str, molecules: list[tuple[str, str, int]], results_path: str, seed: int = 42) -> dict[str, float | None]:
    done: dict[str, float | None] = {}
    if os.path.exists(results_path):
        with open(results_path) as fh:
            for line in fh:
                row = json.loads(line)
                done[row["id"]] = row["score"]
    with tempfile.TemporaryDirectory() as work:
        receptor, centre = prepare_receptor(target_dir, work)
        for mol_id, smiles, _label in molecules:
            if mol_id in done:
                continue
            done[mol_id] = dock_one(receptor, centre, smiles, seed)
            with open(results_path, "a") as fh:
                fh.write(json.dumps({"id": mol_id, "score": done[mol_id]}) + "\n")
    return done
