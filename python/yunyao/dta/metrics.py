"""The DTA literature's two figures: concordance index and mean squared error."""

from __future__ import annotations

import numpy as np


def concordance_index(truth: np.ndarray, predicted: np.ndarray) -> float:
    """Fraction of pairs with different true values that the prediction orders the same way (ties in the
    prediction count one half), as DeepDTA computes it. Sorted by truth, so memory stays O(n) per row."""
    order = np.argsort(truth, kind="mergesort")
    y, p = truth[order], predicted[order]
    concordant = 0.0
    pairs = 0
    for i in range(1, len(y)):
        lower = y[:i] < y[i]
        count = int(lower.sum())
        if count == 0:
            continue
        diff = p[i] - p[:i][lower]
        concordant += float((diff > 0).sum()) + 0.5 * float((diff == 0).sum())
        pairs += count
    return concordant / pairs if pairs else float("nan")


def mean_squared_error(truth: np.ndarray, predicted: np.ndarray) -> float:
    return float(np.mean((truth - predicted) ** 2))
