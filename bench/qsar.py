"""Benchmark of the QSAR build engine (python/yunyao/qsar) on 8 TDC ADMET endpoints.

    nice /usr/bin/python3 bench/qsar.py [--endpoints caco2_wang,herg] [--minutes 3] [--trials 30] \\
        [--threads 1] [--seeds 42] [--out /tmp/qsar-bench]

For each endpoint: TDC's ``train_val.csv`` (``tdc-admet`` under YUNYAO_DATASETS, see
python/yunyao/datasets.py) is given to ``python -m yunyao.qsar.build`` with the form's defaults
(``form_defaults`` below: the form's defaults), which makes its own 80/20 Bemis–Murcko
scaffold split with the seed and searches on the 80 %. The printed number is the TDC metric of the
held-out 20 % (MAE from the card's test report; AUROC, or AUPRC for CYP2D6_Veith), next to:

* TDC's leaderboard entry of XGBoost (Tian, Ketkar & Tao, "ADMETboost", J Mol Model 28:408, 2022;
  numbers from github.com/smu-tao-group/ADMET_XGBoost README), on TDC's own test split (mean of 5 seeds);
* the project's ADMET model on its own scaffold holdout (python/yunyao/admet/models/manifest.json).

Each line's notes give the chosen model, its trials and wall time, the interval's coverage and the
blend's verdict (the search's best alone against the blend with the kernel SVM, grouped CV).

Neither is the same test set as ours: the comparison is indicative (docs/models/qsar.md).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.join(HERE, "..", "python")
sys.path.insert(0, PYDIR)

from yunyao.datasets import dataset_path  # noqa: E402
from yunyao.params import write_params  # noqa: E402

# (folder, TDC name, mode, TDC metric, XGBoost leaderboard mean, higher is better)
ENDPOINTS = [
    ("caco2_wang", "Caco2_Wang", "regression", "MAE", 0.288, False),
    ("lipophilicity_astrazeneca", "Lipophilicity_AstraZeneca", "regression", "MAE", 0.533, False),
    ("solubility_aqsoldb", "Solubility_AqSolDB", "regression", "MAE", 0.727, False),
    ("ppbr_az", "PPBR_AZ", "regression", "MAE", 8.251, False),
    ("bbb_martins", "BBB_Martins", "classification", "AUROC", 0.905, True),
    ("herg", "hERG", "classification", "AUROC", 0.806, True),
    ("ames", "AMES", "classification", "AUROC", 0.859, True),
    ("cyp2d6_veith", "CYP2D6_Veith", "classification", "AUPRC", 0.721, True),
]
# The form's defaults: descriptors from the module's exported params schema; algorithms as the module
# resolves an empty choice (QSAR_DEFAULTS.algorithms in packages/modules/qsartuna/qsartuna.form.ts).
SCHEMA = os.path.join(HERE, "..", "packages", "modules", "qsartuna", "params.schema.json")
ALGORITHMS = {"regression": ["XGBRegressor", "RandomForestRegressor"], "classification": ["XGBClassifier", "RandomForestClassifier"]}


def form_defaults(mode: str) -> dict:
    with open(SCHEMA, encoding="utf-8") as fh:
        descriptors = json.load(fh)["properties"]["descriptors"]["default"]
    return {"descriptors": descriptors, "algorithms": ALGORITHMS[mode]}


def admet_reference() -> dict:
    path = os.path.join(PYDIR, "yunyao", "admet", "models", "manifest.json")
    with open(path, encoding="utf-8") as fh:
        return {e["folder"]: e["heldout_metric"] for e in json.load(fh)["endpoints"]}


def run_one(folder: str, mode: str, args, seed: int) -> dict:
    work = os.path.join(args.out, f"{folder}-s{seed}")
    os.makedirs(work, exist_ok=True)
    src = os.path.join(dataset_path("tdc-admet"), folder, "train_val.csv")
    link = os.path.join(work, "train_val.csv")  # a task reads its inputs inside its own folder
    if not os.path.islink(link):
        os.symlink(src, link)
    params = {"mode": mode, "smiles_col": "Drug", "labels_col": "Y", **form_defaults(mode), "trials": args.trials, "time_budget": args.minutes,
              "seed": seed, "name": folder}
    write_params(work, "qsartuna", params)
    t0 = time.time()
    env = {**os.environ, "PYTHONPATH": os.path.abspath(PYDIR)}
    cmd = [sys.executable, "-m", "yunyao.qsar.build", f"--inputs-json={json.dumps([{'path': 'train_val.csv', 'name': 'train_val.csv'}])}",
           "--params=params.json", f"--threads={args.threads}"]
    done = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{folder}: build failed\n{done.stderr[-2000:]}")
    with open(os.path.join(work, "summary.json"), encoding="utf-8") as fh:
        card = json.load(fh)["card"]
    return {"card": card, "wall_s": round(time.time() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoints", default="")
    ap.add_argument("--minutes", type=float, default=3.0, help="the search's time budget per build")
    ap.add_argument("--trials", type=int, default=30)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seeds", default="42")
    ap.add_argument("--out", default="/tmp/qsar-bench")
    args = ap.parse_args()
    want = {w for w in args.endpoints.split(",") if w}
    ref = admet_reference()
    print(f"{'endpoint':28s} {'metric':6s} {'ours':>14s} {'TDC XGBoost':>11s} {'ADMET model':>11s}  best config  trials  wall s", flush=True)
    for folder, name, mode, metric, xgb, higher in ENDPOINTS:
        if want and folder not in want and name not in want:
            continue
        values, notes = [], []
        for seed in [int(s) for s in args.seeds.split(",")]:
            r = run_one(folder, mode, args, seed)
            card = r["card"]
            values.append(card["test"]["metrics"][metric])
            iv = card["interval"]
            sizes = iv.get("test_set_sizes")
            decisive = f", single-class sets {sizes['single']:.2f}" if sizes else ""
            b = card.get("blend")
            blend = f", blend CV {b['alone_cv']:.4f} → {b['blend_cv']:.4f} {'kept' if b['chosen'] else 'not kept'}" if b else ""
            notes.append(f"{card['algorithm']}/{card['descriptors']} {card['trials_run']} {r['wall_s']} (90 % {'sets' if sizes else 'interval'}: coverage CV {iv['cv_coverage']}, test {iv['test_coverage']}{decisive}{blend})")
        mean = sum(values) / len(values)
        spread = f"±{(max(values) - min(values)) / 2:.3f}" if len(values) > 1 else ""
        better = mean >= xgb if higher else mean <= xgb
        print(f"{name:28s} {metric:6s} {mean:8.3f}{spread:6s} {xgb:11.3f} {ref.get(folder, float('nan')):11.3f}  {'≥' if better else '<'} XGB  {'; '.join(notes)}", flush=True)


if __name__ == "__main__":
    main()
