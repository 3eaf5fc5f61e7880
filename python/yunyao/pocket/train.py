"""Train the pocket re-scorer and write it where @yunyao/pockets imports it.

    cd python && /usr/bin/python3 -m yunyao.pocket.train [--features=FILE]

Data: every candidate pocket that the TypeScript detector finds in the COACH420 subset
(YUNYAO_DATASETS/pockets) and in the extra training complexes (Astex from `redock`, fabp4 from
`dude-vs`), exported by bench/pockets-features.ts; label = the pocket centre lies within 4 A of a
relevant ligand's heavy atom (the benchmark's DCA hit). The extra complexes are only ever trained on.
Reported, on COACH420 chains the re-scorer never saw:

* held-out half: hyperparameters chosen by grouped CV on the even-index half (+ extra), trained there,
  scored on the odd-index half (the detector's own held-out half); this model is also written for the
  bench; the same without the extra complexes, to show what they add;
* nested grouped 5-fold CV by protein over all 60 chains (repeated), extra complexes on every
  training side, hyperparameters chosen inside each training side.

The shipped model is then chosen and trained on all 60 chains plus the extra complexes.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform

from ..datasets import REPO_ROOT
from .data import Table, export_features, load_table
from .export import check_vectors, ensemble, write_json
from .metrics import Success, success_over
from .validation import BASE_PARAMS, FOLDS, choose_config, fit, nested_cv, predict

MODEL = "packages/pockets/src/rescorer-model.json"
CHECK = "packages/pockets/src/rescorer-check.json"
HALF_MODEL = "bench/pockets-rescorer-even-half.json"
CV_REPEATS = 3
CHECK_VECTORS = 8


def line(label: str, result: Success) -> str:
    top_n, top_n2 = result.percent()
    return f"{label:<46} ligands {result.ligands:>3}  DCA top-n {top_n:5.1f} %  top-(n+2) {top_n2:5.1f} %"


def provenance(table: Table, config: dict, trained_on: str, metrics: dict) -> dict:
    import xgboost

    return {
        "engine": f"xgboost {xgboost.__version__}",
        "python": platform.python_version(),
        "params": {**BASE_PARAMS, **config},
        "trainedOn": trained_on,
        "dataSha256": table.sha256,
        "date": datetime.date.today().isoformat(),
        "metrics": metrics,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--features", help="a saved bench/pockets-features.ts output instead of running it")
    args = parser.parse_args()
    raw = open(args.features, "rb").read() if args.features else export_features()
    table = load_table(raw)
    structures = [s for s in table.structures if s.source == "coach420"]
    extra = [s for s in table.structures if s.source != "coach420"]
    even = [s for s in structures if s.index % 2 == 0]
    odd = [s for s in structures if s.index % 2 == 1]
    pockets = sum(len(s.hits) for s in table.structures)
    print(f"{len(structures)} COACH420 + {len(extra)} extra structures, {pockets} pockets, {len(table.feature_names)} features, data sha256 {table.sha256[:16]}")

    geometric = success_over(odd, [s.geometric for s in odd])
    half_config = choose_config(even, extra)
    half_booster = fit(even + extra, half_config)
    half = success_over(odd, predict(half_booster, odd))
    alone_config = choose_config(even, [])
    alone = success_over(odd, predict(fit(even, alone_config), odd))
    print(line("held-out half, geometric score", geometric))
    print(line(f"held-out half, re-scored {half_config}", half))
    print(line(f"held-out half, without extra data {alone_config}", alone))

    cv_geometric = success_over(structures, [s.geometric for s in structures])
    nested = nested_cv(structures, extra, CV_REPEATS)
    print(line("all 60, geometric score", cv_geometric))
    print(line(f"nested grouped {FOLDS}-fold CV x{CV_REPEATS}, re-scored", nested))

    metrics = {
        "heldOutHalf": {"geometric": geometric.percent(), "rescored": half.percent(), "withoutExtraData": alone.percent(), "ligands": half.ligands},
        "nestedGroupedCv": {"geometric": cv_geometric.percent(), "rescored": nested.percent(), "ligands": nested.ligands, "folds": FOLDS, "repeats": CV_REPEATS},
    }
    final_config = choose_config(structures, extra)
    final = fit(structures + extra, final_config)
    print(line(f"all 60, shipped model {final_config} (in-sample)", success_over(structures, predict(final, structures))))

    path = lambda rel: os.path.join(REPO_ROOT, rel)  # noqa: E731
    extra_sets = ", ".join(sorted({s.source for s in extra}))
    shipped_on = f"all 60 COACH420 subset chains + {len(extra)} extra complexes ({extra_sets})"
    size = write_json(path(MODEL), ensemble(final, table.feature_names, provenance(table, final_config, shipped_on, metrics)))
    half_on = f"even-index COACH420 half (30 chains) + {len(extra)} extra complexes ({extra_sets})"
    half_size = write_json(path(HALF_MODEL), ensemble(half_booster, table.feature_names, provenance(table, half_config, half_on, metrics)))
    # A few pockets from different proteins, positives included, for the evaluator's test.
    picked = [s.features[i] for s in table.structures[:: max(1, len(table.structures) // CHECK_VECTORS)][:CHECK_VECTORS] for i in range(min(2, len(s.hits)))]
    import numpy as np

    write_json(path(CHECK), check_vectors(final, np.array(picked)))
    print(f"wrote {MODEL} ({size} bytes), {HALF_MODEL} ({half_size} bytes), {CHECK}")


if __name__ == "__main__":
    main()
