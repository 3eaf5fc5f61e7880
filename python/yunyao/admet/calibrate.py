"""Calibrate the shipped classifiers on out-of-fold predictions, then rebuild the approved-drug reference.

Run by ``train.py`` after training, or alone with ``train.py --calibrate-only`` (the shipped boosters
are kept; only the out-of-fold models are fitted). Per classifier, with the config the manifest
records and the same scaffold holdout and dev folds as training:

1. out-of-fold probabilities on dev from the scaffold-grouped 5-fold CV (5 fits);
2. the model trained on dev predicts the held-out scaffold test (1 fit);
3. Platt or isotonic is chosen on the dev out-of-fold predictions (``calibration.choose_method``),
   fitted on them and scored on the held-out test: Brier and ECE before and after;
4. the shipped calibrator is the same method fitted on every out-of-fold prediction (dev folds and
   the held-out test, i.e. all of train_val), since the shipped booster saw all of train_val.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import time

import numpy as np

from . import calibration as C
from .train import TrainingData, cv_folds, heldout_mask, log, make_model, predict


def calibrate_endpoint(ep, params: dict, prepared: TrainingData) -> tuple[dict, dict]:
    """(shipped calibrator, report for the manifest) of one classifier."""
    Xe, y, scafs = prepared.endpoint(ep.name)
    test = heldout_mask(ep.is_classification, scafs, y)
    dev = ~test
    Xd, yd = Xe[dev], y[dev]
    _, groups = np.unique(np.array(scafs)[dev], return_inverse=True)
    oof = np.zeros(len(yd))
    for tr, va in cv_folds(ep.is_classification, yd, groups):
        oof[va] = predict(ep, make_model(ep, params).fit(Xd[tr], yd[tr]), Xd[va])
    p_test = predict(ep, make_model(ep, params).fit(Xd, yd), Xe[test])
    method, choice = C.choose_method(oof, yd)
    p_test_cal = C.apply(C.fit(method, oof, yd), p_test)
    yt = y[test]
    heldout = {
        "molecules": int(test.sum()),
        "brier_raw": round(C.brier(p_test, yt), 4),
        "brier_calibrated": round(C.brier(p_test_cal, yt), 4),
        "ece_raw": round(C.expected_calibration_error(p_test, yt), 4),
        "ece_calibrated": round(C.expected_calibration_error(p_test_cal, yt), 4),
    }
    shipped = C.fit(method, np.concatenate([oof, p_test]), np.concatenate([yd, yt]))
    report = {"method": method, "oof_molecules": int(len(y)), "choice_brier_cv": choice, "heldout": heldout}
    return shipped, report


def calibrate_and_reference(out_dir: str, eps, prepared: TrainingData) -> None:
    from .reference import build_reference

    mpath = os.path.join(out_dir, "manifest.json")
    with open(mpath, encoding="utf-8") as fh:
        manifest = json.load(fh)
    by_name = {e["name"]: e for e in manifest["endpoints"]}
    cpath = os.path.join(out_dir, C.CALIBRATION_FILE)
    calibrators: dict = {}
    if os.path.isfile(cpath):  # a subset run keeps the other endpoints' calibrators
        with open(cpath, encoding="utf-8") as fh:
            calibrators = json.load(fh)["calibrators"]
    for k, ep in enumerate(eps):
        t0 = time.time()
        calibrators[ep.name], by_name[ep.name]["calibration"] = calibrate_endpoint(ep, by_name[ep.name]["params"], prepared)
        h = by_name[ep.name]["calibration"]["heldout"]
        log(f"[calibrate {k + 1}/{len(eps)}] {ep.name:32s} {by_name[ep.name]['calibration']['method']:8s} "
            f"Brier {h['brier_raw']:.3f}->{h['brier_calibrated']:.3f} ECE {h['ece_raw']:.3f}->{h['ece_calibrated']:.3f} ({time.time() - t0:.0f}s)")
        # written after every endpoint so an interrupted run keeps what it finished
        _write_json(cpath, {"note": "see yunyao/admet/calibration.py", "calibrators": {n: calibrators[n] for n in sorted(calibrators)}})
        _write_json(mpath, manifest)
    manifest["calibrated"] = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    manifest["reference"] = build_reference(out_dir)
    _write_json(mpath, manifest)


def _write_json(path: str, obj) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
