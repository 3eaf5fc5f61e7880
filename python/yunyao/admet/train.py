"""Train the ADMET models (one xgboost model per endpoint) and write the artefacts.

    PYTHONPATH=python /usr/bin/python3 -m yunyao.admet.train \\
        --out python/yunyao/admet/models [--data DIR] [--endpoints a,b] [--calibrate-only]

``--data`` defaults to the ``tdc-admet`` dataset under ``YUNYAO_DATASETS`` (see ``yunyao.datasets``).

Per endpoint (deterministic, seeds recorded in the manifest):

1. read ``train_val.csv``, canonicalise SMILES with RDKit, merge duplicates
   (regression: mean of the (transformed) values; classification: majority label,
   molecules whose replicate labels tie are dropped);
2. Bemis-Murcko scaffold split into dev (~80 %) and a held-out test (~20 %):
   scaffold groups are shuffled with ``SPLIT_SEED`` and added to the test side while
   it stays <= 20 % of the molecules;
3. choose hyper-parameters from ``GRID`` by scaffold-grouped 5-fold CV on dev only;
4. train the chosen config on dev, score the TDC metric on the held-out test;
5. refit the chosen config on all of train_val -> shipped model;
6. calibrate every classifier on out-of-fold predictions and rebuild the approved-drug
   reference (``calibrate.py``; alone with ``--calibrate-only``, which keeps the boosters).

Applicability domain: the Morgan r2 / 2048-bit fingerprints of the union of all
training molecules are stored once (``ad_fingerprints.npz``: CSR on-bit indices plus
a per-endpoint membership bit mask). The in-domain threshold is chosen from the
held-out scaffold tests pooled over all endpoints (see ``choose_ad_threshold``).
"""

from __future__ import annotations

import argparse
import csv
import datetime as _dt
import hashlib
import json
import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from multiprocessing import Pool
from typing import Optional

import numpy as np

from ..common import file_sha256
from ..datasets import dataset_path

SPLIT_SEED = 20240601
CV_SEED = 7
MODEL_SEED = 0
N_FOLDS = 5
TEST_FRACTION = 0.2
N_JOBS = 2

# Small grid (<= 4 configs); common settings in BASE.
BASE = dict(
    n_estimators=200,
    learning_rate=0.08,
    subsample=0.8,
    colsample_bytree=0.25,
    max_bin=32,
    tree_method="hist",
    reg_lambda=1.0,
)
GRID = [
    dict(max_depth=4, min_child_weight=1),
    dict(max_depth=6, min_child_weight=3),
]
AD_CANDIDATES = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]


def log(msg: str) -> None:
    print(msg, flush=True)


# ---------------------------------------------------------------------------
# data


def check_folders_match_catalogue(data_root: str, by_folder: dict) -> None:
    """A data folder without an endpoint would be left out of the models (and the applicability
    domain) without a word, so training refuses until the catalogue names it."""
    folders = {d for d in os.listdir(data_root) if os.path.isdir(os.path.join(data_root, d))}
    if folders != set(by_folder):
        sys.exit(
            f"{data_root} does not match the endpoint catalogue: folders without an endpoint "
            f"{sorted(folders - set(by_folder))}, endpoints without a folder {sorted(set(by_folder) - folders)}"
        )


def read_endpoint(data_root: str, ep) -> list[tuple[str, float]]:
    path = os.path.join(data_root, ep.folder, ep.file)
    with open(path, encoding="utf-8", newline="") as fh:
        rows = [(r["Drug"], float(r["Y"])) for r in csv.DictReader(fh)]
    return rows


def scaffold_of_mol(mol) -> str:
    """The Bemis-Murcko scaffold SMILES ("" for an acyclic molecule or one RDKit cannot reduce);
    shared with the QSAR builds."""
    from rdkit.Chem.Scaffolds import MurckoScaffold

    try:
        return MurckoScaffold.MurckoScaffoldSmiles(mol=mol, includeChirality=False)
    except Exception:  # noqa: BLE001
        return ""


