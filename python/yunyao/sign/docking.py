"""Ligands without a pose in the site are docked first by the platform's own docking step (``yunyao.autodock``,
run as a subprocess in ``docking/``), and the best pose of each is scored."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys

from rdkit import Chem

from ..common import ERROR_PREFIX, INPUT_ERROR_PREFIX, fail
from .ligands import Ligand
from .site import Box

DOCKING_DIR = "docking"


def dock_unposed(ligands: list[Ligand], site: Box, receptor_pdbqt: str, receptor_pdb: str, exhaustiveness: int, seed: int, cpu: int) -> None:
    """Sets ``pose`` (best Vina pose) or ``error`` on every ligand that has neither."""
    todo = [lig for lig in ligands if lig.pose is None and lig.error is None]
    if not todo:
        return
    os.makedirs(DOCKING_DIR, exist_ok=True)
    with open(os.path.join(DOCKING_DIR, "ligands.csv"), "w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["smiles", "id"])
        writer.writerows([lig.smiles, f"L{i}"] for i, lig in enumerate(todo))
    with open(os.path.join(DOCKING_DIR, "sites.json"), "w", encoding="utf-8") as fh:
        json.dump([site.as_site()], fh)
    proc = subprocess.run(
        [sys.executable, "-m", "yunyao.autodock", f"--receptor={os.path.abspath(receptor_pdbqt)}", f"--receptor-pdb={os.path.abspath(receptor_pdb)}",
         '--ligands-json=[{"path": "ligands.csv", "name": "ligands.csv"}]', "--sites=sites.json", f"--exhaustiveness={exhaustiveness}",
         "--poses=1", f"--keep={len(todo)}", f"--seed={seed}", f"--cpu={cpu}", "--progress=../progress.json"],
        cwd=DOCKING_DIR, capture_output=True, text=True,
    )
    if proc.returncode != 0:
        reason = next((l.split(": ", 1)[1] for l in proc.stdout.splitlines() + proc.stderr.splitlines() if l.startswith((ERROR_PREFIX, INPUT_ERROR_PREFIX))), proc.stderr[-300:])
        fail(f"对接未配位的小分子失败：{reason}")
    by_key = {f"L{i}": lig for i, lig in enumerate(todo)}
    for mol in Chem.SDMolSupplier(os.path.join(DOCKING_DIR, "poses.sdf"), removeHs=False):
        if mol is not None and mol.GetProp("ligand") in by_key:
            lig = by_key[mol.GetProp("ligand")]
            lig.pose, lig.posed = Chem.RemoveHs(mol, sanitize=False), "docked"
    with open(os.path.join(DOCKING_DIR, "result.json"), encoding="utf-8") as fh:
        for row in json.load(fh):
            lig = by_key.get(row.get("ligand", ""))
            if lig is not None and lig.pose is None:
                lig.error = row.get("error") or "对接未得到构象"
