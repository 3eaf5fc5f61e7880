"""Load the trained ADMET models once and predict for batches of molecules.

    from yunyao.admet.predictor import Predictor
    p = Predictor()                    # loads models/ next to this file
    rows = p.predict_smiles(["CCO", "c1ccccc1O"])

Artefacts (all in ``models/``): ``manifest.json``; one xgboost ``.ubj`` booster per
endpoint (``Booster.load_model``, no pickle); ``ad_fingerprints.npz`` (training
fingerprints as CSR on-bit indices + per-endpoint membership bit mask; loaded with
``allow_pickle=False``); ``calibration.json`` (every classifier's calibrator, applied to each
probability); ``approved_reference.json`` (approved-drug quantiles for the percentiles).
"""

from __future__ import annotations

import json
import math
import os
from typing import Iterable, Optional

import numpy as np
from rdkit import Chem

from ..common import smiles_length_problem
from . import calibration
from . import features as F
from .medchem import MEDCHEM_KEYS, medchem_profile
from .reference import load_reference, percentile
from .verdicts import verdict

MODEL_DIR = os.environ.get("YUNYAO_ADMET_MODELS") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")


SOLUBILITY = "Solubility_AqSolDB"
SOLUBLE_PROBABILITY = "soluble_probability"
SOLUBLE_LOG_S = -4.0


class ModelsMissing(RuntimeError):
    pass


def parse_row_smiles(smiles: str) -> "tuple[Optional[Chem.Mol], str]":
    """A row's molecule, or None and why there is none (the row's error)."""
    too_long = smiles_length_problem(smiles)
    if too_long:
        return None, too_long
    mol = F.parse_smiles(smiles)
    if mol is None:
        return None, f"无法解析 SMILES：{smiles[:200]}" if smiles and smiles.strip() else "SMILES 为空"
    return mol, ""


