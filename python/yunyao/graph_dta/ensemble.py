"""Join graph_dta networks trained alike from different seeds into one model that predicts their mean.

    PYTHONPATH=python YUNYAO_DATASETS=../shared/datasets /usr/bin/python3 -m yunyao.graph_dta.ensemble \\
        --model=davis --members runs/davis-1 runs/davis-2 runs/davis-3

Each member folder holds a model written by ``train --out`` (same data, network shape and validation
fold). The ensemble's validation CI/MSE, per-protein / per-drug CI and conformal interval are computed
again on that fold, which also chose each member's epoch: slightly optimistic, like a single model's.
"""

from __future__ import annotations

import argparse
import os
from datetime import datetime, timezone

from ..datasets import dataset_path
from .calibrate import evaluate
from .data import read_pair_table
from .model_files import MODEL_DIR, MODEL_NAMES, TrainedModel, load_model, save_model, shape_from_json
from .network import AffinityEnsemble

MEMBER_FIELDS = ("data_sha256", "label")


def join(members: list[TrainedModel]) -> AffinityEnsemble:
    first = members[0].metadata
    for member in members[1:]:
        same = all(member.metadata[k] == first[k] for k in MEMBER_FIELDS) and member.metadata["params"]["network"] == first["params"]["network"]
        if not same or member.metadata["params"]["validation_fold"] != first["params"]["validation_fold"]:
            raise SystemExit(f"{member.metadata['version']} was not trained like {first['version']} (data, label, shape, validation fold)")
    ensemble = AffinityEnsemble(shape_from_json(first["params"]["network"]), len(members))
    for network, member in zip(ensemble.members, members):
        network.load_state_dict(member.network.state_dict())
    ensemble.eval()
    return ensemble


def member_summary(member: TrainedModel) -> dict:
    meta = member.metadata
    return {
        "version": meta["version"],
        "seed": meta["seed"],
        "best_epoch": meta["params"]["best_epoch"],
        "epochs_run": meta["params"]["epochs_run"],
        "continued_from": meta["params"].get("init_from"),
        "validation": {"ci": meta["validation"]["ci"], "mse": meta["validation"]["mse"]},
        "training_seconds": training_seconds(member),
    }


def training_seconds(member: TrainedModel) -> int:
    """The member's own run plus the run it continued (``train --init-from``), if any."""
    earlier = member.metadata["params"].get("init_from") or {}
    return int(member.metadata["training_seconds"] + earlier.get("training_seconds", 0))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=MODEL_NAMES, required=True)
    ap.add_argument("--members", nargs="+", required=True, help="folders written by train --out")
    ap.add_argument("--data-dir")
    ap.add_argument("--out", default=MODEL_DIR)
    args = ap.parse_args(argv)
    members = [load_model(args.model, folder) for folder in args.members]
    ensemble = join(members)
    table = read_pair_table(args.data_dir or os.path.join(dataset_path("dta"), args.model))
    metadata = dict(members[0].metadata)
    if table.sha256 != metadata["data_sha256"]:
        raise SystemExit(f"the members were trained on other data than {table.sha256}")
    interval, validation = evaluate(ensemble, table, metadata["params"]["validation_fold"])
    created = datetime.now(timezone.utc)
    metadata.update(
        version=f"{args.model}-ensemble{len(members)}-{created:%Y%m%d%H%M}-{table.sha256[:8]}",
        seed=[m.metadata["seed"] for m in members],
        members=[member_summary(m) for m in members],
        validation=validation,
        interval=interval,
        training_seconds=sum(training_seconds(m) for m in members),
        created=created.isoformat(timespec="seconds"),
    )
    save_model(args.out, args.model, ensemble, metadata, members[0].domain)
    print(f"saved {args.model} ensemble of {len(members)}: validation ci {validation['ci']:.4f} mse {validation['mse']:.4f}", flush=True)


if __name__ == "__main__":
    main()
