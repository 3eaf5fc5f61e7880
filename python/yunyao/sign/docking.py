"""Ligands without a pose in the site are docked first by the platform's own docking engine
(``yunyao.autodock.dock``, writing into ``docking/``), and the best pose of each is scored."""

from __future__ import annotations

import argparse
import csv
import json
import os

from rdkit import Chem

from ..autodock.dock import dock
from ..common import YunyaoError, fail
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
    # The engine itself, not the docking module's command line: the settings are this step's own
    # (one pose each, every ligand kept), derived from the 3D affinity module's validated parameters.
    # No re-ranking: it orders a job's poses, and there is one (it would cost a Vina process per ligand).
    settings = argparse.Namespace(
        receptor=os.path.abspath(receptor_pdbqt), receptor_pdb=os.path.abspath(receptor_pdb),
        ligands_json=json.dumps([{"path": os.path.join(DOCKING_DIR, "ligands.csv"), "name": "ligands.csv"}]),
        sites=os.path.join(DOCKING_DIR, "sites.json"), exhaustiveness=exhaustiveness, poses=1, keep=len(todo), seed=seed, cpu=cpu, rerank=False,
        checkpoint_dir=os.path.join(DOCKING_DIR, "checkpoint"), progress="progress.json", out_dir=DOCKING_DIR, chunk="",
    )
    try:
        dock(settings)
    except YunyaoError as exc:
        fail("sign.dockingFailed", detail=str(exc))
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
