"""3D affinity (sign): the shipped model loads with its provenance, and its applicability domain tells a
typical training complex from one far outside the training data.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_model
"""

from __future__ import annotations

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

from yunyao.affinity.features import FEATURE_NAMES  # noqa: E402
from yunyao.affinity.model import load  # noqa: E402


class ShippedModel(unittest.TestCase):
    def test_provenance_and_validation_travel_with_the_model(self) -> None:
        meta = load().meta
        self.assertRegex(meta["version"], r"^\d+\.\d+\.\d+$")
        self.assertRegex(meta["data_sha256"], "^[0-9a-f]{64}$")
        self.assertEqual(meta["features"], list(FEATURE_NAMES))
        for figures in (meta["validation"]["cross_validation"], meta["evaluation"]["vina"]["cross_validation"]):
            self.assertGreater(figures["n"], 100)
            self.assertGreater(figures["pearson"], 0.3)  # the training command's own check found a real signal

    def test_domain_flags_an_outlier(self) -> None:
        model = load()
        # The training complexes' nearest-neighbour reference, mapped back to feature space.
        training = model.reference * model.scale + model.mean
        self.assertGreater(model.in_domain(training).mean(), 0.9)
        outlier = training[:1] + 30 * model.scale
        self.assertFalse(model.in_domain(outlier)[0])

    def test_kd_direction(self) -> None:
        model = load()
        training = model.reference * model.scale + model.mean
        # A pose Vina scores 6 kcal/mol better is predicted to bind tighter (the calibration dominates the correction).
        better = training.copy()
        better[:, FEATURE_NAMES.index("vina_total")] -= 6
        self.assertGreater((model.predict(better) > model.predict(training)).mean(), 0.9)


if __name__ == "__main__":
    unittest.main()
