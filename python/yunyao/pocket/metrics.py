"""P2Rank's DCA success rates: a ligand counts as found when one of the structure's top-n (or
top-(n+2)) pockets hits it, n being the structure's number of relevant ligands; per ligand."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .data import Structure


@dataclass
class Success:
    ligands: int = 0
    top_n: int = 0
    top_n2: int = 0

    def add(self, other: "Success") -> None:
        self.ligands += other.ligands
        self.top_n += other.top_n
        self.top_n2 += other.top_n2

    def percent(self) -> tuple[float, float]:
        return (100.0 * self.top_n / self.ligands, 100.0 * self.top_n2 / self.ligands) if self.ligands else (float("nan"), float("nan"))


def ranking(scores: np.ndarray, geometric: np.ndarray) -> np.ndarray:
    """Pocket indices best first; ties broken by the geometric score, as the detector does."""
    return np.lexsort((-geometric, -scores))


def success(structure: Structure, scores: np.ndarray) -> Success:
    order = ranking(scores, structure.geometric)
    n = structure.ligands
    found_n = {lig for i in order[:n] for lig in structure.hits[i]}
    found_n2 = {lig for i in order[: n + 2] for lig in structure.hits[i]}
    return Success(n, len(found_n), len(found_n2))


def success_over(structures: list[Structure], scores: list[np.ndarray]) -> Success:
    total = Success()
    for s, sc in zip(structures, scores):
        total.add(success(s, sc))
    return total
