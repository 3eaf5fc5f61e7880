"""Per-pose features of one docking job, for the learned pose-ranking study (``bench/pose_ranker_study.py``).

Everything is read from what the job already has: the receptor PDBQT, Vina's output PDBQT (poses in
Vina's order, the same atoms in the same order) and the Vina and Vinardo scores. Three kinds:

- the two scores, each as a value, a gap to the job's best and a rank;
- Vina's five interaction terms summed over the pose (gauss 1 and 2, repulsion, hydrophobic, hydrogen
  bond; Trott & Olson 2010, X-Score atom types as ``vinardo.xs_types`` assigns them), the same terms
  Vina weighs into its score, kept apart so a model can weigh them per pose;
- Vina's own split of each pose's energy (its output's ``REMARK INTER`` / ``INTRA``): the ligand's
  internal energy tells a strained pose from a relaxed one;
- agreement between the poses: how many of the job's other poses lie within 2 Å of this one, the
  mean RMSD to them and the RMSD to Vina's first pose (a pose the search finds from many starts is
  more often the native one; Vina's output keeps atom order, so RMSD needs no matching).

Plus the ligand's heavy atoms and rotatable bonds, which set the scale of the terms.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from yunyao.autodock import vinardo
from yunyao.autodock.rerank import split_poses

# X-Score van der Waals radii (Vina's atom_constants.h), by the element part of the X-Score type.
XS_RADIUS = {"C": 1.9, "N": 1.8, "O": 1.7, "S": 2.0, "P": 2.1, "F": 1.5, "Cl": 1.8, "Br": 2.0, "I": 2.2, "Met": 1.2}
CUTOFF = 8.0
CONTACT = 4.0  # Å: a ligand atom with a receptor heavy atom this close counts as in contact
CLOSE = 2.0  # Å: two poses this close are the same binding mode

NAMES = [
    "vina", "vina_gap", "vina_rank", "vinardo", "vinardo_gap", "vinardo_rank",
    "gauss1", "gauss2", "repulsion", "hydrophobic", "hbond",
    "gauss1_per_atom", "gauss2_per_atom", "repulsion_per_atom", "hydrophobic_per_atom", "hbond_per_atom",
    "contact_share", "poses_within_2A", "mean_rmsd_to_others", "rmsd_to_vina_first", "heavy_atoms", "rotors",
    "inter", "intra", "intra_gap",
]
REMARK = re.compile(r"^REMARK (INTER|INTRA):\s+(-?\d+(?:\.\d+)?)", re.M)


def _radius(xs: str) -> float:
    return XS_RADIUS[xs.split("_")[0]]


def _ranks(values: Sequence[float]) -> np.ndarray:
    order = sorted(range(len(values)), key=lambda i: (values[i], i))
    out = np.empty(len(values))
    out[order] = np.arange(len(values))
    return out


def _terms(lig_xyz: np.ndarray, lig_types: list[str], rec_xyz: np.ndarray, rec_types: list[str]) -> np.ndarray:
    """Vina's five raw terms (gauss1, gauss2, repulsion, hydrophobic, hbond) summed over the pose's pairs
    within 8 Å; hydrophobic between C_H/halogen pairs, hbond between a donor and an acceptor."""
    r = np.sqrt(((lig_xyz[:, None, :] - rec_xyz[None, :, :]) ** 2).sum(-1))
    radii = np.array([_radius(t) for t in lig_types])[:, None] + np.array([_radius(t) for t in rec_types])[None, :]
    d = r - radii
    within = r < CUTOFF
    hyd = np.array([t in vinardo.HYDROPHOBIC for t in lig_types])[:, None] & np.array([t in vinardo.HYDROPHOBIC for t in rec_types])[None, :]
    don_l = np.array([t in vinardo.DONOR for t in lig_types])[:, None]
    acc_l = np.array([t in vinardo.ACCEPTOR for t in lig_types])[:, None]
    don_r = np.array([t in vinardo.DONOR for t in rec_types])[None, :]
    acc_r = np.array([t in vinardo.ACCEPTOR for t in rec_types])[None, :]
    hb = (don_l & acc_r) | (acc_l & don_r)
    gauss1 = np.exp(-((d / 0.5) ** 2))
    gauss2 = np.exp(-(((d - 3.0) / 2.0) ** 2))
    repulsion = np.where(d < 0, d * d, 0.0)
    hydrophobic = np.where(hyd, np.clip((1.5 - d) / 1.0, 0.0, 1.0), 0.0)
    hbond = np.where(hb, np.clip(-d / 0.7, 0.0, 1.0), 0.0)
    return np.array([float((t * within).sum()) for t in (gauss1, gauss2, repulsion, hydrophobic, hbond)])


def pose_features(receptor_text: str, vina_out: str, vina_scores: Sequence[float], vinardo_scores: Sequence[float]) -> np.ndarray:
    """One row of ``NAMES`` per pose, in Vina's order. Raises ``vinardo.Unsupported`` for an atom type
    the typing does not cover (the caller keeps its previous order)."""
    poses = [vinardo.Atoms(p) for p in split_poses(vina_out)]
    n = len(poses)
    if n == 0 or n != len(vina_scores) or n != len(vinardo_scores):
        raise vinardo.Unsupported("poses and scores differ in number")
    every = np.vstack([p.xyz for p in poses])
    rec = vinardo.Atoms(receptor_text)
    rec = rec.subset(np.all((rec.xyz >= every.min(0) - CUTOFF) & (rec.xyz <= every.max(0) + CUTOFF), axis=1))
    rec_types = vinardo.xs_types(rec.ad, vinardo._bonds(rec.ad, rec.xyz))
    rec_heavy = np.array([t is not None for t in rec_types], dtype=bool)
    rec_xyz = rec.xyz[rec_heavy]
    rec_kinds = [t for t in rec_types if t is not None]
    lig_bonds = vinardo._bonds(poses[0].ad, poses[0].xyz)
    lig_types = vinardo.xs_types(poses[0].ad, lig_bonds)
    lig_heavy = np.array([t is not None for t in lig_types], dtype=bool)
    lig_kinds = [t for t in lig_types if t is not None]
    heavy = float(lig_heavy.sum())
    rotors = vinardo.rotors(poses[0], lig_bonds)
    coords = np.stack([p.xyz[lig_heavy] for p in poses])  # poses × heavy atoms × 3
    pair = np.sqrt(((coords[:, None] - coords[None, :]) ** 2).sum(-1).mean(-1))
    remarks = [dict((k, float(v)) for k, v in REMARK.findall(block)) for block in vina_out.split("ENDMDL")[:n]]
    inter = np.array([r.get("INTER", np.nan) for r in remarks])
    intra = np.array([r.get("INTRA", np.nan) for r in remarks])
    vina = np.asarray(vina_scores, dtype=float)
    vinardo_ = np.asarray(vinardo_scores, dtype=float)
    rows = []
    for k in range(n):
        terms = _terms(coords[k], lig_kinds, rec_xyz, rec_kinds)
        nearest = np.sqrt(((coords[k][:, None] - rec_xyz[None]) ** 2).sum(-1)).min(1) if len(rec_xyz) else np.full(len(lig_kinds), np.inf)
        others = np.delete(pair[k], k)
        rows.append([
            vina[k], vina[k] - vina.min(), _ranks(vina)[k], vinardo_[k], vinardo_[k] - vinardo_.min(), _ranks(vinardo_)[k],
            *terms, *(terms / heavy),
            float((nearest < CONTACT).mean()), float((others < CLOSE).sum()), float(others.mean()) if len(others) else 0.0,
            float(pair[k, 0]), heavy, rotors, inter[k], intra[k], intra[k] - np.nanmin(intra) if np.isfinite(intra).any() else np.nan,
        ])
    return np.array(rows, dtype=float)
