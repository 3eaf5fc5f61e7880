#!/usr/bin/python3
"""3D affinity (module ``sign``) checks on the shared structures (``YUNYAO_DATASETS``, default ../shared/datasets;
see ``yunyao.datasets``). The model's cross-validated figures come from its training command
(``python -m yunyao.sign.train``) and travel in ``models/sign.json``; this prints, as JSON:

* ``tables``: the platform featuriser on ``pdbbind-features/ecif_examples`` (whole proteins) against the
  training tables at all 23 cutoffs: mismatching counts (0 = identical to the unit);
* ``pocket_vs_whole``: the same five complexes, pockets cut here (whole residues within 10 Å of the ligand):
  largest feature and prediction difference from the whole protein; and PDBbind's own pocket files
  (``pdbbind-affinity/toy_structures``, cut by PDBbind) of the complexes that are also rows of the
  training tables (computed there from whole proteins): how many give the table's features exactly;
* ``throughput``: the step's per-complex work on the first ``--timed`` whole proteins of ``redock/`` (Astex
  complexes, drug-like crystal ligands) prepared by ``protein_prep``
  (reading the receptor's atoms, contact shells, one ``vina --score_only``, prediction, interval, domain),
  counted in CPU seconds of this process and its Vina children: posed complexes per core-second, and the
  Vina call's share.

    PYTHONPATH=python /usr/bin/python3 bench/affinity.py [--timed=6]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
sys.path.insert(0, PYTHON_DIR)
sys.path.insert(0, os.path.join(PYTHON_DIR, "tests"))

from rdkit import Chem  # noqa: E402

from test_affinity_features import ALL_CUTOFFS, EXAMPLE_IDS, example_counts, features_of, pocket_cut, read_example  # noqa: E402
from yunyao.sign.features import CUTOFFS, complex_features, largest_fragment, protein_heavy_atoms, shells, vina_score  # noqa: E402
from yunyao.sign.model import load  # noqa: E402
from yunyao.sign.train import read_counts  # noqa: E402
from yunyao.datasets import dataset_path, datasets_dir  # noqa: E402


def tables() -> dict:
    counts = {c: read_counts(datasets_dir(), c) for c in ALL_CUTOFFS}
    mismatches = 0
    for pdbid in EXAMPLE_IDS:
        ours = example_counts(pdbid)
        mismatches += int(sum((ours[k] != counts[c][pdbid]).sum() for k, c in enumerate(ALL_CUTOFFS)))
    return {"complexes": len(EXAMPLE_IDS), "cutoffs": len(ALL_CUTOFFS), "counts_compared": len(EXAMPLE_IDS) * len(ALL_CUTOFFS) * 36, "mismatching": mismatches}


def pocket_vs_whole(model) -> dict:
    feature_diff, pk_diff = 0.0, 0.0
    for pdbid in EXAMPLE_IDS:
        protein, ligand = read_example(pdbid)
        whole, pocket = features_of(protein, ligand), features_of(pocket_cut(protein, ligand), ligand)
        feature_diff = max(feature_diff, float(np.abs(whole - pocket).max()))
        pk_diff = max(pk_diff, float(abs(model.predict(whole[None, :])[0] - model.predict(pocket[None, :])[0])))
    root = os.path.join(dataset_path("pdbbind-affinity"), "toy_structures")
    cumulative = {c: read_counts(datasets_dir(), c) for c in CUTOFFS}
    same, compared, pk_gap = 0, 0, []
    for pdbid in sorted(os.listdir(root)):
        if pdbid not in cumulative[CUTOFFS[0]]:
            continue
        with gzip.open(os.path.join(root, pdbid, f"{pdbid}_ligand.sdf.gz"), "rt", encoding="utf-8") as fh:
            ligand = Chem.MolFromMolBlock(fh.read(), sanitize=False, removeHs=False)
        with gzip.open(os.path.join(root, pdbid, f"{pdbid}_pocket.pdb.gz"), "rt", encoding="utf-8") as fh:
            ours = features_of(fh.readlines(), ligand)
        table = shells(np.array([cumulative[c][pdbid] for c in CUTOFFS]))
        compared += 1
        same += int(np.array_equal(ours, table))
        pk_gap.append(abs(float(model.predict(ours[None, :])[0] - model.predict(table[None, :])[0])))
    return {
        "cut_here": {"complexes": len(EXAMPLE_IDS), "max_feature_difference": feature_diff, "max_pk_difference": pk_diff},
        "pdbbind_pockets": {"complexes": compared, "features_identical_to_whole_protein_table": same, "max_pk_difference": round(max(pk_gap), 3), "median_pk_difference": round(float(np.median(pk_gap)), 3)},
    }


def cpu_seconds() -> float:
    """This process's CPU time plus its finished children's (the Vina calls): core-seconds, whatever else loads the machine."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def throughput(model, tmp: str, count: int) -> dict:
    per_complex, vina_s, wall = [], [], []
    root = dataset_path("redock")
    for pdbid in sorted(os.listdir(root))[:count]:
        ligand = Chem.MolFromMolFile(os.path.join(root, pdbid, "ligand.sdf"))
        work = os.path.join(tmp, pdbid)
        os.makedirs(work)
        with open(os.path.join(root, pdbid, "protein.pdb"), encoding="utf-8") as src, open(os.path.join(work, "in.pdb"), "w", encoding="utf-8") as fh:
            fh.write(src.read())
        # Preparing the receptor happens once per task, whatever the number of ligands: not timed.
        subprocess.run([sys.executable, "-m", "yunyao.protein_prep", "--input=in.pdb", "--log=prep.log", "--summary=prep.json", "--rows=rows.json"],
                       cwd=work, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": PYTHON_DIR})
        # What the step does per posed ligand, from the receptor's atoms to the row's pK, interval and domain.
        start, start_wall = cpu_seconds(), time.perf_counter()
        atoms = protein_heavy_atoms(os.path.join(work, "protein_prepared.pdb"))
        mol = largest_fragment(ligand)
        features = complex_features(atoms, mol)
        before_vina = cpu_seconds()
        vina_score(os.path.join(work, "protein.pdbqt"), mol)
        vina_s.append(cpu_seconds() - before_vina)
        pk = model.predict(features[None, :])
        model.interval(pk)
        model.domain_note(features, mol)
        per_complex.append(cpu_seconds() - start)
        wall.append(time.perf_counter() - start_wall)
    return {
        "complexes": len(per_complex),
        "cpu_seconds_per_complex_median": round(float(np.median(per_complex)), 3),
        "complexes_per_core_second": round(len(per_complex) / sum(per_complex), 2),
        "vina_share": round(sum(vina_s) / sum(per_complex), 2),
        "wall_seconds_per_complex_median": round(float(np.median(wall)), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timed", type=int, default=6)
    args = parser.parse_args()
    start = time.perf_counter()
    model = load()
    load_s = time.perf_counter() - start
    with tempfile.TemporaryDirectory(prefix="bench-affinity-") as tmp:
        print(json.dumps({"tables": tables(), "pocket_vs_whole": pocket_vs_whole(model), "throughput": throughput(model, tmp, args.timed), "model_load_seconds": round(load_s, 2)}, indent=1))


if __name__ == "__main__":
    main()
