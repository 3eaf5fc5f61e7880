"""A finished ligand's numbers: averages with standard errors, the top residues, ligand RMSD, a small trajectory."""

from __future__ import annotations

import math
import os
from typing import Optional

import mdtraj
import numpy as np
from openmm import app

from .frames import FrameStore
from .ligand_params import LigandParams
from .poses import Pose
from .scoring import _subset

COMPONENTS = ("dG", "vdw", "elec", "polar", "nonpolar")
# Block averaging (Flyvbjerg & Petersen 1989) from this many snapshots on; fewer: plain SEM.
BLOCKS = 5
MIN_SNAPSHOTS_FOR_BLOCKS = 2 * BLOCKS
TOP_RESIDUES = 15
TRAJECTORY_FRAMES = 25
POCKET_NM = 1.0


def mean_sem(values: list[float]) -> tuple[float, Optional[float]]:
    """Mean and standard error: over block means when there are enough snapshots (correlated
    neighbours would make the plain SEM too small), else over snapshots; None from one snapshot."""
    data = np.asarray(values, dtype=float)
    if data.size == 1:
        return float(data[0]), None
    if data.size >= MIN_SNAPSHOTS_FOR_BLOCKS:
        blocks = [b.mean() for b in np.array_split(data, BLOCKS)]
        return float(data.mean()), float(np.std(blocks, ddof=1) / math.sqrt(BLOCKS))
    return float(data.mean()), float(data.std(ddof=1) / math.sqrt(data.size))


def _round(x: Optional[float], digits: int = 3) -> Optional[float]:
    return None if x is None else round(x, digits)


def top_residues(records: list[dict]) -> list[dict]:
    decomposed = [r["residues"] for r in records if "residues" in r]
    if not decomposed:
        return []
    labels = decomposed[0].keys()
    rows = []
    for label in labels:
        vdw, elec, solv = (float(np.mean([d[label][k] for d in decomposed])) for k in range(3))
        rows.append({"residue": label, "total": round(vdw + elec + solv, 3), "vdw": round(vdw, 3), "elec": round(elec, 3), "solv": round(solv, 3)})
    rows.sort(key=lambda r: r["total"])
    return rows[:TOP_RESIDUES]


def _trajectory(frames: FrameStore, records: list[dict], topology: app.Topology, n_complex: int, xyz0: np.ndarray) -> tuple[mdtraj.Trajectory, mdtraj.Trajectory]:
    """The snapshots superposed on the starting pose's protein Cα, and that starting pose."""
    complex_top = mdtraj.Topology.from_openmm(_subset(topology, xyz0, list(range(n_complex))))
    xyz = np.stack([frames.xyz(r["step"]) for r in records])
    traj = mdtraj.Trajectory(xyz, complex_top, time=[r["time_ps"] for r in records])
    reference = mdtraj.Trajectory(xyz0[None, :n_complex], complex_top)
    alpha = complex_top.select("name CA and protein")
    traj.superpose(reference, atom_indices=alpha, ref_atom_indices=alpha)
    return traj, reference


def ligand_rmsd(traj: mdtraj.Trajectory, reference: mdtraj.Trajectory, ligand: list[int]) -> list[float]:
    """Ligand heavy-atom RMSD (Å) from the docked pose, the protein Cα superposed, the ligand not refitted."""
    heavy = [i for i in ligand if traj.topology.atom(i).element.symbol != "H"]
    diff = traj.xyz[:, heavy] - reference.xyz[0, heavy]
    return [round(float(v) * 10, 3) for v in np.sqrt((diff**2).sum(axis=2).mean(axis=1))]


def write_pocket_trajectory(traj: mdtraj.Trajectory, ligand: list[int], path: str) -> None:
    """The ligand and the residues within 1 nm of its starting pose, at most 25 snapshots, as a multi-model PDB."""
    near = mdtraj.compute_neighbors(traj[0], POCKET_NM, np.array(ligand))[0]
    residues = {traj.topology.atom(i).residue.index for i in near}
    keep = [a.index for a in traj.topology.atoms if a.residue.index in residues or a.index in set(ligand)]
    every = max(1, -(-traj.n_frames // TRAJECTORY_FRAMES))
    traj[::every].atom_slice(sorted(set(keep))).save_pdb(path)


def summarise(pose: Pose, ligand: LigandParams, frames: FrameStore, topology: app.Topology, ligand_atoms: list[int], receptor_atoms: list[int], xyz0: np.ndarray) -> dict:
    records = frames.records()
    row: dict = {"ID": pose.id, "name": pose.name, "SMILES": ligand.smiles}
    for key in COMPONENTS:
        mean, sem = mean_sem([r[key] for r in records])
        row[key] = _round(mean)
        row[f"{key}_sem"] = _round(sem)
    row["snapshots"] = len(records)
    row["charge_method"] = ligand.charge_method
    row["error"] = ""
    n_complex = len(ligand_atoms) + len(receptor_atoms)
    traj, reference = _trajectory(frames, records, topology, n_complex, xyz0)
    folder = os.path.dirname(frames.index)
    write_pocket_trajectory(traj, ligand_atoms, os.path.join(folder, "traj.pdb"))
    return {
        "row": row,
        "decomposition": top_residues(records),
        "rmsd": {"time_ps": [r["time_ps"] for r in records], "rmsd": ligand_rmsd(traj, reference, ligand_atoms)},
    }