class Predictor:
    def __init__(self, model_dir: str = MODEL_DIR, with_ad: bool = True, with_reference: bool = True) -> None:
        import xgboost as xgb

        mpath = os.path.join(model_dir, "manifest.json")
        if not os.path.isfile(mpath):
            raise ModelsMissing(f"ADMET model manifest not found: {mpath}")
        with open(mpath, encoding="utf-8") as fh:
            self.manifest = json.load(fh)
        if self.manifest["features"]["n_features"] != F.N_FEATURES:
            raise ModelsMissing("ADMET models were trained with a different feature set; retrain them")
        self.endpoints: list[dict] = self.manifest["endpoints"]
        self.names = [e["name"] for e in self.endpoints]
        self.boosters = []
        for e in self.endpoints:
            b = xgb.Booster()
            b.load_model(os.path.join(model_dir, e["file"]))
            b.set_param({"nthread": 1})
            self.boosters.append(b)
        self.calibrators = _load_calibrators(model_dir, self.endpoints)
        self.reference = load_reference(model_dir) if with_reference else None
        self.thresholds = np.array([float(e.get("ad_threshold", 0.0)) for e in self.endpoints])
        self.solubility = next((j for j, e in enumerate(self.endpoints) if e["name"] == SOLUBILITY), None)
        # Held-out errors of a regression are near normal, for which MAE = sigma * sqrt(2/pi).
        self.solubility_sigma = float(self.endpoints[self.solubility]["heldout_metric"]) * math.sqrt(math.pi / 2) if self.solubility is not None else None
        self.ad = _ADIndex(os.path.join(model_dir, "ad_fingerprints.npz"), self.names) if with_ad else None

    # ------------------------------------------------------------------
    def predict_matrix(self, X: np.ndarray) -> np.ndarray:
        """Predictions (n, n_endpoints) in the datasets' units / calibrated probabilities."""
        import xgboost as xgb

        out = np.zeros((len(X), len(self.endpoints)), dtype=np.float64)
        if len(X) == 0:
            return out
        dm = xgb.DMatrix(X, nthread=1)
        for j, (e, b) in enumerate(zip(self.endpoints, self.boosters)):
            p = b.predict(dm).astype(np.float64)  # binary:logistic already gives P(class 1)
            if e["name"] in self.calibrators:
                p = calibration.apply(self.calibrators[e["name"]], p)
            if e.get("transform") == "log10":
                p = np.maximum(10.0 ** p - float(e.get("offset", 0.0)), 0.0)
            out[:, j] = p
        return out

    def soluble_probability(self, log_s: float) -> float:
        """P(logS >= -4), AqSolDB's "soluble" classes, from the prediction and the model's held-out error.

        The filter dialog's 0-1 solubility slider reads this, since the model predicts logS itself.
        """
        z = (float(log_s) - SOLUBLE_LOG_S) / self.solubility_sigma
        return round(0.5 * (1.0 + math.erf(z / math.sqrt(2.0))), 3)

    def percentiles(self, values: np.ndarray) -> dict[str, int]:
        """Each prediction's percentile among the approved drugs (see reference.py)."""
        return {n: percentile(self.reference[n], float(values[j])) for j, n in enumerate(self.names) if n in self.reference}

    def similarity(self, B: np.ndarray) -> np.ndarray:
        """Nearest-neighbour Tanimoto (n, n_endpoints); zeros when AD is disabled."""
        if self.ad is None:
            return np.zeros((len(B), len(self.endpoints)))
        return self.ad.nn_similarity(B)

    # ------------------------------------------------------------------
    def rows_for(self, items: list[tuple[str, str]], chunk: int = 512) -> list[dict]:
        """items: (name, smiles) in input order -> one row dict per item (see __main__)."""
        rows: list[dict] = []
        for start in range(0, len(items), chunk):
            rows.extend(self._rows_chunk(items[start : start + chunk], start))
        return rows

    def _rows_chunk(self, items: list[tuple[str, str]], offset: int) -> list[dict]:
        feats, bits, phys, ok = [], [], [], []
        errors: dict[int, str] = {}
        for i, (_, smi) in enumerate(items):
            mol, problem = parse_row_smiles(smi)
            if mol is None:
                errors[i] = problem
                continue
            try:
                x, b, pc = F.featurise_with_physchem(mol)
                # The alerts and rules too: a molecule they break is its own error row, not the batch's end.
                profile = {**pc, **medchem_profile(mol)}
            except Exception as exc:  # noqa: BLE001
                errors[i] = f"无法计算分子特征：{exc}"
                continue
            feats.append(x)
            bits.append(b)
            phys.append(profile)
            ok.append(i)
        X = np.stack(feats) if feats else np.zeros((0, F.N_FEATURES), np.float32)
        Bm = np.stack(bits) if bits else np.zeros((0, F.FP_SIZE), bool)
        P = self.predict_matrix(X)
        S = self.similarity(Bm)
        where = {i: k for k, i in enumerate(ok)}
        rows = []
        for i, (name, smi) in enumerate(items):
            # ID and SMILES: the spec's task output row; name and Smiles: its ADMET molecule data (what the detail and filter read).
            row: dict = {"index": offset + i + 1, "ID": name, "SMILES": smi, "name": name, "Smiles": smi}
            if i in errors:
                row.update({k: None for k in [*F.PHYSCHEM_KEYS, *MEDCHEM_KEYS]})
                row.update({n: None for n in self.names})
                row["verdicts"] = None
                row["percentiles"] = None
                row[SOLUBLE_PROBABILITY] = None
                row["ad_similarity"] = None
                row["out_of_domain"] = None
                row["error"] = errors[i]
            else:
                k = where[i]
                row.update(phys[k])
                for j, e in enumerate(self.endpoints):
                    row[e["name"]] = _round(P[k, j], e["task"])
                row["verdicts"] = {n: verdict(n, P[k, j], phys[k]["molecular_weight"]) for j, n in enumerate(self.names)}
                row["percentiles"] = self.percentiles(P[k]) if self.reference is not None else None
                row[SOLUBLE_PROBABILITY] = self.soluble_probability(P[k, self.solubility]) if self.solubility is not None else None
                if self.ad is not None:
                    row["ad_similarity"] = {n: round(float(S[k, j]), 2) for j, n in enumerate(self.names)}
                    row["out_of_domain"] = [n for j, n in enumerate(self.names) if S[k, j] < self.thresholds[j]]
                else:
                    row["ad_similarity"] = None
                    row["out_of_domain"] = None
                row["error"] = None
            rows.append(row)
        return rows


