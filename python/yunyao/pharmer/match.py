"""Matching one conformer's features to the query: correspondence search, then Kabsch alignment.

The search assigns each query feature a distinct conformer feature of the same family, or none,
keeping only pairs whose internal distances agree with the query's within the two features'
tolerance radii (the distance-compatibility test Pharmer uses; Koes & Camacho, J. Chem. Inf.
Model. 51:1307, 2011).  A correspondence with at least ``min_matched`` pairs (3 or more; 2 only
for a 2-feature query) is superposed on the query points by Kabsch (least-squares rotation and
translation), and it counts only when every matched feature then lies within its radius.
The best correspondence has the most pairs, then the lowest RMSD.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np


@dataclass
class Alignment:
    pairs: list[tuple[int, int]]  # (query feature index, conformer feature index)
    rmsd: float
    rotation: np.ndarray  # 3×3, applied as coords @ rotation.T + translation
    translation: np.ndarray

    def apply(self, coords: np.ndarray) -> np.ndarray:
        return coords @ self.rotation.T + self.translation


def kabsch(moving: np.ndarray, fixed: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Rotation, translation and RMSD that best superpose ``moving`` onto ``fixed`` (n × 3 each)."""
    cm, cf = moving.mean(axis=0), fixed.mean(axis=0)
    h = (moving - cm).T @ (fixed - cf)
    u, _s, vt = np.linalg.svd(h)
    d = np.sign(np.linalg.det(vt.T @ u.T)) or 1.0
    rot = vt.T @ np.diag([1.0, 1.0, d]) @ u.T
    trans = cf - cm @ rot.T
    moved = moving @ rot.T + trans
    return rot, trans, float(np.sqrt(((moved - fixed) ** 2).sum(axis=1).mean()))


def _correspondences(q_fam, q_dist, q_rad, c_fam, c_dist, min_matched):
    """Every maximal compatible assignment (query index -> conformer index or -1) with enough pairs."""
    n = len(q_fam)
    candidates = [[j for j, f in enumerate(c_fam) if f == q_fam[i]] for i in range(n)]
    out: list[list[int]] = []
    chosen: list[int] = []

    def extend(i: int, matched: int) -> None:
        if matched + (n - i) < min_matched:
            return
        if i == n:
            out.append(list(chosen))
            return
        for j in candidates[i]:
            if j in chosen:
                continue
            if all(
                k < 0 or abs(c_dist[j, k] - q_dist[i, p]) <= q_rad[i] + q_rad[p]
                for p, k in enumerate(chosen)
            ):
                chosen.append(j)
                extend(i + 1, matched + 1)
                chosen.pop()
        chosen.append(-1)
        extend(i + 1, matched)
        chosen.pop()

    extend(0, 0)
    return out


def best_alignment(
    q_fam: list[str], q_pts: np.ndarray, q_rad: np.ndarray, c_fam: list[str], c_pts: np.ndarray, min_matched: int
) -> Optional[Alignment]:
    """The best superposition of the conformer's features on the query, or None."""
    if len(c_pts) == 0:
        return None
    q_dist = np.linalg.norm(q_pts[:, None] - q_pts[None], axis=2)
    c_dist = np.linalg.norm(c_pts[:, None] - c_pts[None], axis=2)
    best: Optional[Alignment] = None
    for assignment in _correspondences(q_fam, q_dist, q_rad, c_fam, c_dist, min_matched):
        pairs = [(i, j) for i, j in enumerate(assignment) if j >= 0]
        if best is not None and len(pairs) < len(best.pairs):
            continue
        qi = [i for i, _ in pairs]
        cj = [j for _, j in pairs]
        rot, trans, rmsd = kabsch(c_pts[cj], q_pts[qi])
        moved = c_pts[cj] @ rot.T + trans
        if np.any(np.linalg.norm(moved - q_pts[qi], axis=1) > q_rad[qi]):
            continue
        if best is None or len(pairs) > len(best.pairs) or rmsd < best.rmsd:
            best = Alignment(pairs, rmsd, rot, trans)
    return best
