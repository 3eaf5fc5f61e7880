"""The build's metrics: the search objective and the held-out test report.

The objective is R² (maximised) for a regression and AUROC for a classification, each the mean over
the five scaffold-grouped folds. R² rather than MAE: it does not depend on the label's unit, so one
number reads the same on every endpoint (the test report gives MAE and RMSE in the label's unit).
"""

from __future__ import annotations

import math

import numpy as np

OBJECTIVE = {"regression": "R2", "classification": "AUROC"}


def objective(mode: str, y: np.ndarray, pred: np.ndarray) -> float:
    from sklearn.metrics import r2_score, roc_auc_score

    if mode == "classification":
        return float(roc_auc_score(y, pred)) if len(np.unique(y)) == 2 else float("nan")
    return float(r2_score(y, pred)) if len(y) > 1 else float("nan")


def finite(v: float, digits: int = 4):
    return round(float(v), digits) if v is not None and math.isfinite(v) else None


def report(mode: str, y: np.ndarray, pred: np.ndarray, prob: np.ndarray | None = None) -> dict:
    """Regression: R², RMSE, MAE, Pearson, Spearman; classification (``prob`` calibrated): AUROC, AUPRC,
    accuracy, MCC (at 0.5) and Brier."""
    from scipy.stats import pearsonr, spearmanr
    from sklearn import metrics as M

    if mode == "regression":
        r2 = M.r2_score(y, pred) if len(y) > 1 else float("nan")
        const = len(y) < 2 or np.ptp(y) == 0 or np.ptp(pred) == 0
        return {
            "R2": finite(r2),
            "RMSE": finite(math.sqrt(M.mean_squared_error(y, pred))),
            "MAE": finite(M.mean_absolute_error(y, pred)),
            "Pearson": None if const else finite(pearsonr(y, pred)[0]),
            "Spearman": None if const else finite(spearmanr(y, pred).correlation),
        }
    p = pred if prob is None else prob
    two = len(np.unique(y)) == 2
    hard = (p >= 0.5).astype(int)
    return {
        "AUROC": finite(M.roc_auc_score(y, p)) if two else None,
        "AUPRC": finite(M.average_precision_score(y, p)) if two else None,
        "accuracy": finite(M.accuracy_score(y.astype(int), hard)),
        "MCC": finite(M.matthews_corrcoef(y.astype(int), hard)),
        "Brier": finite(float(np.mean((p - y) ** 2))),
    }
