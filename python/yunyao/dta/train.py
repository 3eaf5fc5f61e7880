"""Train the drug–target affinity network on the DeepDTA training folds of Davis or KIBA.

    python -m yunyao.dta.train --dataset=davis [--max-minutes=25] [--threads=2] [--subset=N] [--out=DIR]

Reads ``YUNYAO_DATASETS/dta/<dataset>`` (or ``--data-dir``). Fold 0 of DeepDTA's five training folds
is the validation split (model selection: the epoch with the lowest validation MSE); folds 1-4
train. Writes ``<dataset>.pt``, ``<dataset>.json`` (version, data hash, params, seed, validation CI
and MSE, timing) and ``<dataset>-domain.npz`` to ``--out`` (default: the shipped models folder).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import time

import numpy as np
import torch
from rdkit import rdBase

from ..datasets import dataset_path
from . import dataset as dta_data
from .domain import kmer_ids, threshold
from .metrics import concordance_index, mean_squared_error
from .model_files import MODELS_DIR, save
from .network import DEFAULT_PARAMS, AffinityNet

MODEL_VERSION = "1.0.0"
BATCH = 512
# Proteins per group (see protein_grouped_batches).
GROUP = 16
LEARNING_RATE = 1e-3


def batch_tensors(data: dta_data.DtaData, rows: np.ndarray) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    proteins, protein_of_pair = np.unique(data.protein[rows], return_inverse=True)
    return torch.from_numpy(data.residues[proteins]), torch.from_numpy(protein_of_pair), torch.from_numpy(data.fingerprints[data.drug[rows]])


def protein_grouped_batches(data: dta_data.DtaData, rows: np.ndarray, rng: np.random.Generator) -> list[np.ndarray]:
    """Batches drawn from the pairs of GROUP proteins at a time. The sequence CNN is the costly part and
    there are only a few hundred proteins, so a batch that spans 16 proteins encodes 16 sequences instead
    of one per pair: an epoch costs about one CNN pass per protein, which is what makes training on two
    CPU cores take minutes per model instead of hours."""
    proteins = rng.permutation(np.unique(data.protein[rows]))
    batches = []
    for start in range(0, len(proteins), GROUP):
        group_rows = rng.permutation(rows[np.isin(data.protein[rows], proteins[start : start + GROUP])])
        batches.extend(group_rows[i : i + BATCH] for i in range(0, len(group_rows), BATCH))
    return [batches[i] for i in rng.permutation(len(batches))]


def predict_rows(net: AffinityNet, data: dta_data.DtaData, rows: np.ndarray) -> np.ndarray:
    """Each protein is encoded once, then every pair is scored from its encoding."""
    net.eval()
    proteins, protein_of_pair = np.unique(data.protein[rows], return_inverse=True)
    with torch.no_grad():
        encoded = torch.cat([net.protein(torch.from_numpy(data.residues[proteins[i : i + 64]])) for i in range(0, len(proteins), 64)])
        out = [
            net.score(encoded, torch.from_numpy(protein_of_pair[i : i + 4096]), torch.from_numpy(data.fingerprints[data.drug[rows[i : i + 4096]]])).numpy()
            for i in range(0, len(rows), 4096)
        ]
    return np.concatenate(out) if out else np.zeros(0, dtype=np.float32)


def train(data: dta_data.DtaData, max_minutes: float, max_epochs: int, patience: int, seed: int, log=print) -> tuple[AffinityNet, dict]:
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    validation = np.flatnonzero(data.fold == dta_data.VALIDATION_FOLD)
    training = np.flatnonzero(data.fold != dta_data.VALIDATION_FOLD)
    net = AffinityNet(**DEFAULT_PARAMS)
    optimiser = torch.optim.Adam(net.parameters(), lr=LEARNING_RATE)
    best = {"mse": float("inf"), "epoch": 0, "state": copy.deepcopy(net.state_dict())}
    started = time.time()
    epoch = 0
    while epoch < max_epochs and time.time() - started < max_minutes * 60 and epoch - best["epoch"] < patience:
        epoch += 1
        net.train()
        for rows in protein_grouped_batches(data, training, rng):
            optimiser.zero_grad()
            loss = torch.nn.functional.mse_loss(net(*batch_tensors(data, rows)), torch.from_numpy(data.label[rows]))
            loss.backward()
            optimiser.step()
        mse = mean_squared_error(data.label[validation], predict_rows(net, data, validation))
        log(f"epoch {epoch}: validation MSE {mse:.4f} ({time.time() - started:.0f} s)")
        if mse < best["mse"]:
            best = {"mse": mse, "epoch": epoch, "state": copy.deepcopy(net.state_dict())}
    net.load_state_dict(best["state"])
    predicted = predict_rows(net, data, validation)
    report = {
        "validation": {
            "split": f"DeepDTA training fold {dta_data.VALIDATION_FOLD} (setting 1: random drug-protein pairs)",
            "pairs": int(len(validation)),
            "ci": round(concordance_index(data.label[validation], predicted), 4),
            "mse": round(mean_squared_error(data.label[validation], predicted), 4),
        },
        "training_pairs": int(len(training)),
        "epochs_run": epoch,
        "best_epoch": best["epoch"],
        "train_seconds": round(time.time() - started, 1),
    }
    return net, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", choices=sorted(dta_data.LABELS), required=True)
    parser.add_argument("--data-dir", help="folder with ligands_can.txt, proteins.txt, train_pairs.tsv (default YUNYAO_DATASETS/dta/<dataset>)")
    parser.add_argument("--out", default=MODELS_DIR)
    parser.add_argument("--max-minutes", type=float, default=120)
    parser.add_argument("--max-epochs", type=int, default=300)
    parser.add_argument("--patience", type=int, default=30, help="stop after this many epochs without a better validation MSE")
    parser.add_argument("--subset", type=int, help="train on the first N pairs only (tests)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    folder = args.data_dir or os.path.join(dataset_path("dta"), args.dataset)
    data = dta_data.load(folder, args.dataset, args.subset)
    net, report = train(data, args.max_minutes, args.max_epochs, args.patience, args.seed)
    kmers = [kmer_ids(s) for s in data.sequences]
    with open(os.path.join(folder, "proteins.txt"), encoding="utf-8") as fh:
        names = list(json.load(fh))
    meta = {
        "name": args.dataset,
        "version": MODEL_VERSION,
        "label": dta_data.LABELS[args.dataset],
        "data_sha256": data.data_sha256,
        "seed": args.seed,
        "params": DEFAULT_PARAMS,
        "batch": BATCH,
        "proteins_per_batch": GROUP,
        "learning_rate": LEARNING_RATE,
        "domain_threshold": round(threshold(kmers), 4),
        "label_range": [float(data.label.min()), float(data.label.max())],
        **report,
        "engines": {"torch": torch.__version__, "rdkit": rdBase.rdkitVersion, "python": platform.python_version()},
    }
    save(args.dataset, net, meta, names, kmers, args.out)
    print(f"{args.dataset}: validation CI {report['validation']['ci']}, MSE {report['validation']['mse']} after {report['epochs_run']} epochs")


if __name__ == "__main__":
    main()
