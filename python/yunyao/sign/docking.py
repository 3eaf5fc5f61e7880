"""Ligands without a pose in the site are docked first by the platform's own docking engine
(``yunyao.autodock.dock``, its outputs in ``out_dir``, its checkpoint in ``checkpoint_dir``), and the best
pose of each is scored."""

from __future__ import annotations

import argparse
import json
import os

from rdkit import Chem

from ..autodock.dock import Ligand as EngineLigand, dock, ligand_key
from ..common import YunyaoError, fail
from .ligands import Ligand
from .site import Box


def dock_unposed(ligands: dict[int, Ligand], site: Box, receptor_pdbqt: str, receptor_pdb: str, exhaustiveness: int, seed: int, cpu: int,
                 checkpoint_dir: str, out_dir: str, progress: str) -> None:
    """Sets ``pose`` (best Vina pose) or ``error`` on every ligand that has neither. ``ligands`` by their index
    in the task, which seeds their docking: a ligand docks the same in any share of the task (a chunk)."""
    todo = {i: lig for i, lig in ligands.items() if lig.pose is None and lig.error is None}
    if not todo:
        return
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "sites.json"), "w", encoding="utf-8") as fh:
        json.dump([site.as_site()], fh)
    # The engine itself, not the docking module's command line: the settings are this step's own
    # (one pose each, every ligand kept), derived from the 3D affinity module's validated parameters.
    # No re-ranking: it orders a job's poses, and there is one (it would cost a Vina process per ligand).
    settings = argparse.Namespace(
        receptor=os.path.abspath(receptor_pdbqt), receptor_pdb=os.path.abspath(receptor_pdb),
        sites=os.path.join(out_dir, "sites.json"), exhaustiveness=exhaustiveness, poses=1, keep=len(todo), seed=seed, cpu=cpu, rerank=False,
        checkpoint_dir=checkpoint_dir, progress=progress, out_dir=out_dir, chunk="",
    )
    engine_ligands = [EngineLigand(i, f"L{i}", lig.smiles, lig.source, "") for i, lig in todo.items()]
    for lig in engine_ligands:
        lig.key = ligand_key(lig, seed)
    try:
        dock(settings, engine_ligands)
    except YunyaoError as exc:
        # None of these docked: each is its own row's error (from result.json), as when others did.
        if exc.code != "autodock.nothingDocked":
            fail("sign.dockingFailed", detail=str(exc))
    by_key = {f"L{i}": lig for i, lig in todo.items()}
    poses = os.path.join(out_dir, "poses.sdf")
    # Empty when none docked, which RDKit's reader refuses.
    for mol in Chem.SDMolSupplier(poses, removeHs=False) if os.path.getsize(poses) else []:
        if mol is not None and mol.GetProp("ligand") in by_key:
            lig = by_key[mol.GetProp("ligand")]
            lig.pose, lig.posed = Chem.RemoveHs(mol, sanitize=False), "docked"
    with open(os.path.join(out_dir, "result.json"), encoding="utf-8") as fh:
        for row in json.load(fh):
            lig = by_key.get(row.get("ligand", ""))
            if lig is not None and lig.pose is None:
                lig.error = row.get("error") or "对接未得到构象"
