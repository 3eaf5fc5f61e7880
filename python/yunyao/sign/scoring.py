"""A task's ligands docked (those without a pose in the site) and scored, each kept in the checkpoint dir.

A chunk of a split screen (the platform's StepChunks, ``--chunk=I/N``: a Slurm array element, say) does the
ligands whose index is I modulo N; a retry skips the ligands already kept; the whole step, run after every
chunk, finds them all there and only writes the outputs. A whole run goes the same way (one share: every
ligand), and the outputs are always written from the records read back, so a split and a whole run give
the same rows.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
from dataclasses import dataclass
from typing import Optional

import numpy as np
from rdkit import Chem

from ..common import write_json
from .docking import dock_unposed
from .features import Atoms, FeatureError, complex_features, largest_fragment, protein_heavy_atoms, vina_score
from .ligands import Ligand
from .site import Box

# Bump when docking or scoring semantics change: older records are then not read.
CHECKPOINT_VERSION = "sign-1"


@dataclass
class Scored:
    features: np.ndarray
    vina: float
    ligand: Chem.Mol  # the scored molecule (the pose's largest fragment)


def _record_path(args: argparse.Namespace, site: Box, index: int, lig: Ligand) -> str:
    # Named by what the ligand's docking and scoring depend on, so a record made with other settings is never read.
    key = json.dumps([CHECKPOINT_VERSION, lig.id, lig.smiles, site.as_site(), args.exhaustiveness, args.seed])
    return os.path.join(args.checkpoint_dir, f"L{index + 1:05d}_{hashlib.sha1(key.encode('utf-8')).hexdigest()[:8]}.json")


def score_share(ligands: list[Ligand], share: range, args: argparse.Namespace, site: Box, docking_dir: str) -> None:
    """Docks (into ``docking_dir``) and scores the ligands of ``share`` (indices) that the checkpoint lacks,
    keeping each there as soon as it is done (one unread from the input with its error)."""
    paths = {i: _record_path(args, site, i, ligands[i]) for i in share}
    todo = {i: ligands[i] for i in share if not os.path.isfile(paths[i])}
    os.makedirs(args.checkpoint_dir, exist_ok=True)
    dock_unposed(todo, site, args.receptor_pdbqt, args.receptor_pdb, args.exhaustiveness, args.seed, args.cpu,
                 os.path.join(args.checkpoint_dir, "docking"), docking_dir, args.progress)
    protein = protein_heavy_atoms(args.receptor_pdb) if todo else None
    done = len(share) - len(todo)
    for i, lig in todo.items():
        # Docking reported its own progress; scoring (one Vina call per pose) counts the ligands again.
        write_json(args.progress, {"done": done, "total": len(share), "unit": "ligands"})
        _keep(paths[i], lig, _score(lig, protein, args.receptor_pdbqt))
        done += 1
    write_json(args.progress, {"done": len(share), "total": len(share), "unit": "ligands"})


def _score(lig: Ligand, protein: Atoms, receptor_pdbqt: str) -> Optional[Scored]:
    if lig.pose is None:
        return None
    try:
        mol = largest_fragment(lig.pose)
        return Scored(complex_features(protein, mol), vina_score(receptor_pdbqt, mol), mol)
    except (FeatureError, ValueError) as err:
        lig.error = str(err)
        return None


def _keep(path: str, lig: Ligand, scored: Optional[Scored]) -> None:
    # The pose as RDKit's own binary with every property and full-precision coordinates: read back the very
    # molecule, even one it could not write as a molfile.
    flags = Chem.PropertyPickleOptions.AllProps | Chem.PropertyPickleOptions.CoordsAsDouble
    pose = base64.b64encode(lig.pose.ToBinary(flags)).decode("ascii") if lig.pose is not None else None
    write_json(path, {"posed": lig.posed, "error": lig.error, "pose": pose,
                      "features": scored.features.tolist() if scored else None, "vina": scored.vina if scored else None})


def restore(ligands: list[Ligand], args: argparse.Namespace, site: Box) -> list[Optional[Scored]]:
    """Every ligand's pose, error and scoring as the checkpoint keeps them (sets ``pose``, ``posed``, ``error``)."""
    scored: list[Optional[Scored]] = []
    for i, lig in enumerate(ligands):
        with open(_record_path(args, site, i, lig), encoding="utf-8") as fh:
            rec = json.load(fh)
        lig.posed, lig.error = rec["posed"], rec["error"]
        lig.pose = Chem.Mol(base64.b64decode(rec["pose"])) if rec["pose"] else None
        scored.append(Scored(np.asarray(rec["features"], dtype=float), rec["vina"], largest_fragment(lig.pose)) if rec["features"] is not None else None)
    return scored
