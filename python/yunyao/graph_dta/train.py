"""Train the graph_dta affinity network on Davis or KIBA (DeepDTA setting-1 training folds).

    nice /usr/bin/python3 -m yunyao.graph_dta.train --model=davis --threads=1 --max-minutes=25

Fold 0 of the five training folds is the validation split (model selection and early stopping);
folds 1–4 are trained on. Every drug and protein of fold 0 also occurs in folds 1–4 (setting 1 is a
random split of pairs), so the validation figures measure interpolation, not new chemotypes or targets.
Writes ``<out>/<model>.pt``, ``.json`` and ``.domain.npz`` (see ``model_files``).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import platform
import time
from datetime import datetime, timezone

import numpy as np
import torch

from ..datasets import dataset_path
from . import calibrate, domain
from .data import PairTable, read_pair_table
from .featurise import FINGERPRINT_BITS, FINGERPRINT_RADIUS, PROTEIN_LENGTH, LigandTable, encode_protein, ligand_table
from .metrics import concordance_index, mean_squared_error
from .model_files import MODEL_DIR, MODEL_NAMES, save_model
from .network import AffinityNetwork, NetworkShape

LABELS = {"davis": "pKd", "kiba": "KIBA score"}


class Featurised:
    """The network's inputs for a whole dataset, on the device that trains."""

    def __init__(self, table: PairTable, ligands: LigandTable | None = None, device: str = "cpu") -> None:
        self.ligands = ligands or ligand_table(table.smiles)
        self.device = torch.device(device)
        self.fingerprints = torch.from_numpy(self.ligands.fingerprints).to(self.device)
        self.proteins = torch.from_numpy(np.stack([encode_protein(s) for s in table.sequences])).to(self.device)


def protein_grouped_batches(table: PairTable, rows: np.ndarray, chunk: int, batch: int, rng: np.random.Generator) -> list[np.ndarray]:
    """Pairs cut into chunks of one protein each, chunks shuffled and joined into batches: a batch of
    ``batch`` pairs then holds about batch/chunk distinct proteins, each encoded once."""
    chunks: list[np.ndarray] = []
    for protein in np.unique(table.protein[rows]):
        mine = rng.permutation(rows[table.protein[rows] == protein])
        chunks += [mine[i : i + chunk] for i in range(0, len(mine), chunk)]
    order = rng.permutation(len(chunks))
    per_batch = max(1, batch // chunk)
    return [np.concatenate([chunks[j] for j in order[i : i + per_batch]]) for i in range(0, len(order), per_batch)]


def forward_pairs(net: AffinityNetwork, feats: Featurised, table: PairTable, rows: np.ndarray) -> torch.Tensor:
    proteins, index = np.unique(table.protein[rows], return_inverse=True)
    drugs = torch.from_numpy(table.drug[rows]).to(feats.device)
    return net(feats.fingerprints[drugs], feats.proteins[torch.from_numpy(proteins).to(feats.device)], torch.from_numpy(index).to(feats.device))


def predict_rows(net: AffinityNetwork, feats: Featurised, table: PairTable, rows: np.ndarray) -> np.ndarray:
    net.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(rows), 4096):
            out.append(forward_pairs(net, feats, table, rows[start : start + 4096]).cpu().numpy())
    net.train()
    return np.concatenate(out) if out else np.zeros((0,), dtype=np.float32)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=MODEL_NAMES, required=True)
    ap.add_argument("--data-dir", help="DeepDTA-format folder (default: dta/<model> under YUNYAO_DATASETS)")
    ap.add_argument("--out", default=MODEL_DIR)
    ap.add_argument("--max-minutes", type=float, default=25.0, help="stop after this wall-clock time, keeping the best epoch")
    ap.add_argument("--max-epochs", type=int, default=300)
    ap.add_argument("--patience", type=int, default=25, help="epochs without a better validation MSE before stopping")
    ap.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--validation-fold", type=int, default=0)
    ap.add_argument("--subset", type=int, default=0, help="train on this many random pairs only (tests, smoke runs)")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--chunk", type=int, default=32, help="pairs of one protein kept together in a batch")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--filters", default="32,64,96", help="the protein CNN's three filter counts")
    ap.add_argument("--device", default="cpu", help="torch device: cpu, or cuda on a GPU machine")
    ap.add_argument("--init-from", help="a folder written by train --out: start from its weights (continues a run --max-minutes cut short)")
    ap.add_argument("--ligand-cache", help="fingerprints .npz: read when written for these SMILES, else computed and written (lets a machine without RDKit train)")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    started = time.monotonic()
    table = read_pair_table(args.data_dir or os.path.join(dataset_path("dta"), args.model))
    rows = np.arange(len(table.label))
    if args.subset:
        rows = np.sort(rng.permutation(rows)[: args.subset])
    validation = rows[table.fold[rows] == args.validation_fold]
    training = rows[table.fold[rows] != args.validation_fold]
    feats = Featurised(table, ligand_table(table.smiles, args.ligand_cache), args.device)
    filters = tuple(int(f) for f in args.filters.split(","))
    shape = NetworkShape(filters=(filters[0], filters[1], filters[2]))
    net = AffinityNetwork(shape).to(feats.device)
    if args.init_from:
        state = torch.load(os.path.join(args.init_from, f"{args.model}.pt"), map_location="cpu", weights_only=True)
        net.load_state_dict({key: value.float() for key, value in state.items()})
    else:
        with torch.no_grad():  # start at the label mean so early epochs fit shape, not offset
            net.head[-1].bias.fill_(float(table.label[training].mean()))
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    # Halving the rate when validation stalls lets the late epochs refine rather than oscillate.
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimiser, factor=0.5, patience=args.patience // 3)
    truth = table.label[validation]
    best = {"mse": float("inf"), "ci": float("nan"), "epoch": 0}
    best_state = copy.deepcopy(net.state_dict())
    deadline = started + args.max_minutes * 60
    epoch = 0
    while epoch < args.max_epochs and time.monotonic() < deadline and epoch - best["epoch"] < args.patience:
        epoch += 1
        losses = []
        for batch in protein_grouped_batches(table, training, args.chunk, args.batch, rng):
            if time.monotonic() >= deadline:
                break
            target = torch.from_numpy(table.label[batch]).to(feats.device)
            loss = torch.nn.functional.mse_loss(forward_pairs(net, feats, table, batch), target)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            losses.append(float(loss))
        predicted = predict_rows(net, feats, table, validation)
        mse = mean_squared_error(truth, predicted)
        scheduler.step(mse)
        if mse < best["mse"]:
            best = {"mse": mse, "ci": concordance_index(truth, predicted), "epoch": epoch}
            best_state = copy.deepcopy(net.state_dict())
        print(f"epoch {epoch} train {np.mean(losses):.4f} valid mse {mse:.4f} best {best['mse']:.4f} (ci {best['ci']:.4f}, epoch {best['epoch']}) {time.monotonic() - started:.0f}s", flush=True)
    net.load_state_dict(best_state)
    seconds = time.monotonic() - started
    meta = metadata(args, table, feats.ligands, shape, best, epoch, len(training), len(validation), seconds)
    if len(validation) >= 4:  # the interval and per-protein / per-drug CI (``calibrate``; rerun it on the saved half-precision weights)
        predicted = predict_rows(net, feats, table, validation)
        meta["interval"] = calibrate.conformal_interval(truth, predicted, table.label[training])
        meta["validation"].update({k: v for k, v in calibrate.ranking_figures(truth, predicted, table.protein[validation], table.drug[validation]).items() if k != "ci"})
    save_model(args.out, args.model, net.cpu(), meta, domain.training_domain(table.protein_names, table.sequences, feats.ligands))
    print(f"saved {args.model}: validation ci {best['ci']:.4f} mse {best['mse']:.4f} after {epoch} epochs, {seconds:.0f}s", flush=True)


