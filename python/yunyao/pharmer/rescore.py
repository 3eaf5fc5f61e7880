"""Physical rescoring of the aligned placements in the receptor: AutoDock Vina's local optimisation.

Pharmit (Sunseri & Koes, Nucleic Acids Res. 44:W442, 2016) minimises each hit's aligned pose in the
receptor with smina and reports the minimised affinity; this does the same with the platform's
Vina 1.2.3 binary and its default scoring function. The rule, fixed before any benchmark was run:

* Molecules: only the best ``rescored_count`` by the rank score (no clash before clash, then score,
  then input order) — the module asks for the best 10 %, at least 300 (all of a smaller screen). The
  enrichment a screen is judged by, and the list a user reads, lie at its top; rescoring every
  molecule cost most where it changes least, and made Vina most of a screen's time (issue 31).
* Poses: the molecule's POSES best placements by the rank score (score.py: hard match or O3A, on
  any reference, clashing or not: Vina's repulsion judges overlaps now) whose every atom lies in the box.
* Box: the docking step's rule around the reference ligand(s), their extent plus BOX_MARGIN on
  every side (autodock.dock.box_around); Vina refuses a pose with an atom outside its grid.
* Each pose is optimised locally by Vina (``--local_only``: position, orientation and torsions, the
  receptor rigid); the molecule's value is the lowest optimised energy (kcal/mol, Vina's affinity,
  lower is better), and its pose is the one the hits file shows.
* The rescored molecules are ranked by that energy, then by the rank score; every other molecule
  follows them in the rank score's order, and so does a chosen one none of whose placements fits
  the box, or that Open Babel or Vina cannot handle (it has no energy).

Vina 1.2.3's batch mode (one process and one grid for many poses) writes the optimised poses but
prints only energies from before the optimisation (at verbosity 2), so a second ``--local_only``
pass over the optimised poses reads their energies (the second pass's own poses are dropped). A
pose Vina refuses stops its batch; the batch is run again from the pose after it, which is left
without an energy.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..autodock.dock import BOX_MARGIN, box_around
from ..common import vina_env

POSES = 5
# One batch of poses (a few dozen molecules) is a minute of Vina at most; far beyond it is a hang.
BATCH_TIMEOUT_S = 1800
BEFORE = re.compile(r"Before local optimization:\s*\n\s*Estimated Free Energy of Binding\s*:\s*(-?\d+(?:\.\d+)?)")
# Recorded in summary.json: what the rescored value is.
RESCORE_RULE = (
    f"Vina --local_only of the {POSES} best placements by rank score inside the box "
    f"(reference extent + {BOX_MARGIN:g} Å per side) of the best molecules by rank score (rescoredCount); "
    "lowest optimised energy, kcal/mol; ranked by it, then by rank score; the rest after them by rank score"
)


def rescored_count(molecules: int, at_least: int, percent: int) -> int:
    """How many of ``molecules`` screened ones are rescored: the best ``percent`` % (rounded up), at least
    ``at_least``, never more than there are. Integer arithmetic, as the module's cost model computes it."""
    return min(molecules, max(at_least, -(-molecules * percent // 100)))


class RescoreFailed(Exception):
    """Vina could not run at all (missing binary, a receptor it cannot read): the screen fails."""


@dataclass
class Box:
    center: list[float]
    size: list[float]

    @classmethod
    def around(cls, references: list) -> "Box":
        coords = np.vstack([r.GetConformer().GetPositions() for r in references]).tolist()
        box = box_around(coords)
        return cls(box["center"], box["size"])

    def holds(self, xyz: np.ndarray) -> bool:
        half = np.array(self.size) / 2
        return bool((np.abs(xyz - np.array(self.center)) < half).all())

    def args(self) -> list[str]:
        return [f"--center_{a}={c}" for a, c in zip("xyz", self.center)] + [f"--size_{a}={s}" for a, s in zip("xyz", self.size)]


@dataclass
class Pose:
    """One placement to optimise: its Vina ligand and the placed molecule (with hydrogens) it was written from."""

    pdbqt: str
    mol: object


@dataclass
class Minimised:
    energy: float  # kcal/mol
    mol: object  # the molecule at the optimised pose (its hydrogens rebuilt on the heavy atoms)


def poses_in_box(mol, placements: list[np.ndarray], box: Box) -> list[Pose]:
    """The first POSES placements whose every Vina atom lies in the box, as Vina ligands (Open Babel)."""
    from ..autodock.ligand import LigandError, pdbqt_atoms, to_pdbqt
    from .conformers import with_coords

    out: list[Pose] = []
    for coords in placements:
        if len(out) == POSES:
            break
        placed = with_coords(mol, coords)
        try:
            pdbqt = to_pdbqt(placed)
        except LigandError:
            return out  # the same molecule fails the same way in any placement
        if box.holds(np.array([xyz for _t, *xyz in pdbqt_atoms(pdbqt)])):
            out.append(Pose(pdbqt, placed))
    return out


def _run_batch(receptor: str, box: Box, paths: list[str], out_dir: str) -> list[Optional[float]]:
    """``vina --local_only`` over ``paths`` into ``out_dir``; per path, the energy printed before its
    optimisation, or None for a pose Vina refused (the batch is resumed after it)."""
    os.makedirs(out_dir, exist_ok=True)
    vina = shutil.which("vina")
    if vina is None:
        raise RescoreFailed("vina not found")
    energies: list[Optional[float]] = []
    remaining = list(paths)
    while remaining:
        cmd = [vina, "--receptor", receptor, "--batch", *remaining, "--dir", out_dir, "--local_only", *box.args(), "--cpu=1", "--verbosity=2"]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=BATCH_TIMEOUT_S, env=vina_env())
        except subprocess.TimeoutExpired as exc:
            raise RescoreFailed(f"vina timed out after {BATCH_TIMEOUT_S} s") from exc
        # Vina works through the batch in order and stops at the first pose it refuses.
        done = 0
        while done < len(remaining) and os.path.isfile(_out_path(out_dir, remaining[done])):
            done += 1
        if proc.returncode != 0 and "Computing Vina grid" not in proc.stdout:
            # Vina stopped before its grid, which comes before any pose: the receptor or the options, not one pose.
            raise RescoreFailed((proc.stderr or proc.stdout).strip()[-300:])
        found = [float(e) for e in BEFORE.findall(proc.stdout)]
        energies += [found[i] if i < len(found) else None for i in range(done)]
        if done == len(remaining):
            break
        energies.append(None)
        remaining = remaining[done + 1 :]
    return energies


def _out_path(out_dir: str, path: str) -> str:
    return os.path.join(out_dir, os.path.splitext(os.path.basename(path))[0] + "_out.pdbqt")


def minimise(receptor: str, box: Box, poses: list[Pose], work: str) -> list[Optional[Minimised]]:
    """Each pose optimised locally in the receptor (two batch passes, see the module's note), in order."""
    if not poses:
        return []
    inputs = []
    for i, pose in enumerate(poses):
        path = os.path.join(work, f"p{i}.pdbqt")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(pose.pdbqt)
        inputs.append(path)
    # The first pass's energies are of the poses before it: they only say which poses Vina took.
    taken = _run_batch(receptor, box, inputs, os.path.join(work, "optimised"))
    optimised = [_out_path(os.path.join(work, "optimised"), p) for p, e in zip(inputs, taken) if e is not None]
    energies = iter(_run_batch(receptor, box, optimised, os.path.join(work, "rescored")))
    out: list[Optional[Minimised]] = []
    for pose, path, before in zip(poses, inputs, taken):
        energy = next(energies) if before is not None else None
        if energy is None:
            out.append(None)
            continue
        with open(_out_path(os.path.join(work, "optimised"), path), encoding="utf-8") as fh:
            out.append(Minimised(energy, _moved(pose, fh.read())))
    return out


def _moved(pose: Pose, optimised_pdbqt: str):
    """The placed molecule at the optimised pose: its heavy atoms where Vina's output puts them (matched
    through the input's coordinates; Vina keeps the input's atom order), every hydrogen rebuilt on them
    (Vina's output lacks the nonpolar ones)."""
    from rdkit import Chem
    from rdkit.Geometry import Point3D

    from ..autodock.ligand import map_pdbqt_to_mol, pdbqt_atoms

    mapping = map_pdbqt_to_mol(pose.pdbqt, pose.mol)
    xyz = pose.mol.GetConformer().GetPositions()
    for idx, (_t, x, y, z) in zip(mapping, pdbqt_atoms(optimised_pdbqt)):
        xyz[idx] = (x, y, z)
    moved = Chem.Mol(pose.mol)
    conf = moved.GetConformer()
    for i, (x, y, z) in enumerate(xyz):
        conf.SetAtomPosition(i, Point3D(float(x), float(y), float(z)))
    return Chem.AddHs(Chem.RemoveHs(moved), addCoords=True)
