"""admet/validate.py: the figure the ADMET page shows, on a tiny made-up endpoint whose label follows
one feature, so a fit that learns scores well on the rare-scaffold side and a broken one does not."""

import unittest

import numpy as np

from yunyao.admet.endpoints import BY_NAME
from yunyao.admet.train import GRID, TrainingData
from yunyao.admet.validate import SPLIT_NAME, validate_endpoint


def tiny(classification: bool) -> TrainingData:
    rng = np.random.RandomState(0)
    n = 200
    smiles = [f"C{'C' * i}" for i in range(n)]
    X = rng.rand(n, 8).astype(np.float32)
    y = (X[:, 0] > 0.5).astype(float) if classification else 3.0 * X[:, 0]
    # 60 molecules share one scaffold (always trained on); the others have a scaffold each (rare)
    scaffolds = ["c1ccccc1" if i < 60 else f"scaffold-{i}" for i in range(n)]
    name = "hERG" if classification else "Lipophilicity_AstraZeneca"
    return TrainingData({name: (smiles, y, 0, n)}, X, X > 0.5, {s: i for i, s in enumerate(smiles)}, dict(zip(smiles, scaffolds)), smiles)


class ValidateEndpointTest(unittest.TestCase):
    def test_classifier_scores_five_seeds_of_the_tdc_split(self):
        v = validate_endpoint(BY_NAME["hERG"], GRID[0], tiny(True))
        self.assertEqual(v["split"], SPLIT_NAME)
        self.assertEqual(len(v["scores"]), 5)
        self.assertGreater(v["mean"], 0.9)  # AUROC of a label that one feature decides
        self.assertAlmostEqual(v["mean"], float(np.mean(v["scores"])), places=3)

    def test_regression_scores_in_the_label_units(self):
        v = validate_endpoint(BY_NAME["Lipophilicity_AstraZeneca"], GRID[0], tiny(False))
        self.assertEqual(len(v["scores"]), 5)
        self.assertLess(v["mean"], 0.4)  # MAE on a label spread over 0-3
        self.assertGreater(v["sd"], 0)


if __name__ == "__main__":
    unittest.main()
