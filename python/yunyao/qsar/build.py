"""Build a QSAR model: search, held-out test report, interval, production fit, applicability domain.

    python -m yunyao.qsar.build --inputs-json='[{"path": "inputs/0_train.csv", "name": "train.csv"}]' \\
        --params=params.json --output=qsar-model.json.gz [--progress=progress.json] [--threads=N]

params.json: ``mode``, ``smiles_col``, ``labels_col``, ``descriptors``, ``algorithms``, ``trials``,
``time_budget`` (minutes, the search's), ``seed``, ``name``. Steps (docs/models/qsar.md):

1. the training rows (data.py): unreadable molecules skipped and listed, duplicates merged;
2. Bemis–Murcko scaffold split, development 80 % / held-out test 20 % (whole scaffolds, seeded);
3. Optuna TPE search (search.py) on the development part, 5 scaffold-grouped folds;
   then the blend (blend.py): the best trial averaged with a kernel SVM on its descriptors, kept
   when that mean scores higher on the same folds;
4. the best configuration (or blend) fitted on the development part and scored on the test;
5. interval (regression, 90 % split conformal) or probability calibration (classification);
6. the production model fitted on all rows, its applicability domain, the artefact (artefact.py).

Writes the artefact, ``trials.csv``, ``test-predictions.csv``, rows.json (one row per trial, then the
SVM alone and the blend) and
summary.json, whose ``card`` is the model card the platform shows.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import time
from typing import Sequence

import numpy as np

from ..common import Warnings, add_result_args, file_sha256, internal_error, load_inputs, run_main, write_json, write_step_result
from ..params import load_params
from . import algorithms as A
from . import descriptors as D
from . import blend, domain, interval, metrics, search
from .artefact import blend_state, model_state, save, versions
from .kernel import KernelSVM
from .data import Data, read_data
from .parallel import side_by_side
from .table import read_table

MODULE = "qsartuna"
OUTPUT = "qsar-model.json.gz"
ROC_POINTS = 101


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.qsar.build")
    p.add_argument("--inputs-json", required=True)
    p.add_argument("--params", required=True)
    p.add_argument("--output", default=OUTPUT)
    p.add_argument("--progress", default="progress.json")
    p.add_argument("--threads", type=int, default=int(os.environ.get("YUNYAO_THREADS") or len(os.sched_getaffinity(0))))
    add_result_args(p)
    return p.parse_args(argv)


# Below this many scaffold groups a scaffold split cannot leave a test side and five folds that each
# hold other chemistry: the table is one congeneric series, and the split falls back to molecules.
MIN_SCAFFOLD_GROUPS = 10
SCAFFOLD_SPLIT = "Bemis-Murcko scaffold, 80/20"
MOLECULE_SPLIT = "random by molecule, 80/20 (fewer than 10 scaffolds: one congeneric series)"


def split_groups(data: Data) -> tuple[np.ndarray, str]:
    """Each molecule's group for the splits, and the split's name. An acyclic molecule has the empty
    Murcko scaffold; it is its own group rather than one group of every chain-only molecule."""
    keys = [scaffold or f"acyclic:{smiles}" for scaffold, smiles in zip(data.scaffolds, data.smiles)]
    if len(set(keys)) < MIN_SCAFFOLD_GROUPS:
        return np.arange(len(keys)), MOLECULE_SPLIT
    return np.unique(np.array(keys, dtype=object).astype(str), return_inverse=True)[1], SCAFFOLD_SPLIT


def split(data: Data, classification: bool, seed: int):
    from ..admet.train import N_FOLDS, cv_folds, heldout_mask

    groups, name = split_groups(data)
    test = heldout_mask(classification, [str(g) for g in groups], data.y, seed=seed)
    dev = np.flatnonzero(~test)
    dev_groups = groups[dev]
    folds = cv_folds(classification, data.y[dev], dev_groups, seed=seed, n_folds=min(N_FOLDS, len(np.unique(dev_groups))))
    return dev, np.flatnonzero(test), folds, name


def label_stats(data: Data, mode: str) -> dict:
    if mode == "classification":
        pos = int(data.y.sum())
        return {"classes": {data.classes[0]: len(data.y) - pos, data.classes[1]: pos}, "positive": data.classes[1]}
    y = data.y
    return {"mean": round(float(y.mean()), 4), "sd": round(float(y.std()), 4), "min": float(y.min()), "max": float(y.max())}


def roc_points(y: np.ndarray, p: np.ndarray) -> list[dict]:
    from sklearn.metrics import roc_curve

    if len(np.unique(y)) < 2:
        return []
    fpr, tpr, _ = roc_curve(y, p)
    keep = np.unique(np.linspace(0, len(fpr) - 1, min(len(fpr), ROC_POINTS)).round().astype(int))
    return [{"fpr": round(float(fpr[i]), 4), "tpr": round(float(tpr[i]), 4)} for i in keep]


def write_trials_csv(trials: list[search.Trial]) -> None:
    with open("trials.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["trial", "algorithm", "descriptor", "params", "cv_mean", "cv_sd", "seconds", "state"])
        for t in trials:
            w.writerow([t.number, t.algorithm, t.descriptor, json.dumps(t.params, sort_keys=True),
                        "" if t.cv_score is None else round(t.cv_score, 4), "" if t.cv_sd is None else round(t.cv_sd, 4), round(t.seconds, 2), t.state])


def write_test_csv(data: Data, test: np.ndarray, mode: str, pred: np.ndarray, lo, hi, prob) -> None:
    with open("test-predictions.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        if mode == "regression":
            w.writerow(["ID", "SMILES", "observed", "predicted", "lower", "upper"])
            for k, i in enumerate(test):
                w.writerow([data.ids[i], data.smiles[i], data.y[i], round(float(pred[k]), 4), round(float(lo[k]), 4), round(float(hi[k]), 4)])
        else:
            w.writerow(["ID", "SMILES", "observed", "probability"])
            for k, i in enumerate(test):
                w.writerow([data.ids[i], data.smiles[i], data.classes[int(data.y[i])], round(float(prob[k]), 4)])


def main(argv: Sequence[str]) -> None:
    import warnings

    from sklearn.exceptions import ConvergenceWarning

    # a search tries bounds where solvers stop early or kernels hit their limits: the CV score judges them
    warnings.filterwarnings("ignore", category=ConvergenceWarning)
    args = parse_args(argv)
    started = time.perf_counter()
    params = load_params(args.params)
    mode, seed = params["mode"], int(params["seed"])
    descriptors, algorithms = list(params["descriptors"]), list(params["algorithms"])
    D.check_names(descriptors)
    A.check_names(algorithms, mode)
    inputs = load_inputs(args.inputs_json)
    inp = inputs[0]
    table = read_table(inp)
    data = read_data(table, inp.name, params["smiles_col"], params["labels_col"], mode)
    classification = mode == "classification"
    dev, test, folds, split_name = split(data, classification, seed)
    y = data.y

    cache: dict[str, np.ndarray] = {}

    def features(name: str) -> np.ndarray:
        if name not in cache:
            parts = D.parts(name)
            cache[name] = np.hstack([features(p) for p in parts]) if len(parts) > 1 else D.compute(name, data.mols)
        return cache[name]

    total = int(params["trials"])
    write_json(args.progress, {"done": 0, "total": total, "unit": "trials"})
    candidates = D.search_candidates(descriptors)
    trials, stopped, gp = search.run(lambda d: features(d)[dev], y[dev], folds, mode, candidates, candidates[-1], algorithms, total,
                                     float(params["time_budget"]) * 60.0, seed, args.threads,
                                     lambda k: write_json(args.progress, {"done": k, "total": total, "unit": "trials"}))
    best = search.best_trial(trials)
    if best is None:
        internal_error("qsartuna.noTrialCompleted")
    alg = A.algorithm(best.algorithm)
    X = features(best.descriptor)
    oof, oof_std = best.oof, gp.get("std")
    verdict = None if best.algorithm in blend.NOT_BLENDED else blend.consider(mode, best.descriptor, X, y, dev, folds, best.oof, best.cv_score, args.threads)
    blended = verdict is not None and verdict.chosen
    everything = np.arange(len(y))

    # the development model (for the held-out test) and the production model (every row), side by side;
    # with the blend, the SVM of each too
    fits = [lambda t: A.Fitted.fit(alg, best.params, X[dev], y[dev], seed, t), lambda t: A.Fitted.fit(alg, best.params, X, y, seed, t)]
    if blended:
        fits += [lambda t: KernelSVM.fit(mode, best.descriptor, X, y, dev, verdict.minmax),
                 lambda t: KernelSVM.fit(mode, best.descriptor, X, y, everything, verdict.minmax)]
    fitted = side_by_side(fits, args.threads)
    dev_model, final = fitted[:2]
    if blended:
        dev_model, final = (blend.Blend(mode, m, svm, verdict.references) for m, svm in zip(fitted[:2], fitted[2:]))
        oof = verdict.oof
    p_test = dev_model.predict(X[test])
    card_interval: dict
    extra_state: dict
    if classification:
        dev_cal, choice = interval.calibrate(oof, y[dev])
        prob_test = interval.apply(dev_cal, p_test)
        test_metrics = metrics.report(mode, y[test], p_test, prob_test)
        production_cal, _ = interval.calibrate(np.concatenate([oof, p_test]), np.concatenate([y[dev], y[test]]))
        prob_oof = interval.apply(dev_cal, oof)
        q_dev = interval.class_quantiles(prob_oof, y[dev])
        q_all = interval.class_quantiles(interval.apply(production_cal, np.concatenate([oof, p_test])), np.concatenate([y[dev], y[test]]))
        card_interval = {"method": f"{dev_cal['method']} calibration of out-of-fold scores; class-conditional split-conformal prediction sets",
                         "level": interval.LEVEL, "cv_coverage": metrics.finite(interval.set_cv_coverage(y[dev], prob_oof, folds)),
                         "test_coverage": metrics.finite(float(interval.set_covered(y[test], prob_test, q_dev).mean())) if len(test) else None,
                         "test_set_sizes": interval.set_sizes(prob_test, q_dev) if len(test) else None,
                         "cv_brier": metrics.finite(choice[dev_cal["method"]]), "test_brier": test_metrics["Brier"]}
        extra_state = {"calibrator": production_cal, "prediction_sets": {"level": interval.LEVEL, "q": q_all}}
        plots = {"roc": roc_points(y[test], prob_test), "calibration": interval.calibration_curve(prob_test, y[test])}
        lo = hi = None
    else:
        std_test = dev_model.predict_std(X[test])
        nc_dev = interval.nonconformity(y[dev], oof, oof_std)
        q_dev = interval.quantile(nc_dev)
        lo, hi = interval.bounds(p_test, q_dev, std_test)
        test_metrics = metrics.report(mode, y[test], p_test)
        q_all = interval.quantile(np.concatenate([nc_dev, interval.nonconformity(y[test], p_test, std_test)]))
        method = "split conformal, |residual| / GP std" if oof_std is not None else "split conformal, |residual|"
        card_interval = {"method": method, "level": interval.LEVEL, "cv_coverage": metrics.finite(interval.cv_coverage(y[dev], oof, oof_std, folds)),
                         "test_coverage": metrics.finite(float(((y[test] >= lo) & (y[test] <= hi)).mean())) if len(test) else None}
        extra_state = {"interval": {"method": method, "level": interval.LEVEL, "q": q_all, "scaled_by_std": oof_std is not None}}
        plots = {"test_points": [{"observed": round(float(a), 4), "predicted": round(float(b), 4)} for a, b in zip(y[test], p_test)]}
        prob_test = None
    write_test_csv(data, test, mode, p_test, lo, hi, prob_test)

    B = domain.bits(data.mols)
    threshold = domain.threshold(B)
    card = {
        "name": params.get("name") or "",
        "mode": mode,
        "label": params["labels_col"],
        "smiles_col": params["smiles_col"],
        "algorithm": blend.blended_name(best.algorithm) if blended else best.algorithm,
        "descriptors": D.parts(best.descriptor),
        "best_params": best.params,
        "metric": metrics.OBJECTIVE[mode],
        "cv": verdict.cv() if blended else {"mean": metrics.finite(best.cv_score), "sd": metrics.finite(best.cv_sd), "folds": best.folds},
        "blend": None if verdict is None else verdict.card(best.cv_score),
        "test": {"n": int(len(test)), "metrics": test_metrics},
        "interval": card_interval,
        "domain": {"method": f"nearest-neighbour Tanimoto, Morgan r{domain.RADIUS} {domain.FP_SIZE} bits", "threshold": threshold,
                   "percentile": domain.PERCENTILE},
        "data": {"sha256": file_sha256(inp.path), "file": inp.name, "rows": data.rows, "used": len(data.ids), "development": int(len(dev)),
                 "test": int(len(test)), "skipped": data.skipped, "empty_labels": data.empty_labels, "duplicates_merged": data.duplicates_merged,
                 "ties_dropped": data.ties_dropped, "label_stats": label_stats(data, mode)},
        "plots": plots,
        "versions": versions(),
        "seed": seed,
        "trials_run": len(trials),
        "trials_requested": total,
        "stopped_by": stopped,
        "search": {"descriptors": descriptors, "algorithms": algorithms, "time_budget_minutes": params["time_budget"], "sampler": "TPE", "folds": len(folds),
                   "split": split_name},
    }
    save(args.output, {
        "versions": versions(),
        "descriptor": {"name": best.descriptor, "size": int(X.shape[1])},
        "algorithm": {"name": best.algorithm, "params": best.params},
        "model": model_state(final.first if blended else final),
        **({"blend": blend_state(final)} if blended else {}),
        **extra_state,
        "domain": {"method": "morgan2-2048-tanimoto-nn", "threshold": threshold, "ids": data.ids, "smiles": data.smiles, "bits_hex": domain.to_hex(B)},
        "label": {"mode": mode, "column": params["labels_col"], "classes": data.classes},
        "card": card,
    })
    write_trials_csv(trials)
    rows = [search.trial_row(t, None if blended else best) for t in trials] + ([] if verdict is None else verdict.rows(best, len(trials)))
    write_json(args.progress, {"done": len(trials), "total": total, "unit": "trials"})
    write_step_result(args, module=MODULE, engine=versions(), inputs=inputs, counts=[data.rows], rows=rows[: args.max_rows], rows_available=len(rows),
                      warnings=Warnings(), details={"card": card, "outputFile": args.output, "seconds": round(time.perf_counter() - started, 1),
                                                   "threads": args.threads})


if __name__ == "__main__":
    run_main(main)
