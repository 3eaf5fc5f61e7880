"""The shipped affinity model: gradient-boosted trees on the contact shells (``features``), a conformal
prediction interval, and an applicability domain that looks at the ligand and at its contacts with the pocket."""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import dataclass
from typing import Optional

import numpy as np
from rdkit import Chem

from .features import INPUT_NAMES, LIGAND_ELEMENTS, model_inputs

MODELS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
META_FILE = "sign.json"
# xgboost's own UBJSON, gzipped (13 MB -> 4.4 MB for 1,500 trees of depth 8; xgboost reads it back from memory).
BOOSTER_FILE = "sign-xgboost.ubj.gz"
DOMAIN_FILE = "sign-domain.npz"
# Neighbours whose mean distance places a complex in or out of the training data's domain.
DOMAIN_NEIGHBOURS = 5
# Elements the contact counts see (hydrogens are dropped): any other heavy atom is invisible to the model.
SEEN_ELEMENTS = frozenset(LIGAND_ELEMENTS)


def contact_space(features: np.ndarray, mean: np.ndarray, scale: np.ndarray, components: np.ndarray) -> np.ndarray:
    """Counts -> log scale (a shell of 2,000 pairs is not 100 times one of 20), standardised, projected on the
    training data's principal components, where the domain's distances are measured."""
    return ((np.log1p(features) - mean) / scale) @ components


def knn_distance(points: np.ndarray, reference: np.ndarray, skip_self: bool = False, chunk: int = 1000) -> np.ndarray:
    """Mean distance of each point to its DOMAIN_NEIGHBOURS nearest reference points, in chunks (9,299 x 9,299 at once is 700 MB)."""
    start = 1 if skip_self else 0
    out = []
    for i in range(0, len(points), chunk):
        dist = np.sqrt(((points[i : i + chunk, None, :] - reference[None, :, :]) ** 2).sum(axis=2))
        dist.sort(axis=1)
        out.append(dist[:, start : start + DOMAIN_NEIGHBOURS].mean(axis=1))
    return np.concatenate(out) if out else np.zeros(0)


@dataclass
class SignModel:
    meta: dict
    booster: object
    mean: np.ndarray
    scale: np.ndarray
    components: np.ndarray
    reference: np.ndarray

    def predict(self, features: np.ndarray) -> np.ndarray:
        """pK of rows of FEATURE_NAMES (the contact counts)."""
        import xgboost

        return self.booster.predict(xgboost.DMatrix(model_inputs(features), feature_names=list(INPUT_NAMES)))

    def interval(self, pk: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The conformal interval: the training command's cross-validated residual quantile either side."""
        half = self.meta["interval"]["half_width"]
        return pk - half, pk + half

    def contacts_in_domain(self, features: np.ndarray) -> np.ndarray:
        distance = knn_distance(contact_space(features, self.mean, self.scale, self.components), self.reference)
        return distance <= self.meta["domain"]["contact_threshold"]

    def domain_note(self, features: np.ndarray, ligand: Chem.Mol) -> Optional[str]:
        """None when the complex is inside the training data's domain, else why not (Chinese, shown in the row)."""
        unseen = sorted({a.GetSymbol() for a in ligand.GetAtoms() if a.GetAtomicNum() > 1} - SEEN_ELEMENTS)
        if unseen:
            return f"配体含模型看不到的元素（{'、'.join(unseen)}），预测忽略了这些原子"
        low, high = self.meta["domain"]["ligand_heavy_atoms"]
        heavy = ligand.GetNumHeavyAtoms()
        if not low <= heavy <= high:
            return f"配体有 {heavy} 个重原子，超出训练配体的范围（{low}–{high}）"
        if not self.contacts_in_domain(features[None, :])[0]:
            return "配体与口袋的接触方式不同于任何训练复合物（构象或口袋不典型）"
        return None


def load(directory: str = MODELS_DIR) -> SignModel:
    import xgboost

    with open(os.path.join(directory, META_FILE), encoding="utf-8") as fh:
        meta = json.load(fh)
    booster = xgboost.Booster()
    with open(os.path.join(directory, BOOSTER_FILE), "rb") as fh:
        booster.load_model(bytearray(gzip.decompress(fh.read())))
    domain = np.load(os.path.join(directory, DOMAIN_FILE))
    return SignModel(meta, booster, domain["mean"], domain["scale"], domain["components"], domain["reference"].astype(float))
