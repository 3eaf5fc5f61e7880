"""Enrichment metrics (RDKit's rdkit.ML.Scoring) and their random expectations.

Molecules the screen does not list (no match) share the lowest score; ties are broken by a
seeded shuffle, so EF of a screen that finds few actives is what a random pick among the
non-hits would give, not a best or worst case.
"""

from __future__ import annotations

import math
import random

from rdkit.ML.Scoring import Scoring

ALPHA = 80.5


def ranked(scores: dict[str, float], labels: dict[str, int], seed: int = 7) -> list[tuple[float, int]]:
    ids = sorted(labels)
    random.Random(seed).shuffle(ids)
    ids.sort(key=lambda i: -scores.get(i, float("-inf")))
    return [(scores.get(i, float("-inf")), labels[i]) for i in ids]


def enrichment(scores: dict[str, float], labels: dict[str, int]) -> dict[str, float]:
    rows = ranked(scores, labels)
    ef1, ef5 = Scoring.CalcEnrichment(rows, 1, [0.01, 0.05])
    return {
        "EF1%": round(ef1, 2),
        "EF5%": round(ef5, 2),
        "AUROC": round(Scoring.CalcAUC(rows, 1), 3),
        "BEDROC": round(Scoring.CalcBEDROC(rows, 1, ALPHA), 3),
        "actives": sum(labels.values()),
        "decoys": len(labels) - sum(labels.values()),
        "activesListed": sum(1 for i, l in labels.items() if l and i in scores),
        "decoysListed": sum(1 for i, l in labels.items() if not l and i in scores),
    }


def random_expectation(actives: int, total: int) -> dict[str, float]:
    """EF 1, AUROC 0.5 and BEDROC of a random ranking (RIE = 1; Truchon & Bayly, 2007)."""
    ra, a = actives / total, ALPHA
    rie_min = (1 - math.exp(a * ra)) / (ra * (1 - math.exp(a)))
    rie_max = (1 - math.exp(-a * ra)) / (ra * (1 - math.exp(-a)))
    return {"EF1%": 1.0, "EF5%": 1.0, "AUROC": 0.5, "BEDROC": round((1 - rie_min) / (rie_max - rie_min), 3)}
