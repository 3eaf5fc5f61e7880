"""The shipped affinity model: Vina's score mapped linearly to pK, plus (when cross-validation showed it
helps) a shallow gradient-boosted correction on the complex's features, and a nearest-neighbour
applicability domain over the training complexes."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .features import FEATURE_NAMES

MODELS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
META_FILE = "sign.json"
BOOSTER_FILE = "sign-correction.json"
DOMAIN_FILE = "sign-domain.npz"
# Neighbours whose mean distance places a complex in or out of the training data's domain.
DOMAIN_NEIGHBOURS = 5
VINA = FEATURE_NAMES.index("vina_total")


def vina_pk(features: np.ndarray, slope: float, intercept: float) -> np.ndarray:
    return intercept + slope * features[:, VINA]


def knn_distance(standardised: np.ndarray, reference: np.ndarray, skip_self: bool = False) -> np.ndarray:
    dist = np.linalg.norm(standardised[:, None, :] - reference[None, :, :], axis=2)
    dist.sort(axis=1)
    start = 1 if skip_self else 0
    return dist[:, start : start + DOMAIN_NEIGHBOURS].mean(axis=1)


@dataclass
class SignModel:
    meta: dict
    booster: Optional[object]
    mean: np.ndarray
    scale: np.ndarray
    reference: np.ndarray

    def predict(self, features: np.ndarray) -> np.ndarray:
        pk = vina_pk(features, self.meta["vina_slope"], self.meta["vina_intercept"])
        if self.booster is not None:
            import xgboost

            pk = pk + self.booster.predict(xgboost.DMatrix(features, feature_names=list(FEATURE_NAMES)))
        return pk

    def in_domain(self, features: np.ndarray) -> np.ndarray:
        distance = knn_distance((features - self.mean) / self.scale, self.reference)
        return distance <= self.meta["domain_threshold"]


def load(directory: str = MODELS_DIR) -> SignModel:
    with open(os.path.join(directory, META_FILE), encoding="utf-8") as fh:
        meta = json.load(fh)
    booster = None
    if meta["correction"] == "xgboost":
        import xgboost

        booster = xgboost.Booster()
        booster.load_model(os.path.join(directory, BOOSTER_FILE))
    domain = np.load(os.path.join(directory, DOMAIN_FILE))
    return SignModel(meta, booster, domain["mean"], domain["scale"], domain["reference"])
