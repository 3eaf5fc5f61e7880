"""Prediction intervals (regression) and probability calibration (classification) of a built model.

Regression: split conformal at ``LEVEL`` (90 %). The nonconformity of a molecule is its absolute
out-of-sample residual, divided by the predictive standard deviation for the Gaussian process (so its
own std shapes the interval and conformal scaling makes the coverage hold). The half-width is the
``ceil((n+1)·level)``-th smallest nonconformity times 1 (or times the molecule's std).

* CV coverage: each development fold's interval from the other four folds' out-of-fold residuals;
* test coverage: the interval from all development out-of-fold residuals, on the held-out test;
* the production model's interval: from every out-of-sample residual there is (development
  out-of-fold plus held-out test by the development model), since it is fitted on all rows.

Classification: the raw scores are calibrated with Platt scaling or isotonic regression, chosen and
fitted on the development out-of-fold scores (``admet.calibration``: the ADMET models' calibrator);
the production calibrator is refitted on the development out-of-fold and test scores. On the
calibrated probabilities, class-conditional (Mondrian) split conformal gives each molecule a 90 %
prediction set: the nonconformity of a molecule of class c is 1 − p(c), each class has its own
threshold from its own molecules (so the coverage holds for the rare class too), and a class enters
a molecule's set when 1 − p(c) is within its class's threshold. A set of both classes says the model
cannot tell at that level; an empty one, that the molecule looks like neither class's training molecules.
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

import numpy as np

from ..admet import calibration as cal

LEVEL = 0.9


def quantile(nonconformity: np.ndarray, level: float = LEVEL) -> float:
    s = np.sort(np.asarray(nonconformity, dtype=np.float64))
    k = math.ceil((len(s) + 1) * level)
    return float(s[min(k, len(s)) - 1]) if len(s) else float("inf")


def nonconformity(y: np.ndarray, pred: np.ndarray, std: Optional[np.ndarray]) -> np.ndarray:
    r = np.abs(y - pred)
    return r / np.maximum(std, 1e-9) if std is not None else r


def bounds(pred: np.ndarray, q: float, std: Optional[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    half = q * std if std is not None else np.full(len(pred), q)
    return pred - half, pred + half


def covered(y, pred, q, std) -> np.ndarray:
    lo, hi = bounds(pred, q, std)
    return (y >= lo) & (y <= hi)


def cv_coverage(y: np.ndarray, oof: np.ndarray, std: Optional[np.ndarray], folds) -> float:
    nc = nonconformity(y, oof, std)
    hits = np.zeros(len(y), dtype=bool)
    for tr, va in folds:
        q = quantile(nc[tr])
        hits[va] = covered(y[va], oof[va], q, None if std is None else std[va])
    return float(hits.mean())


def calibrate(scores: np.ndarray, y: np.ndarray) -> tuple[dict, dict]:
    """(calibrator, the Brier of Platt and isotonic in its choosing CV)."""
    method, choice = cal.choose_method(scores, y)
    return cal.fit(method, scores, y), choice


def apply(calibrator: dict, scores: np.ndarray) -> np.ndarray:
    return cal.apply(calibrator, scores)


def calibration_curve(p: np.ndarray, y: np.ndarray, bins: int = 10) -> list[dict]:
    which = np.minimum((p * bins).astype(int), bins - 1)
    out = []
    for b in range(bins):
        sel = which == b
        if sel.any():
            out.append({"predicted": round(float(p[sel].mean()), 4), "observed": round(float(y[sel].mean()), 4), "n": int(sel.sum())})
    return out


# ---------------------------------------------------------------- classification prediction sets

def class_nonconformity(prob1: np.ndarray, y: np.ndarray) -> np.ndarray:
    """1 − the calibrated probability of the molecule's own class (y is 0/1)."""
    return np.where(np.asarray(y) == 1, 1.0 - prob1, prob1)


def class_quantiles(prob1: np.ndarray, y: np.ndarray, level: float = LEVEL) -> list[float]:
    """Each class's threshold, from the nonconformities of its own molecules."""
    nc = class_nonconformity(prob1, y)
    y = np.asarray(y)
    return [quantile(nc[y == c], level) for c in (0, 1)]


def prediction_sets(prob1: np.ndarray, q: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Whether class 0 and whether class 1 is in each molecule's set."""
    return prob1 <= q[0], 1.0 - prob1 <= q[1]


def set_covered(y: np.ndarray, prob1: np.ndarray, q: Sequence[float]) -> np.ndarray:
    has0, has1 = prediction_sets(prob1, q)
    return np.where(np.asarray(y) == 1, has1, has0)


def set_cv_coverage(y: np.ndarray, prob1: np.ndarray, folds) -> float:
    """Each development fold's sets from the thresholds of the other four folds' molecules."""
    hits = np.zeros(len(y), dtype=bool)
    for tr, va in folds:
        hits[va] = set_covered(y[va], prob1[va], class_quantiles(prob1[tr], y[tr]))
    return float(hits.mean())


def set_sizes(prob1: np.ndarray, q: Sequence[float]) -> dict:
    """The share of molecules whose set holds no class, one, or both: how decisive the sets are."""
    has0, has1 = prediction_sets(prob1, q)
    n = has0.astype(int) + has1.astype(int)
    total = max(len(n), 1)
    return {"empty": round(float((n == 0).sum()) / total, 4), "single": round(float((n == 1).sum()) / total, 4), "both": round(float((n == 2).sum()) / total, 4)}
