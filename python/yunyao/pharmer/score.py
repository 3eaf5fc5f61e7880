"""Scoring one molecule's ensemble against the query: every molecule gets a rank score, and the
ones that meet the hard feature match without clashing pass.

Pass (the query as the user set it): some conformer matches at least ``min_matched`` of the enabled
features (match.best_alignment, all features pooled) and, superposed on them, puts no heavy atom
inside an excluded volume (a receptor atom's sphere).

Rank score, for every molecule (overlap.py): each conformer is placed by its hard match, when it
has one, and by Crippen O3A on each reference; each placement is scored against each reference as
(shape Tanimoto + fraction of that reference's enabled features reproduced) / 2, ROCS's
TanimotoCombo halved (Hawkins, Skillman & Nicholls, J. Med. Chem. 50:74, 2007).  The molecule's
score is its best placement, over conformers, placements and references; a placement that clashes
counts only when every placement of the molecule clashes, and then the molecule is marked
``clash`` and ranked after every molecule that does not (excluded volumes stay a hard constraint).
A partial match thereby ranks by how much of the query it reproduces and how well it fills the
reference's shape, instead of tying with every non-match.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cache import Ensemble
from .match import best_alignment
from .overlap import O3APlacer, Overlay, overlay

# Recorded in summary.json: what the rank score is.
SCORE_RULE = "(shape Tanimoto + enabled features reproduced / enabled) / 2, best over conformers, placements and references"


@dataclass
class QueryPoints:
    """The enabled query features, which reference each belongs to, the excluded volumes and the references."""

    ids: list[str]
    families: list[str]
    points: np.ndarray
    radii: np.ndarray
    owners: list[int]  # reference index of each enabled feature
    excluded: np.ndarray  # m × 3
    excluded_radii: np.ndarray
    references: list  # RDKit molecules, heavy atoms, receptor frame

    @property
    def min_matched(self) -> int:
        """All features, or all but one; never fewer than 3 pairs (2 points leave a free rotation) unless the query has 2."""
        n = len(self.ids)
        return n if n <= 3 else n - 1

    def enabled_of(self, ref: int) -> list[int]:
        return [i for i, o in enumerate(self.owners) if o == ref]


@dataclass
class Scored:
    score: float
    overlay: Overlay
    reference: int
    passed: bool  # some conformer meets the hard match without clashing
    clash: bool  # every placement of the molecule clashes
    clashed_match: bool  # it met the hard match, but only in clashing placements
    coords: np.ndarray  # all atoms of the best placement, receptor frame
    # All atoms of every distinct placement (conformer × hard match or O3A on a reference), best rank
    # score first, clashing or not: the physical rescoring (rescore.py) minimises the first few.
    placements: list[np.ndarray]

    @property
    def matched(self) -> int:
        return len(self.overlay.pairs)


def _clashes(q: QueryPoints, heavy: np.ndarray) -> bool:
    if not len(q.excluded):
        return False
    d = np.linalg.norm(heavy[:, None] - q.excluded[None], axis=2)
    return bool((d < q.excluded_radii[None]).any())


def score_ensemble(q: QueryPoints, ens: Ensemble) -> Scored:
    """The molecule's best placement, its rank score and whether it passes."""
    families = [d.family for d in ens.defs]
    heavy_idx = [a.GetIdx() for a in ens.mol.GetAtoms() if a.GetAtomicNum() > 1]
    scored_refs = [r for r in range(len(q.references)) if q.enabled_of(r)]
    placer = O3APlacer(ens.mol, q.references)
    passed = matched_any = False
    # (combo, conformer index, rotation, translation, overlay, reference, placement index) of every
    # placement scored on every reference.
    candidates = []
    placement = 0
    for c, conf in enumerate(ens.mol.GetConformers()):
        placements = []
        hard = best_alignment(q.families, q.points, q.radii, families, ens.points[c], q.min_matched)
        if hard is not None:
            matched_any = True
            passed |= not _clashes(q, hard.apply(conf.GetPositions()[heavy_idx]))
            placements.append((hard.rotation, hard.translation))
        placements += [placer.transform(conf.GetId(), r) for r in scored_refs]
        for rot, trans in placements:
            placed = placer.placed(conf.GetId(), rot, trans)
            points = ens.points[c] @ rot.T + trans if len(ens.points[c]) else ens.points[c]
            for r in scored_refs:
                ov = overlay(q.families, q.points, q.radii, q.enabled_of(r), q.references[r], placed, families, points)
                candidates.append((ov.combo, c, rot, trans, ov, r, placement))
            placement += 1
    # Best first; the first that does not clash wins (clash tests are the costly part, so lazily).
    candidates.sort(key=lambda k: -k[0])
    conformers = ens.mol.GetConformers()
    chosen, clash = candidates[0], True
    for cand in candidates:
        _combo, c, rot, trans, _ov, _r, _p = cand
        if not _clashes(q, conformers[c].GetPositions()[heavy_idx] @ rot.T + trans):
            chosen, clash = cand, False
            break
    combo, c, rot, trans, ov, r, _p = chosen
    return Scored(
        combo, ov, r, passed, clash, matched_any and not passed, conformers[c].GetPositions() @ rot.T + trans, _distinct(candidates, conformers)
    )


def _distinct(candidates: list, conformers) -> list[np.ndarray]:
    """All atoms of each placement once (a placement is scored on every reference), in the candidates' order."""
    seen: set[int] = set()
    out = []
    for _combo, c, rot, trans, _ov, _r, p in candidates:
        if p not in seen:
            seen.add(p)
            out.append(conformers[c].GetPositions() @ rot.T + trans)
    return out
