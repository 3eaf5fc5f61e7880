"""Which descriptors should a default QSAR build start from? Scaffold splits over every row.

    YUNYAO_DATASETS=../shared/datasets nice /usr/bin/python3 bench/qsar_descriptors.py \\
        [--endpoints caco2_wang,herg] [--composites ECFP_counts+UnscaledPhyschemDescriptors,ECFP_counts+MACCS_keys+UnscaledPhyschemDescriptors] \\
        [--starts '{"n_estimators": 1000, "learning_rate": 0.025}'] [--split groups|tdc|random] [--blend]

For each TDC endpoint of bench/qsar.py and each composite descriptor: the build's XGBoost starting
configuration for the endpoint's mode (``algorithms.XGB_START`` or ``XGB_REGRESSION_START``, one thread,
seed 42) over all of TDC's ``train_val.csv``, scored by TDC's metric on each test side. One JSON line per
(endpoint, composite, start): mean, SD and the per-split figures.

``--split groups`` (default): 5 folds grouped by Bemis–Murcko scaffold (``build.split_groups``,
``admet/train.py`` ``cv_folds``), the build's own kind of fold. ``--split tdc``: 5 seeds (1–5) of the
scaffold split TDC made its ADMET test sets with (``yunyao.tdc_split``), 70 / 10 / 20, the model
fitted on the 80 % and scored on the 20 %. TDC's split sends every scaffold shared by many molecules to
training, so its test side is rare scaffolds: the kind of molecule the outside measurement scores.
``--split random``: 5 random folds (stratified for a classification), no scaffold kept apart: the easy
end of the bracket, for reading how much of a gap is the split rather than the model.
``--starts``: further starting configurations to compare, each a JSON object of changes to the start
(";"-separated); the features are computed once per endpoint for all of them.
``--blend``: also the build's kernel SVM (``yunyao.qsar.kernel``) alone and its blend with the start
(``yunyao.qsar.blend.combine``; a classification's ranks read against each member's scores on the
test side), on the same splits: the lines then carry ``svm`` and ``blend`` beside the start's ``mean``.
Unlike bench/qsar.py no build runs: this compares starting points and forecasts, it does not report a build's test.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, HERE)

from qsar import ENDPOINTS  # noqa: E402  (bench/qsar.py: folders, modes and TDC metrics)
from yunyao.admet.train import cv_folds  # noqa: E402
from yunyao.common import InputFile  # noqa: E402
from yunyao.datasets import dataset_path  # noqa: E402
from yunyao.qsar import algorithms as A, descriptors as D  # noqa: E402
from yunyao.qsar.build import split_groups  # noqa: E402
from yunyao.qsar.data import read_data  # noqa: E402
from yunyao.qsar.table import read_table  # noqa: E402
from yunyao.tdc_split import SEEDS, tdc_scaffold_split  # noqa: E402

SEED = 42


def tdc_metric(metric: str, y: np.ndarray, p: np.ndarray) -> float:
    from sklearn.metrics import average_precision_score, mean_absolute_error, roc_auc_score

    return float({"MAE": mean_absolute_error, "AUROC": roc_auc_score, "AUPRC": average_precision_score}[metric](y, p))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--endpoints", default=",".join(e[0] for e in ENDPOINTS))
    p.add_argument("--composites", default="ECFP_counts+UnscaledPhyschemDescriptors,ECFP_counts+MACCS_keys+UnscaledPhyschemDescriptors")
    p.add_argument("--starts", default="", help='changes to the start to compare, ";"-separated JSON objects')
    p.add_argument("--split", choices=["groups", "tdc", "random"], default="groups")
    p.add_argument("--blend", action="store_true", help="also the kernel SVM alone and its blend with the start")
    args = p.parse_args()
    starts = [{}] + [json.loads(s) for s in args.starts.split(";") if s.strip()]
    wanted = args.endpoints.split(",")
    for folder, name, mode, metric, _, _ in (e for e in ENDPOINTS if e[0] in wanted):
        inp = InputFile(os.path.join(dataset_path("tdc-admet"), folder, "train_val.csv"), "train_val.csv", "csv")
        data = read_data(read_table(inp), inp.name, "Drug", "Y", mode)
        if args.split == "tdc":
            folds = [tdc_scaffold_split(data.scaffolds, seed) for seed in SEEDS]
        elif args.split == "random":
            from sklearn.model_selection import KFold, StratifiedKFold

            kfold = StratifiedKFold if mode == "classification" else KFold
            folds = list(kfold(5, shuffle=True, random_state=SEED).split(data.y, data.y))
        else:
            folds = cv_folds(mode == "classification", data.y, split_groups(data)[0], seed=SEED)
        alg = A.algorithm("XGBRegressor" if mode == "regression" else "XGBClassifier")
        parts: dict[str, np.ndarray] = {}
        for composite in args.composites.split(","):
            X = np.hstack([parts.setdefault(d, D.compute(d, data.mols)) for d in D.parts(composite)])
            for change in starts:
                t0 = time.perf_counter()
                start = {**alg.start, **change}
                predicted = [A.Fitted.fit(alg, start, X[tr], data.y[tr], SEED, 1).predict(X[va]) for tr, va in folds]
                line = {"endpoint": name, "split": args.split, "descriptor": composite, "start": change, "metric": metric,
                        **summary([tdc_metric(metric, data.y[va], p) for (_, va), p in zip(folds, predicted)])}
                if args.blend:
                    line.update(blend_scores(mode, metric, composite, X, data.y, folds, predicted))
                print(json.dumps({**line, "seconds": round(time.perf_counter() - t0, 1)}), flush=True)


def summary(scores: list[float], prefix: str = "") -> dict:
    return {f"{prefix}mean": round(float(np.mean(scores)), 4), f"{prefix}sd": round(float(np.std(scores)), 4), f"{prefix}folds": [round(s, 4) for s in scores]}


def blend_scores(mode: str, metric: str, descriptor: str, X: np.ndarray, y: np.ndarray, folds, start_predictions) -> dict:
    """The kernel SVM alone and blended with the start's predictions, on each split's test side."""
    from yunyao.qsar.blend import combine
    from yunyao.qsar.kernel import KernelSVM

    svm_scores, blend_scores_ = [], []
    for (tr, va), first in zip(folds, start_predictions):
        second = KernelSVM.fit(mode, descriptor, X, y, np.asarray(tr)).predict(X[va])
        references = None if mode == "regression" else (np.sort(first), np.sort(second))
        svm_scores.append(tdc_metric(metric, y[va], second))
        blend_scores_.append(tdc_metric(metric, y[va], combine(mode, first, second, references)))
    return {**summary(svm_scores, "svm_"), **summary(blend_scores_, "blend_")}


if __name__ == "__main__":
    main()
