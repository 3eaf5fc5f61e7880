"""Probability calibration of the ADMET classifiers: fitting, applying and scoring.

A calibrator maps a booster's raw probability to a calibrated one. Two kinds, stored as small
JSON objects (``models/calibration.json``, one per classifier) so the predictor needs no pickle:

* ``{"method": "platt", "a": .., "b": ..}``: p' = sigmoid(a * logit(p) + b) (Platt scaling);
* ``{"method": "isotonic", "x": [..], "y": [..]}``: a monotone step curve, applied by linear
  interpolation between its knots exactly as scikit-learn's ``IsotonicRegression`` predicts.

Calibrated probabilities are kept inside [PROB_FLOOR, 1 - PROB_FLOOR]: an isotonic curve reaches
0 or 1 on its end plateaus, and no model here is certain.
"""

from __future__ import annotations

import numpy as np

CALIBRATION_FILE = "calibration.json"
PROB_FLOOR = 0.01
# Isotonic regression overfits a handful of positives (or negatives); below this Platt is used.
MIN_CLASS_FOR_ISOTONIC = 100
ECE_BINS = 10
_EPS = 1e-6


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, _EPS, 1 - _EPS)
    return np.log(p / (1 - p))


def apply(calibrator: dict, p: np.ndarray) -> np.ndarray:
    p = np.asarray(p, dtype=np.float64)
    if calibrator["method"] == "platt":
        from scipy.special import expit

        out = expit(calibrator["a"] * _logit(p) + calibrator["b"])
    else:
        out = np.interp(p, calibrator["x"], calibrator["y"])
    return np.clip(out, PROB_FLOOR, 1 - PROB_FLOOR)


def fit(method: str, p: np.ndarray, y: np.ndarray) -> dict:
    if method == "platt":
        from sklearn.linear_model import LogisticRegression

        lr = LogisticRegression(C=1e4).fit(_logit(p)[:, None], y.astype(int))
        return {"method": "platt", "a": round(float(lr.coef_[0, 0]), 5), "b": round(float(lr.intercept_[0]), 5)}
    from sklearn.isotonic import IsotonicRegression

    iso = IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip").fit(p, y)
    return {"method": "isotonic", "x": [round(float(v), 5) for v in iso.X_thresholds_], "y": [round(float(v), 5) for v in iso.y_thresholds_]}


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((np.asarray(p) - y) ** 2))


def expected_calibration_error(p: np.ndarray, y: np.ndarray, bins: int = ECE_BINS) -> float:
    """Weighted mean |mean prediction - observed rate| over equal-width probability bins."""
    p = np.asarray(p)
    which = np.minimum((p * bins).astype(int), bins - 1)
    total = 0.0
    for b in range(bins):
        sel = which == b
        if sel.any():
            total += sel.sum() * abs(p[sel].mean() - y[sel].mean())
    return float(total / max(len(p), 1))


def choose_method(p: np.ndarray, y: np.ndarray, folds: int = 5, seed: int = 0) -> tuple[str, dict[str, float]]:
    """Platt or isotonic, by the Brier score of each fitted on 4/5 of the out-of-fold predictions and
    scored on the rest (fitting and scoring on the same points would always favour isotonic).
    Platt whenever either class has fewer than MIN_CLASS_FOR_ISOTONIC molecules."""
    from sklearn.model_selection import StratifiedKFold

    scores = {"platt": [], "isotonic": []}
    for tr, va in StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed).split(p[:, None], y.astype(int)):
        for method in scores:
            scores[method].append(brier(apply(fit(method, p[tr], y[tr]), p[va]), y[va]))
    cv = {m: round(float(np.mean(s)), 5) for m, s in scores.items()}
    smaller_class = int(min(y.sum(), len(y) - y.sum()))
    if smaller_class < MIN_CLASS_FOR_ISOTONIC:
        return "platt", cv
    return ("isotonic" if cv["isotonic"] < cv["platt"] else "platt"), cv