def earlier_run(args: argparse.Namespace) -> dict | None:
    """What a continued run started from (``--init-from``): its version, epochs and time."""
    if not args.init_from:
        return None
    with open(os.path.join(args.init_from, f"{args.model}.json"), encoding="utf-8") as fh:
        meta = json.load(fh)
    return {"version": meta["version"], "epochs_run": meta["params"]["epochs_run"], "training_seconds": meta["training_seconds"]}


def metadata(args: argparse.Namespace, table: PairTable, ligands: LigandTable, shape: NetworkShape, best: dict, epochs: int, n_train: int, n_valid: int, seconds: float) -> dict:
    created = datetime.now(timezone.utc)
    return {
        "name": args.model,
        "version": f"{args.model}-{created:%Y%m%d%H%M}-{table.sha256[:8]}",
        "label": LABELS[args.model],
        "data_sha256": table.sha256,
        "seed": args.seed,
        "params": {
            "network": shape.as_json(),
            "ligand": {"fingerprint": "Morgan", "radius": FINGERPRINT_RADIUS, "bits": FINGERPRINT_BITS},
            "protein_length": PROTEIN_LENGTH,
            "optimiser": {"name": "Adam", "lr": args.lr, "schedule": f"halve after {args.patience // 3} epochs without progress", "batch": args.batch, "protein_chunk": args.chunk},
            "validation_fold": args.validation_fold,
            "subset": args.subset,
            "epochs_run": epochs,
            "best_epoch": best["epoch"],
            "max_minutes": args.max_minutes,
            "threads": args.threads,
            "device": args.device,
            "init_from": earlier_run(args),
            "mutations_applied": table.mutations.applied,
            "mutations_not_applied": table.mutations.not_applied,
        },
        "validation": {"ci": round(best["ci"], 4), "mse": round(best["mse"], 4), "pairs": n_valid},
        "training_pairs": n_train,
        "training_seconds": round(seconds),
        "engines": {"torch": torch.__version__, "rdkit": ligands.rdkit_version, "numpy": np.__version__, "python": platform.python_version()},
        "created": created.isoformat(timespec="seconds"),
    }


if __name__ == "__main__":
    main()
