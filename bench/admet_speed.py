"""ADMET prediction speed on one core.

    PYTHONPATH=python /usr/bin/python3 bench/admet_speed.py [--n 10000] [--smi FILE]

Uses the RDKit NCI sample (/usr/share/RDKit/Data/NCI/first_5K.smi, repeated to --n
molecules) and prints molecules/s for featurisation (parse + RDKit features +
physicochemical set), model prediction (all endpoints), applicability domain
(nearest-neighbour Tanimoto for all endpoints), the end-to-end ``rows_for`` call, and
the model load time (imports + loading every artefact).
"""

from __future__ import annotations

import os

os.environ["OMP_NUM_THREADS"] = "1"  # one core, set before numpy / xgboost load

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--smi", default="/usr/share/RDKit/Data/NCI/first_5K.smi")
    args = ap.parse_args()

    t0 = time.perf_counter()
    import numpy as np

    from yunyao.admet import features as F
    from yunyao.admet.predictor import Predictor

    pred = Predictor()
    load_s = time.perf_counter() - t0

    with open(args.smi, encoding="utf-8") as fh:
        base = [line.split()[0] for line in fh if line.strip()]
    smiles = (base * (args.n // len(base) + 1))[: args.n]

    t = time.perf_counter()
    X, B = [], []
    n_bad = 0
    for s in smiles:
        mol = F.parse_smiles(s)
        if mol is None:
            n_bad += 1
            continue
        x, b, _ = F.featurise_with_physchem(mol)
        X.append(x)
        B.append(b)
    X, B = np.stack(X), np.stack(B)
    feat_s = time.perf_counter() - t

    t = time.perf_counter()
    pred.predict_matrix(X)
    pred_s = time.perf_counter() - t

    t = time.perf_counter()
    pred.similarity(B)
    ad_s = time.perf_counter() - t

    t = time.perf_counter()
    rows = pred.rows_for([("", s) for s in smiles])
    total_s = time.perf_counter() - t

    n = len(smiles)
    res = {
        "molecules": n,
        "unparsable": n_bad,
        "endpoints": len(pred.names),
        "load_s": round(load_s, 3),
        "featurise_mol_per_s": round(len(X) / feat_s, 1),
        "predict_mol_per_s": round(len(X) / pred_s, 1),
        "ad_mol_per_s": round(len(X) / ad_s, 1),
        "total_mol_per_s": round(n / total_s, 1),
        "total_without_ad_mol_per_s (sum of parts)": round(len(X) / (feat_s + pred_s), 1),
        "rows": len(rows),
    }
    for k, v in res.items():
        print(f"{k:45s} {v}")
    print(json.dumps(res))


if __name__ == "__main__":
    main()
