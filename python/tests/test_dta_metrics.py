"""The concordance index of yunyao.graph_dta.metrics against its definition, pair by pair."""

from __future__ import annotations

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from yunyao.graph_dta.metrics import concordance_index, mean_squared_error  # noqa: E402


def naive_ci(truth: list[float], predicted: list[float]) -> float:
    score, pairs = 0.0, 0
    for i in range(len(truth)):
        for j in range(len(truth)):
            if truth[i] > truth[j]:
                pairs += 1
                score += 1.0 if predicted[i] > predicted[j] else 0.5 if predicted[i] == predicted[j] else 0.0
    return score / pairs


class MetricsTest(unittest.TestCase):
    def test_ci_matches_the_definition_with_ties_and_chunks(self) -> None:
        rng = np.random.default_rng(3)
        truth = np.round(rng.normal(6, 1, 57), 1).astype(np.float32)  # rounded: ties in truth
        predicted = np.round(truth + rng.normal(0, 0.8, 57), 1).astype(np.float32)  # and in predictions
        self.assertAlmostEqual(concordance_index(truth, predicted, chunk=10), naive_ci(truth.tolist(), predicted.tolist()), places=9)

    def test_perfect_and_reversed_order(self) -> None:
        truth = np.array([5.0, 6.0, 7.0, 8.0])
        self.assertEqual(concordance_index(truth, truth * 2), 1.0)
        self.assertEqual(concordance_index(truth, -truth), 0.0)
        self.assertAlmostEqual(mean_squared_error(truth, truth + 0.5), 0.25)


if __name__ == "__main__":
    unittest.main()
