"""The DTA benchmark metrics: concordance index (CI) and mean squared error."""

from __future__ import annotations

import numpy as np


def mean_squared_error(truth: np.ndarray, predicted: np.ndarray) -> float:
    return float(np.mean((truth - predicted) ** 2))


def concordance_index(truth: np.ndarray, predicted: np.ndarray, chunk: int = 2000) -> float:
    """Share of pairs with truth_i > truth_j that the prediction orders the same way (ties count 1/2),
    as DeepDTA computes it; chunked so KIBA's 20k validation pairs fit in memory."""
    concordant = 0.0
    comparable = 0
    for start in range(0, len(truth), chunk):
        t = truth[start : start + chunk, None]
        p = predicted[start : start + chunk, None]
        ordered = t > truth[None, :]
        diff = p - predicted[None, :]
        concordant += float(np.sum(ordered & (diff > 0)) + 0.5 * np.sum(ordered & (diff == 0)))
        comparable += int(np.sum(ordered))
    return concordant / comparable if comparable else float("nan")
