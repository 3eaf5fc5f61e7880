"""Saving and loading a trained model: ``models/<name>.pt`` (the network's state dict, loaded with
``weights_only`` on CPU; an ensemble when the metadata lists ``members``), ``models/<name>.json`` (metadata: data hash, seed, shape, validation, versions)
and ``models/<name>.domain.npz`` (the training proteins' word sets, see ``domain``)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

import numpy as np
import torch

from ..common import internal_error
from .network import AffinityEnsemble, AffinityNetwork, NetworkShape

# YUNYAO_DTA_MODELS points the step at other weights (the training test predicts with its own).
MODEL_DIR = os.environ.get("YUNYAO_DTA_MODELS") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
MODEL_NAMES = ("davis", "kiba")


@dataclass
class TrainedModel:
    network: AffinityNetwork | AffinityEnsemble
    metadata: dict
    domain: dict[str, np.ndarray]


def shape_from_json(obj: dict) -> NetworkShape:
    return NetworkShape(
        embedding=int(obj["embedding"]),
        filters=(int(obj["filters"][0]), int(obj["filters"][1]), int(obj["filters"][2])),
        kernel=int(obj["kernel"]),
        ligand_hidden=int(obj["ligand_hidden"]),
        ligand_out=int(obj["ligand_out"]),
        head=(int(obj["head"][0]), int(obj["head"][1])),
        dropout=float(obj["dropout"]),
    )


def save_model(folder: str, name: str, network: AffinityNetwork | AffinityEnsemble, metadata: dict, domain: dict[str, np.ndarray]) -> None:
    os.makedirs(folder, exist_ok=True)
    # Half precision halves the committed file; predictions move by far less than the validation error.
    torch.save({key: value.half() for key, value in network.state_dict().items()}, os.path.join(folder, f"{name}.pt"))
    with open(os.path.join(folder, f"{name}.json"), "w", encoding="utf-8") as fh:
        json.dump(metadata, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    np.savez_compressed(os.path.join(folder, f"{name}.domain.npz"), **domain)


def load_model(name: str, folder: str = MODEL_DIR) -> TrainedModel:
    missing = [f for f in (f"{name}.json", f"{name}.pt", f"{name}.domain.npz") if not os.path.isfile(os.path.join(folder, f))]
    if missing:
        internal_error("graph_dta.modelFilesMissing", model=name, files="、".join(missing), folder=folder)
    with open(os.path.join(folder, f"{name}.json"), encoding="utf-8") as fh:
        metadata = json.load(fh)
    shape = shape_from_json(metadata["params"]["network"])
    members = len(metadata.get("members", []))
    network = AffinityEnsemble(shape, members) if members else AffinityNetwork(shape)
    state = torch.load(os.path.join(folder, f"{name}.pt"), map_location="cpu", weights_only=True)
    network.load_state_dict({key: value.float() for key, value in state.items()})
    network.eval()
    with np.load(os.path.join(folder, f"{name}.domain.npz"), allow_pickle=False) as npz:
        domain = {key: npz[key] for key in npz.files}
    return TrainedModel(network, metadata, domain)