def canonical_and_scaffold(smiles: str):
    """(canonical SMILES, Bemis-Murcko scaffold) or None."""
    from rdkit import Chem

    from .features import parse_smiles

    mol = parse_smiles(smiles)
    if mol is None:
        return None
    return Chem.MolToSmiles(mol), scaffold_of_mol(mol)


def _feat_worker(smiles: str):
    from .features import featurise_mol, parse_smiles

    return featurise_mol(parse_smiles(smiles))


def transform_y(ep, y: np.ndarray) -> np.ndarray:
    if ep.transform == "log10":
        return np.log10(np.maximum(y, 0.0) + ep.offset)
    return y


def inverse_y(ep, t: np.ndarray) -> np.ndarray:
    if ep.transform == "log10":
        return np.maximum(10.0 ** t - ep.offset, 0.0)
    return t


def aggregate(ep, pairs: list[tuple[str, float]]) -> tuple[list[str], np.ndarray, int]:
    """Merge duplicates per canonical SMILES. Returns (smiles, y in training space, n_dropped)."""
    groups: dict[str, list[float]] = defaultdict(list)
    for can, y in pairs:
        groups[can].append(y)
    smiles, ys, dropped = [], [], 0
    for can in sorted(groups):
        vals = np.asarray(groups[can], dtype=float)
        if ep.is_classification:
            m = vals.mean()
            if m == 0.5:
                dropped += 1
                continue
            ys.append(1.0 if m > 0.5 else 0.0)
        else:
            ys.append(float(transform_y(ep, vals).mean()))
        smiles.append(can)
    return smiles, np.asarray(ys), dropped


def scaffold_split(scaffolds: list[str], seed: int, frac: float) -> np.ndarray:
    """Boolean mask of the held-out test side (whole scaffold groups)."""
    groups: dict[str, list[int]] = defaultdict(list)
    for i, s in enumerate(scaffolds):
        groups[s].append(i)
    keys = sorted(groups)
    rng = np.random.RandomState(seed)
    rng.shuffle(keys)
    n = len(scaffolds)
    cap = frac * n
    test = np.zeros(n, dtype=bool)
    taken = 0
    for k in keys:
        g = groups[k]
        if taken + len(g) <= cap:
            test[g] = True
            taken += len(g)
    return test


# ---------------------------------------------------------------------------
# models and metrics


def make_model(ep, params: dict):
    import xgboost as xgb

    kw = dict(BASE, **params, n_jobs=N_JOBS, random_state=MODEL_SEED)
    if ep.is_classification:
        return xgb.XGBClassifier(objective="binary:logistic", eval_metric="logloss", **kw)
    return xgb.XGBRegressor(objective="reg:squarederror", **kw)


def predict(ep, model, X: np.ndarray) -> np.ndarray:
    if ep.is_classification:
        return model.predict_proba(X)[:, 1]
    return model.predict(X)


def score(ep, y_true: np.ndarray, pred: np.ndarray) -> float:
    """TDC metric; regression in the dataset's units (predictions back-transformed)."""
    from scipy.stats import spearmanr
    from sklearn.metrics import average_precision_score, mean_absolute_error, roc_auc_score

    if ep.is_classification and len(np.unique(y_true)) < 2:
        return float("nan")  # undefined on a one-class fold; ignored by nanmean
    if ep.metric == "AUROC":
        return float(roc_auc_score(y_true, pred))
    if ep.metric == "AUPRC":
        return float(average_precision_score(y_true, pred))
    yt, yp = inverse_y(ep, y_true), inverse_y(ep, pred)
    if ep.metric == "MAE":
        return float(mean_absolute_error(yt, yp))
    if ep.metric == "Spearman":
        return float(spearmanr(yt, yp).correlation)
    raise ValueError(ep.metric)


def higher_is_better(ep) -> bool:
    return ep.metric != "MAE"


def cv_folds(is_classification: bool, y: np.ndarray, groups: np.ndarray, seed: int = CV_SEED, n_folds: int = N_FOLDS):
    """Scaffold-grouped folds: stratified and shuffled by ``seed`` for a classifier (GroupKFold, which
    needs no seed, when a stratified fold would hold one class), GroupKFold for a regression.
    Shared with the QSAR builds (yunyao.qsar.search)."""
    from sklearn.model_selection import GroupKFold, StratifiedGroupKFold

    if is_classification:
        cv = StratifiedGroupKFold(n_splits=n_folds, shuffle=True, random_state=seed)
        folds = list(cv.split(np.zeros(len(y)), y.astype(int), groups))
        if all(len(np.unique(y[va])) == 2 for _, va in folds):
            return folds
    return list(GroupKFold(n_splits=n_folds).split(np.zeros(len(y)), y, groups))