def _load_calibrators(model_dir: str, endpoints: list[dict]) -> dict[str, dict]:
    """Every classifier's calibrator: a shown probability is always a calibrated one."""
    path = os.path.join(model_dir, calibration.CALIBRATION_FILE)
    if not os.path.isfile(path):
        raise ModelsMissing(f"ADMET calibration file not found: {path}")
    with open(path, encoding="utf-8") as fh:
        calibrators = json.load(fh)["calibrators"]
    missing = [e["name"] for e in endpoints if e["task"] == "binary" and e["name"] not in calibrators]
    if missing:
        raise ModelsMissing(f"ADMET classifiers without a calibrator: {', '.join(missing)}; run train.py --calibrate-only")
    return calibrators


def _round(v: float, task: str) -> Optional[float]:
    if v is None or not math.isfinite(v):
        return None
    if task == "binary":
        return round(float(v), 3)
    a = abs(v)
    if a >= 100:
        return round(float(v), 1)
    if a >= 1:
        return round(float(v), 2)
    return float(f"{v:.3g}")


class _ADIndex:
    """Nearest-neighbour Tanimoto search over the stored training fingerprints.

    The training set is held as a CSC-like posting list (bit -> molecules). For a batch
    of queries the intersection counts come from one sparse x sparse product; the
    per-endpoint maximum is taken over the endpoint's members only.
    """

    def __init__(self, path: str, names: list[str]) -> None:
        import scipy.sparse as sp

        z = np.load(path, allow_pickle=False)
        indptr, indices = z["indptr"], z["indices"].astype(np.int32)
        n = int(z["n_molecules"])
        stored = [str(s) for s in z["endpoints"]]
        member = np.unpackbits(z["membership"], axis=1, count=n).astype(bool)
        data = np.ones(len(indices), dtype=np.float32)
        # (2048 x n): rows = bits, so query (q x 2048) @ T gives (q x n) intersections
        self.T = sp.csr_matrix((data, indices, indptr), shape=(n, F.FP_SIZE)).T.tocsr()
        self.counts = np.diff(indptr).astype(np.float32)
        members = [np.flatnonzero(member[stored.index(name)]) if name in stored else np.zeros(0, dtype=np.int64) for name in names]
        # Every endpoint's members laid end to end, so one gather and one reduceat give all the
        # per-endpoint maxima (36 separate fancy-index copies were most of the search's time).
        self.present = np.array([len(m) > 0 for m in members])
        kept = [m for m in members if len(m)]
        self.order = np.concatenate(kept) if kept else np.zeros(0, dtype=np.int64)
        self.starts = np.cumsum([0] + [len(m) for m in kept[:-1]]).astype(np.int64)

    def nn_similarity(self, B: np.ndarray, chunk: int = 64) -> np.ndarray:
        import scipy.sparse as sp

        out = np.zeros((len(B), len(self.present)))
        if not len(self.order):
            return out
        for s in range(0, len(B), chunk):
            Bq = B[s : s + chunk]
            Q = sp.csr_matrix(Bq.astype(np.float32))
            inter = (Q @ self.T).toarray()
            union = Bq.sum(1, dtype=np.float32)[:, None] + self.counts[None, :] - inter
            sim = inter / np.maximum(union, 1.0)
            out[s : s + len(Bq), self.present] = np.maximum.reduceat(sim[:, self.order], self.starts, axis=1)
        return out


_CACHED: Optional[Predictor] = None


def get_predictor() -> Predictor:
    global _CACHED
    if _CACHED is None:
        _CACHED = Predictor()
    return _CACHED


def predict_smiles(smiles: Iterable[str]) -> list[dict]:
    return get_predictor().rows_for([("", s) for s in smiles])
