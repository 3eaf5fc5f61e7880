"""Conformal interval and per-target / per-drug ranking figures of a trained graph_dta model.

    PYTHONPATH=python YUNYAO_DATASETS=../shared/datasets nice /usr/bin/python3 -m yunyao.graph_dta.calibrate --model=davis

Predicts the validation fold (fold 0: never trained on, used only to pick the epoch) and splits its
pairs at random (seed 0) into two halves. The calibration half gives the split-conformal half-width:
the ⌈(n+1)·0.9⌉-th smallest absolute residual, so that about 90 % of new pairs like these fall within
prediction ± half-width; the other half measures the coverage actually reached. ``typical`` is the
median label of the training folds: a prediction whose interval holds it cannot be told from an
ordinary pair (on Davis, a kinase the drug does not bind: pKd 5, the assay floor).

Also computes the concordance index per protein (ranking the drugs for one kinase) and per drug
(ranking the kinases for one drug), averaged over the proteins / drugs that have at least one
comparable pair in the fold, beside the pooled CI. Writes ``interval`` and these figures into
``models/<model>.json`` (``--dry-run`` only prints them).
"""

from __future__ import annotations

import argparse
import json
import os

from typing import TYPE_CHECKING

import numpy as np

from .metrics import concordance_index

if TYPE_CHECKING:
    import torch

    from .data import PairTable

LEVEL = 0.9


def conformal_interval(truth: np.ndarray, predicted: np.ndarray, training_labels: np.ndarray, level: float = LEVEL, seed: int = 0) -> dict:
    order = np.random.default_rng(seed).permutation(len(truth))
    calibration, evaluation = order[: len(order) // 2], order[len(order) // 2 :]
    residual = np.sort(np.abs(truth[calibration] - predicted[calibration]))
    rank = min(int(np.ceil((len(residual) + 1) * level)), len(residual)) - 1
    half = float(residual[rank])
    covered = np.abs(truth[evaluation] - predicted[evaluation]) <= half
    return {
        "level": level,
        "half_width": round(half, 3),
        "typical": round(float(np.median(training_labels)), 3),
        "calibration_pairs": int(len(calibration)),
        "coverage": round(float(np.mean(covered)), 4),
        "coverage_pairs": int(len(evaluation)),
        "method": "split conformal on the validation fold (absolute residual), seed 0",
    }


def grouped_ci(truth: np.ndarray, predicted: np.ndarray, groups: np.ndarray) -> tuple[float, int]:
    """Mean CI within each group that has a comparable pair, and how many groups that is."""
    values = []
    for g in np.unique(groups):
        rows = groups == g
        if len(np.unique(truth[rows])) > 1:
            values.append(concordance_index(truth[rows], predicted[rows]))
    return (float(np.mean(values)) if values else float("nan")), len(values)


def ranking_figures(truth: np.ndarray, predicted: np.ndarray, protein: np.ndarray, drug: np.ndarray) -> dict:
    per_protein, n_proteins = grouped_ci(truth, predicted, protein)
    per_drug, n_drugs = grouped_ci(truth, predicted, drug)
    return {
        "ci": round(concordance_index(truth, predicted), 4),
        "ci_per_protein": round(per_protein, 4),
        "proteins_ranked": n_proteins,
        "ci_per_drug": round(per_drug, 4),
        "drugs_ranked": n_drugs,
    }


def evaluate(network: "torch.nn.Module", table: "PairTable", fold: int) -> tuple[dict, dict]:
    """(interval, validation figures: pooled CI and MSE, per-protein and per-drug CI) of a network on
    the validation fold."""
    from .metrics import mean_squared_error
    from .train import Featurised, predict_rows

    rows = np.flatnonzero(table.fold == fold)
    predicted = predict_rows(network, Featurised(table), table, rows)
    truth = table.label[rows]
    interval = conformal_interval(truth, predicted, table.label[table.fold != fold])
    validation = {**ranking_figures(truth, predicted, table.protein[rows], table.drug[rows]), "mse": round(mean_squared_error(truth, predicted), 4), "pairs": int(len(rows))}
    return interval, validation


def main(argv: list[str] | None = None) -> None:
    from ..datasets import dataset_path
    from .data import read_pair_table
    from .model_files import MODEL_DIR, MODEL_NAMES, load_model

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=MODEL_NAMES, required=True)
    ap.add_argument("--data-dir")
    ap.add_argument("--models", default=MODEL_DIR)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    model = load_model(args.model, args.models)
    table = read_pair_table(args.data_dir or os.path.join(dataset_path("dta"), args.model))
    interval, validation = evaluate(model.network, table, model.metadata["params"]["validation_fold"])
    print(json.dumps({"model": args.model, "interval": interval, "validation": validation}, ensure_ascii=False))
    if args.dry_run:
        return
    path = os.path.join(args.models, f"{args.model}.json")
    with open(path, encoding="utf-8") as fh:
        metadata = json.load(fh)
    metadata["interval"] = interval
    metadata["validation"].update({k: v for k, v in validation.items() if k not in ("ci", "mse")})
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(metadata, fh, ensure_ascii=False, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
