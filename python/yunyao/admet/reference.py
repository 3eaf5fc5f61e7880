"""Approved-drug reference: where a prediction falls among approved drugs (as ADMET-AI reports it).

The shipped (calibrated) models predict DrugCentral's approved drugs (``approved-drugs`` under
``YUNYAO_DATASETS``; CC BY-SA 4.0, attribution in docs/models/admet.md) and only the 101 quantiles
(0 %, 1 %, ..., 100 %) of each endpoint's predictions are stored (``models/approved_reference.json``):
derived statistics, not a copy of the data. The reference set is the single-fragment,
carbon-containing drugs, the dataset README's advice (salts, mixtures and inorganics would skew it).
"""

from __future__ import annotations

import csv
import json
import os

import numpy as np

REFERENCE_FILE = "approved_reference.json"
QUANTILES = 101


def reference_molecules(path: str) -> list:
    from .features import parse_smiles

    mols = []
    with open(path, encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            mol = parse_smiles(row["smiles"])
            if mol is not None and "." not in row["smiles"] and any(a.GetSymbol() == "C" for a in mol.GetAtoms()):
                mols.append(mol)
    return mols


def build_reference(model_dir: str) -> dict:
    """Write the quantile file; returns the summary the manifest keeps."""
    from ..datasets import dataset_path
    from .calibrate import _write_json
    from .features import featurise_mols
    from .predictor import Predictor
    from ..common import file_sha256

    path = os.path.join(dataset_path("approved-drugs"), "approved_drugs.csv")
    mols = reference_molecules(path)
    pred = Predictor(model_dir, with_ad=False, with_reference=False)
    X, _ = featurise_mols(mols)
    P = pred.predict_matrix(X)
    levels = np.linspace(0.0, 1.0, QUANTILES)
    summary = {
        "source": "DrugCentral approved drugs (approved-drugs/approved_drugs.csv), CC BY-SA 4.0",
        "set": "single-fragment molecules containing carbon",
        "molecules": len(mols),
        "data_sha256": file_sha256(path),
        "file": REFERENCE_FILE,
    }
    quantiles = {n: [float(f"{v:.4g}") for v in np.quantile(P[:, j], levels)] for j, n in enumerate(pred.names)}
    _write_json(os.path.join(model_dir, REFERENCE_FILE), dict(summary, quantiles=quantiles))
    return summary


def percentile(quantiles: np.ndarray, value: float) -> int:
    """Percent of approved drugs predicted below ``value`` (ties count half), from the stored quantiles."""
    below = np.searchsorted(quantiles, value, side="left")
    at_or_below = np.searchsorted(quantiles, value, side="right")
    return int(round(100.0 * (below + at_or_below) / (2 * len(quantiles))))


def load_reference(model_dir: str) -> dict[str, np.ndarray]:
    with open(os.path.join(model_dir, REFERENCE_FILE), encoding="utf-8") as fh:
        return {n: np.asarray(q) for n, q in json.load(fh)["quantiles"].items()}