# ---------------------------------------------------------------------------
# applicability domain


def bits_to_csr(B: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    indptr = np.zeros(len(B) + 1, dtype=np.int64)
    idx = [np.flatnonzero(b).astype(np.uint16) for b in B]
    indptr[1:] = np.cumsum([len(i) for i in idx])
    return indptr, (np.concatenate(idx) if idx else np.zeros(0, np.uint16))


def nn_similarity(Bq: np.ndarray, Bt: np.ndarray) -> np.ndarray:
    """Max Tanimoto of each query row to the rows of Bt (both bool matrices)."""
    if len(Bt) == 0:
        return np.zeros(len(Bq))
    q = Bq.astype(np.float32)
    t = Bt.astype(np.float32)
    inter = q @ t.T
    union = q.sum(1)[:, None] + t.sum(1)[None, :] - inter
    sim = np.where(union > 0, inter / np.maximum(union, 1), 0.0)
    return sim.max(axis=1)


def choose_ad_threshold(records: list[tuple[float, float]]) -> tuple[float, list[dict]]:
    """records: (nn similarity to dev, relative error) for every held-out test molecule.

    Relative error: regression |err| / std(y_dev); classification squared error of the
    probability / (p(1-p)) of the dev base rate (1 = no better than predicting the base
    rate). For each candidate t the ratio err(sim < t) / err(sim >= t) is computed; the
    chosen threshold is the candidate with the largest ratio among those that put between
    5 % and 35 % of the held-out (scaffold-novel) molecules below it, so that the flag marks
    a clearly worse minority rather than splitting the novel test set in half.
    """
    sims = np.array([r[0] for r in records])
    errs = np.array([r[1] for r in records])
    table, best, best_ratio = [], AD_CANDIDATES[0], -1.0
    for t in AD_CANDIDATES:
        lo, hi = sims < t, sims >= t
        if lo.sum() == 0 or hi.sum() == 0:
            continue
        ratio = float(errs[lo].mean() / max(errs[hi].mean(), 1e-9))
        frac = float(lo.mean())
        table.append({"threshold": t, "fraction_below": round(frac, 4), "rel_error_below": round(float(errs[lo].mean()), 4),
                      "rel_error_above": round(float(errs[hi].mean()), 4), "ratio": round(ratio, 4)})
        if 0.05 <= frac <= 0.35 and ratio > best_ratio:
            best, best_ratio = t, ratio
    return best, table


# ---------------------------------------------------------------------------


def sha_table(data_root: str) -> dict[str, str]:
    out = {}
    path = os.path.join(data_root, "SHA256SUMS")
    if os.path.isfile(path):
        for line in open(path, encoding="utf-8"):
            parts = line.split()
            if len(parts) == 2:
                out[parts[1].lstrip("./")] = parts[0]
    return out


@dataclass
class TrainingData:
    """Every endpoint's merged molecules and labels, and the features of the selected endpoints' molecules."""

    data: dict  # name -> (canonical smiles, y in training space, n dropped, n rows)
    X: np.ndarray  # features, one row per molecule of ``pos``
    B: np.ndarray  # AD bit fingerprints, same rows
    pos: dict  # canonical smiles -> row of X / B
    scaffold_of: dict  # canonical smiles -> Bemis-Murcko scaffold
    ad_union: list  # every canonical molecule of the catalogue (the AD file covers all endpoints)

    def endpoint(self, name: str) -> tuple[np.ndarray, np.ndarray, list[str]]:
        """(features, labels in training space, scaffolds) of one endpoint's merged molecules."""
        smiles, y, _, _ = self.data[name]
        return self.X[np.array([self.pos[s] for s in smiles])], y, [self.scaffold_of[s] for s in smiles]


def load_data(data_root: str, eps, cache: str) -> TrainingData:
    from .endpoints import ENDPOINTS
    from . import features as F

    t_start = time.time()
    # 1. read everything (all endpoints: the AD file always covers the whole catalogue), canonicalise once
    raw = {ep.name: read_endpoint(data_root, ep) for ep in ENDPOINTS}
    all_smiles = sorted({s for rows in raw.values() for s, _ in rows})
    log(f"[data] {len(ENDPOINTS)} endpoints, {sum(len(r) for r in raw.values())} rows, {len(all_smiles)} distinct input SMILES")
    with Pool(N_JOBS) as pool:
        canon = dict(zip(all_smiles, pool.map(canonical_and_scaffold, all_smiles, chunksize=256)))
    bad = [s for s, c in canon.items() if c is None]
    if bad:
        log(f"[data] {len(bad)} SMILES do not parse and are skipped, e.g. {bad[:3]}")
    scaffold_of = {c[0]: c[1] for c in canon.values() if c is not None}

    data = {}
    for ep in ENDPOINTS:
        pairs = [(canon[s][0], y) for s, y in raw[ep.name] if canon[s] is not None]
        smiles, y, dropped = aggregate(ep, pairs)
        data[ep.name] = (smiles, y, dropped, len(raw[ep.name]))
    ad_union = sorted({s for d in data.values() for s in d[0]})
    union = sorted({s for ep in eps for s in data[ep.name][0]})
    pos = {s: i for i, s in enumerate(union)}
    log(f"[data] {len(ad_union)} unique canonical molecules in the catalogue, {len(union)} for the selected "
        f"endpoints ({time.time() - t_start:.0f}s)")

    # 2. features for the union (cached outside the repo)
    key = hashlib.sha256(("\n".join(union) + f"|{F.N_FEATURES}|{','.join(F.DESCRIPTOR_NAMES)}").encode()).hexdigest()
    X = B = None
    if cache and os.path.isfile(cache):
        z = np.load(cache)
        if str(z["key"]) == key:
            X, B = z["X"], z["B"]
            log(f"[features] loaded cache {cache}")
    if X is None:
        t0 = time.time()
        with Pool(N_JOBS) as pool:
            out = pool.map(_feat_worker, union, chunksize=128)
        X = np.stack([o[0] for o in out]).astype(np.float32)
        B = np.stack([o[1] for o in out])
        if cache:
            np.savez(cache, key=key, X=X, B=B)
        log(f"[features] {X.shape} in {time.time() - t0:.0f}s")

    return TrainingData(data, X, B, pos, scaffold_of, ad_union)


def heldout_mask(is_classification: bool, scafs: list[str], y: np.ndarray, seed: int = SPLIT_SEED) -> np.ndarray:
    """The held-out scaffold test side; a classifier's must hold both classes. Shared with the QSAR builds."""
    test = scaffold_split(scafs, seed, TEST_FRACTION)
    if is_classification and len(set(y[test])) < 2:
        # extremely rare: reshuffle until the test side has both classes
        for extra in range(1, 50):
            test = scaffold_split(scafs, seed + extra, TEST_FRACTION)
            if len(set(y[test])) == 2:
                break
    return test


def main(argv: Optional[list[str]] = None) -> None:
    import rdkit
    import scipy
    import sklearn
    import xgboost as xgb

    from .endpoints import BY_FOLDER, BY_NAME, ENDPOINTS
    from . import features as F

    ap = argparse.ArgumentParser(prog="yunyao.admet.train")
    ap.add_argument("--data", default=None, help="TDC ADMET folder (default: tdc-admet under YUNYAO_DATASETS)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--endpoints", default="", help="comma-separated product names or folders (default: all)")
    ap.add_argument("--cache", default="/tmp/yunyao-admet-features.npz", help="feature cache (outside the repo)")
    ap.add_argument("--calibrate-only", action="store_true",
                    help="keep the shipped boosters; refit only the out-of-fold models calibration needs, then the approved-drug reference")
    ap.add_argument("--validate-only", action="store_true",
                    help="keep the shipped boosters; refit each shipped configuration on TDC-style splits for the figure the page shows")
    args = ap.parse_args(argv)
    args.data = args.data or dataset_path("tdc-admet")
    check_folders_match_catalogue(args.data, BY_FOLDER)

    t_start = time.time()
    eps = ENDPOINTS
    if args.endpoints:
        want = [w.strip() for w in args.endpoints.split(",") if w.strip()]
        eps = [e for e in ENDPOINTS if e.name in want or e.folder in want]
        missing = set(want) - {e.name for e in eps} - {e.folder for e in eps}
        if missing:
            sys.exit(f"unknown endpoints: {sorted(missing)}")
    if args.calibrate_only:
        eps = [e for e in eps if e.is_classification]  # regressions have nothing to calibrate
    os.makedirs(args.out, exist_ok=True)

    prepared = load_data(args.data, eps, args.cache)
    data, X, B, pos, scaffold_of, ad_union = prepared.data, prepared.X, prepared.B, prepared.pos, prepared.scaffold_of, prepared.ad_union
    if args.calibrate_only:
        from .calibrate import calibrate_and_reference

        calibrate_and_reference(args.out, eps, prepared)
        return
    if args.validate_only:
        from .validate import validate

        validate(os.path.join(args.out, "manifest.json"), eps, prepared)
        return

    # 3. per endpoint
    results = {}
    ad_records: list[tuple[float, float]] = []
    for k, ep in enumerate(eps):
        t0 = time.time()
        smiles, y, dropped, n_rows = data[ep.name]
        idx = np.array([pos[s] for s in smiles])
        Xe, Be = X[idx], B[idx]
        scafs = [scaffold_of[s] for s in smiles]
        test = heldout_mask(ep.is_classification, scafs, y)
        dev = ~test
        _, groups = np.unique(np.array(scafs)[dev], return_inverse=True)
        folds = cv_folds(ep.is_classification, y[dev], groups)
        Xd, yd = Xe[dev], y[dev]
        cv = []
        for params in GRID:
            scores = []
            for tr, va in folds:
                m = make_model(ep, params).fit(Xd[tr], yd[tr])
                scores.append(score(ep, yd[va], predict(ep, m, Xd[va])))
            cv.append((float(np.nanmean(scores)), float(np.nanstd(scores)), params))
        best = (max if higher_is_better(ep) else min)(cv, key=lambda c: c[0])
        params = best[2]
        m = make_model(ep, params).fit(Xd, yd)
        p_test = predict(ep, m, Xe[test])
        test_score = score(ep, y[test], p_test)
        # AD analysis on the held-out side
        sims = nn_similarity(Be[test], Be[dev])
        if ep.is_classification:
            base = float(yd.mean())
            rel = (y[test] - p_test) ** 2 / max(base * (1 - base), 1e-6)
        else:
            rel = np.abs(y[test] - p_test) / max(float(yd.std()), 1e-6)
        ad_records.extend(zip(sims.tolist(), rel.tolist()))
        # shipped model: refit on everything
        final = make_model(ep, params).fit(Xe, y)
        fname = f"{ep.folder}.ubj"
        final.get_booster().save_model(os.path.join(args.out, fname))
        results[ep.name] = {
            "name": ep.name,
            "folder": ep.folder,
            "file_in": ep.file,
            "group": ep.group,
            "task": ep.task,
            "metric": ep.metric,
            "unit": ep.unit,
            "description": ep.description,
            "transform": ep.transform,
            "offset": ep.offset,
            "rows": n_rows,
            "training_size": int(len(y)),
            "dropped_conflicting": int(dropped),
            "positive_fraction": round(float(y.mean()), 4) if ep.is_classification else None,
            "dev_size": int(dev.sum()),
            "test_size": int(test.sum()),
            "heldout_metric": round(test_score, 4),
            "cv_mean": round(best[0], 4),
            "cv_std": round(best[1], 4),
            "cv_all": [{"params": c[2], "mean": round(c[0], 4), "std": round(c[1], 4)} for c in cv],
            "params": dict(BASE, **params),
            "heldout_median_nn_similarity": round(float(np.median(sims)), 4),
            "file": fname,
            "data_sha256": None,
        }
        log(f"[{k + 1}/{len(eps)}] {ep.name:32s} n={len(y):6d} test={int(test.sum()):5d} {ep.metric:8s} "
            f"heldout={test_score:.3f} cv={best[0]:.3f}±{best[1]:.3f} params={params} ({time.time() - t0:.0f}s)")

    # 4. AD threshold and fingerprints
    thr, ad_table = choose_ad_threshold(ad_records)
    log(f"[ad] threshold {thr}; table: {json.dumps(ad_table)}")
    for r in results.values():
        r["ad_threshold"] = thr
    ad_pos = {s: i for i, s in enumerate(ad_union)}
    B_ad = np.zeros((len(ad_union), F.FP_SIZE), dtype=bool)
    for s_, i in ad_pos.items():
        if s_ in pos:
            B_ad[i] = B[pos[s_]]
        else:
            B_ad[i] = F.ad_bits(F.parse_smiles(s_))
    membership = np.zeros((len(ENDPOINTS), len(ad_union)), dtype=bool)
    for k, ep in enumerate(ENDPOINTS):
        membership[k, [ad_pos[s_] for s_ in data[ep.name][0]]] = True
    indptr, indices = bits_to_csr(B_ad)
    np.savez_compressed(
        os.path.join(args.out, "ad_fingerprints.npz"),
        indptr=indptr,
        indices=indices,
        membership=np.packbits(membership, axis=1),
        n_molecules=np.array(len(ad_union)),
        endpoints=np.array([e.name for e in ENDPOINTS]),
    )

    shas = sha_table(args.data)
    for ep in eps:
        rel = f"{ep.folder}/{ep.file}"
        results[ep.name]["data_sha256"] = shas.get(rel) or file_sha256(os.path.join(args.data, rel))

    # merge with an existing manifest when training a subset
    mpath = os.path.join(args.out, "manifest.json")
    endpoints_out = results
    if args.endpoints and os.path.isfile(mpath):
        old = json.load(open(mpath, encoding="utf-8"))
        endpoints_out = {e["name"]: e for e in old.get("endpoints", [])}
        endpoints_out.update(results)
        log("[warn] subset run: the AD threshold of the other endpoints is kept from the old manifest")
    ordered = [endpoints_out[e.name] for e in ENDPOINTS if e.name in endpoints_out]
    manifest = {
        "version": _dt.date.today().isoformat(),
        "created": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "versions": {
            "rdkit": rdkit.__version__,
            "xgboost": xgb.__version__,
            "scikit-learn": sklearn.__version__,
            "numpy": np.__version__,
            "scipy": scipy.__version__,
            "python": sys.version.split()[0],
        },
        "data_root": "tdc-admet",
        "features": {
            "morgan_radius": F.FP_RADIUS,
            "morgan_size": F.FP_SIZE,
            "morgan": "count, clipped at 255",
            "descriptors": F.DESCRIPTOR_NAMES,
            "n_features": F.N_FEATURES,
        },
        "seeds": {"split": SPLIT_SEED, "cv": CV_SEED, "model": MODEL_SEED},
        "split": {"method": "Bemis-Murcko scaffold groups, shuffled", "test_fraction": TEST_FRACTION, "cv_folds": N_FOLDS},
        "grid": {"base": BASE, "configs": GRID},
        "applicability_domain": {
            "fingerprint": "Morgan r2 2048 bits (RDKit rdFingerprintGenerator)",
            "similarity": "Tanimoto, nearest neighbour among the endpoint's training molecules",
            "file": "ad_fingerprints.npz",
            "threshold": thr,
            "candidates": AD_CANDIDATES,
            "analysis": ad_table,
            "heldout_molecules": len(ad_records),
        },
        "training_seconds": round(time.time() - t_start, 1),
        "endpoints": ordered,
    }
    with open(mpath, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    log(f"[done] {len(eps)} endpoints in {time.time() - t_start:.0f}s -> {args.out}")
    from .calibrate import calibrate_and_reference

    calibrate_and_reference(args.out, [e for e in eps if e.is_classification], prepared)
    from .validate import validate

    validate(mpath, eps, prepared)


if __name__ == "__main__":
    main()
