"""graph_dta (2D drug–target affinity) speed and validation figures of the committed models.

    PYTHONPATH=python nice /usr/bin/python3 bench/affinity_dta.py [--n 2000] [--threads 1] [--no-validation]

Prints, per model (davis, kiba): load time (imports + weights + domain artefact), pairs/s for
featurisation (SMILES -> Morgan fingerprint), for the network alone and end to end (featurise +
predict + applicability domain) for --n molecules of the RDKit NCI sample against one protein
(Aurora A, the kinase domain of test-fixtures/pdb/5dpv.pdb); and, when YUNYAO_DATASETS holds dta/,
the CI and MSE of the committed weights on the validation fold recomputed from the data, with the
per-protein CI (ranking the drugs for one kinase), the per-drug CI (ranking the kinases for one drug)
and the coverage of the model's conformal interval on the whole fold (its calibration half included;
``python -m yunyao.graph_dta.calibrate`` reports the held-out half alone).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "python"))

NCI_SAMPLE = "/usr/share/RDKit/Data/NCI/first_5K.smi"
PROTEIN_PDB = os.path.join(ROOT, "test-fixtures", "pdb", "5dpv.pdb")


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f} pairs/s ({seconds:.2f} s)"


def validation_figures(name: str, model) -> str:
    import numpy as np

    from yunyao.datasets import datasets_dir
    from yunyao.graph_dta.data import read_pair_table
    from yunyao.graph_dta.calibrate import ranking_figures
    from yunyao.graph_dta.metrics import mean_squared_error
    from yunyao.graph_dta.train import Featurised, predict_rows

    folder = os.path.join(datasets_dir(), "dta", name)
    if not os.path.isdir(folder):
        return "validation: dataset not found (set YUNYAO_DATASETS)"
    table = read_pair_table(folder)
    fold = model.metadata["params"]["validation_fold"]
    rows = np.flatnonzero(table.fold == fold)
    t = time.perf_counter()
    predicted = predict_rows(model.network, Featurised(table), table, rows)
    seconds = time.perf_counter() - t
    truth = table.label[rows]
    same_data = "same data" if table.sha256 == model.metadata["data_sha256"] else "DATA DIFFERS FROM TRAINING"
    ranking = ranking_figures(truth, predicted, table.protein[rows], table.drug[rows])
    interval = model.metadata.get("interval")
    coverage = f"{np.mean(np.abs(truth - predicted) <= interval['half_width']):.3f} (±{interval['half_width']})" if interval else "no interval"
    return (
        f"validation fold {fold}: {len(rows)} pairs, CI {ranking['ci']:.4f}, "
        f"MSE {mean_squared_error(truth, predicted):.4f} ({same_data}; featurise + predict {seconds:.1f} s)\n"
        f"  per-protein CI {ranking['ci_per_protein']:.4f} ({ranking['proteins_ranked']} proteins), "
        f"per-drug CI {ranking['ci_per_drug']:.4f} ({ranking['drugs_ranked']} drugs); interval coverage {coverage}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--no-validation", action="store_true")
    args = ap.parse_args()

    t0 = time.perf_counter()
    import numpy as np
    import torch

    from yunyao.graph_dta import domain
    from yunyao.graph_dta.featurise import ligand_fingerprint
    from yunyao.graph_dta.model_files import MODEL_NAMES, load_model
    from yunyao.graph_dta.predict import predict_affinities
    from yunyao.graph_dta.sequence import sequence_from_pdb

    torch.set_num_threads(args.threads)
    import_s = time.perf_counter() - t0
    with open(PROTEIN_PDB, encoding="utf-8") as fh:
        sequence = sequence_from_pdb(fh.read(), "5dpv.pdb").sequence
    with open(NCI_SAMPLE, encoding="utf-8") as fh:
        smiles = [line.split()[0] for line in fh if line.strip()][: args.n]
    print(f"{len(smiles)} NCI molecules x Aurora A ({len(sequence)} residues), {args.threads} torch thread(s), imports {import_s:.2f} s")

    for name in MODEL_NAMES:
        t = time.perf_counter()
        model = load_model(name)
        load_s = time.perf_counter() - t
        t = time.perf_counter()
        fingerprints = []
        for s in smiles:
            try:
                fingerprints.append(ligand_fingerprint(s))
            except ValueError:
                continue
        featurise_s = time.perf_counter() - t
        t = time.perf_counter()
        affinities = predict_affinities(model, sequence, fingerprints)
        network_s = time.perf_counter() - t
        t = time.perf_counter()
        domain.nearest_training_protein(sequence, model.domain)
        domain.nearest_training_drug(np.stack(fingerprints), model.domain)
        domain_s = time.perf_counter() - t
        size_mb = sum(os.path.getsize(os.path.join(ROOT, "python", "yunyao", "graph_dta", "models", f"{name}{ext}")) for ext in (".pt", ".domain.npz")) / 1e6
        print(f"[{name}] {model.metadata['version']}: load {load_s:.2f} s (+ imports), files {size_mb:.2f} MB, mean prediction {np.mean(affinities):.2f}")
        print(f"  featurise {rate(len(fingerprints), featurise_s)}; network {rate(len(fingerprints), network_s)}; domain {domain_s * 1000:.0f} ms")
        print(f"  end to end {rate(len(fingerprints), featurise_s + network_s + domain_s)}")
        if not args.no_validation:
            print("  " + validation_figures(name, model))


if __name__ == "__main__":
    main()
