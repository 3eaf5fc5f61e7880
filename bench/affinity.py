#!/usr/bin/python3
"""3D affinity (module ``sign``) benchmark on the PDBbind complexes that carry structures
(``pdbbind-affinity`` under ``YUNYAO_DATASETS``, default ../shared/datasets; see ``yunyao.datasets``).

    PYTHONPATH=python /usr/bin/python3 bench/affinity.py [--cache=/tmp/sign-cache] [--timed=20]

Prints, as JSON:

* scoring power (Pearson R, Spearman, RMSE in pK) of calibrated Vina, the corrected model and the raw
  Vina and Vinardo scores, by grouped repeated cross-validation and on GIGN's held-out splits (``train.evaluate``,
  the training command's own figures, recomputed from the feature cache the training wrote);
* throughput: ``complex_features`` (two ``vina --score_only`` calls plus the contact counts) on the
  first ``--timed`` complexes' crystal poses with their prepared receptors from the cache, one Vina
  process at a time on one core: complexes per core-second, and the contact counts' own share;
* the shipped model's load time (JSON meta, xgboost booster, domain reference).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

from rdkit import Chem  # noqa: E402
from scipy import stats  # noqa: E402

from yunyao.affinity import model as shipped  # noqa: E402
from yunyao.affinity.complexes import feature_table, list_complexes, read_crystal_ligand  # noqa: E402
from yunyao.affinity.features import FEATURE_NAMES, complex_features, contact_counts, protein_heavy_atoms  # noqa: E402
from yunyao.affinity.train import evaluate  # noqa: E402
from yunyao.datasets import dataset_path  # noqa: E402


def throughput(complexes, cache: str, timed: int) -> dict:
    full, contacts = [], []
    for c in complexes[:timed]:
        workdir = os.path.join(cache, c.pdbid)
        with gzip.open(os.path.join(c.folder, f"{c.pdbid}_ligand.sdf.gz"), "rt") as fh:
            mol = Chem.RemoveHs(read_crystal_ligand(fh.read()), sanitize=False)
        start = time.perf_counter()
        complex_features(f"{workdir}/prepared.pdb", f"{workdir}/receptor.pdbqt", mol)
        full.append(time.perf_counter() - start)
        start = time.perf_counter()
        contact_counts(protein_heavy_atoms(f"{workdir}/prepared.pdb"), mol)
        contacts.append(time.perf_counter() - start)
    return {
        "complexes": len(full),
        "seconds_per_complex_median": round(float(np.median(full)), 3),
        "complexes_per_core_second": round(len(full) / sum(full), 3),
        "contact_features_seconds_median": round(float(np.median(contacts)), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", default="/tmp/sign-cache", help="the training command's feature cache")
    parser.add_argument("--timed", type=int, default=20)
    args = parser.parse_args()
    complexes = list_complexes(dataset_path("pdbbind-affinity"))
    table = feature_table(complexes, args.cache, log=lambda _: None)
    kept = [c for c in complexes if c.pdbid in table]
    x = np.array([table[c.pdbid] for c in kept])
    y = np.array([c.pk for c in kept])
    start = time.perf_counter()
    shipped.load()
    load_s = time.perf_counter() - start
    print(json.dumps({
        "complexes": len(kept),
        "scoring_power": evaluate(kept, x, y),
        # A linear map leaves Pearson R unchanged: the engines' own correlation over every complex, no fit at all.
        "raw_pearson_all": {name: round(float(stats.pearsonr(-x[:, FEATURE_NAMES.index(name)], y)[0]), 3) for name in ("vina_total", "vinardo_total")},
        "throughput": throughput([c for c in kept if os.path.exists(os.path.join(args.cache, c.pdbid, "receptor.pdbqt"))], args.cache, args.timed),
        "model_load_seconds": round(load_s, 3),
    }, indent=1))


if __name__ == "__main__":
    main()
