"""Scoring one molecule's ensemble against the query: best conformer, clash test, shape overlap.

Per conformer the feature match (match.best_alignment) gives the superposition; the moved
conformer is then tested against the excluded volumes (any heavy atom inside a receptor atom's
sphere is a clash: that conformer is dropped, and a molecule whose every matching conformer
clashes is not a hit) and compared with the reference's shape (RDKit's Gaussian-grid shape
Tanimoto, rdShapeHelpers.ShapeTanimotoDist, heavy atoms).

Score (0–1, higher better) = matched/total × (FIT_WEIGHT × fit + (1 − FIT_WEIGHT) × shape), where
fit = 1 − RMSD / mean tolerance radius of the matched features.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from .cache import Ensemble
from .conformers import with_coords
from .match import Alignment, best_alignment

FIT_WEIGHT = 0.4
# Shape is computed for at most this many conformers (the best feature fits): it is the slow part.
SHAPE_CONFORMERS = 8


@dataclass
class QueryPoints:
    """The enabled query features, the excluded volumes and the shape reference."""

    ids: list[str]
    families: list[str]
    points: np.ndarray
    radii: np.ndarray
    excluded: np.ndarray  # m × 3
    excluded_radii: np.ndarray
    reference: object  # RDKit molecule, heavy atoms, receptor frame

    @property
    def min_matched(self) -> int:
        """All features, or all but one; never fewer than 3 pairs (2 points leave a free rotation) unless the query has 2."""
        n = len(self.ids)
        return n if n <= 3 else n - 1


@dataclass
class Hit:
    score: float
    rmsd: float
    shape: float
    matched: list[str]
    conformer: int
    coords: np.ndarray  # all atoms, receptor frame


def _clashes(q: QueryPoints, heavy: np.ndarray) -> bool:
    if not len(q.excluded):
        return False
    d = np.linalg.norm(heavy[:, None] - q.excluded[None], axis=2)
    return bool((d < q.excluded_radii[None]).any())


def _shape(mol, coords: np.ndarray, reference) -> float:
    from rdkit.Chem import rdShapeHelpers

    return 1.0 - rdShapeHelpers.ShapeTanimotoDist(with_coords(mol, coords), reference, ignoreHs=True)


def score_ensemble(q: QueryPoints, ens: Ensemble) -> tuple[Optional[Hit], bool]:
    """The best-scoring conformer (None when none matches) and whether matches were lost to clashes."""
    families = [d.family for d in ens.defs]
    heavy_idx = [a.GetIdx() for a in ens.mol.GetAtoms() if a.GetAtomicNum() > 1]
    fits: list[tuple[int, Alignment]] = []
    for c in range(len(ens.points)):
        al = best_alignment(q.families, q.points, q.radii, families, ens.points[c], q.min_matched)
        if al is not None:
            fits.append((c, al))
    if not fits:
        return None, False
    most = max(len(al.pairs) for _, al in fits)
    fits = sorted((f for f in fits if len(f[1].pairs) == most), key=lambda f: (f[1].rmsd, f[0]))
    conformers = ens.mol.GetConformers()
    best: Optional[Hit] = None
    clashed = False
    for c, al in fits[:SHAPE_CONFORMERS]:
        coords = al.apply(conformers[c].GetPositions())
        if _clashes(q, coords[heavy_idx]):
            clashed = True
            continue
        shape = _shape(ens.mol, coords, q.reference)
        radius = float(np.mean([q.radii[i] for i, _ in al.pairs]))
        fit = max(0.0, 1.0 - al.rmsd / radius)
        score = most / len(q.ids) * (FIT_WEIGHT * fit + (1 - FIT_WEIGHT) * shape)
        if best is None or score > best.score:
            best = Hit(score, al.rmsd, shape, [q.ids[i] for i, _ in sorted(al.pairs)], c, coords)
    return best, clashed and best is None
