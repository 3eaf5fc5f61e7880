"""Where a trained model lives and how it is loaded: weights, metadata and the training proteins' 5-mers."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

import numpy as np
import torch

from .network import AffinityNet

MODELS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "models")
MODEL_NAMES = ("davis", "kiba")


def paths(name: str, directory: str = MODELS_DIR) -> dict[str, str]:
    base = os.path.join(directory, name)
    return {"weights": f"{base}.pt", "meta": f"{base}.json", "domain": f"{base}-domain.npz"}


@dataclass
class LoadedModel:
    net: AffinityNet
    meta: dict
    protein_names: list[str]
    protein_kmers: list[np.ndarray]


def save(name: str, net: AffinityNet, meta: dict, protein_names: list[str], protein_kmers: list[np.ndarray], directory: str = MODELS_DIR) -> None:
    os.makedirs(directory, exist_ok=True)
    p = paths(name, directory)
    torch.save(net.state_dict(), p["weights"])
    lengths = np.array([len(k) for k in protein_kmers], dtype=np.int32)
    np.savez_compressed(p["domain"], names=np.array(protein_names), lengths=lengths, kmers=np.concatenate(protein_kmers))
    with open(p["meta"], "w", encoding="utf-8") as fh:
        json.dump(meta, fh, indent=2, ensure_ascii=False)
        fh.write("\n")


def load(name: str, directory: str = MODELS_DIR) -> LoadedModel:
    p = paths(name, directory)
    with open(p["meta"], encoding="utf-8") as fh:
        meta = json.load(fh)
    net = AffinityNet(**meta["params"])
    net.load_state_dict(torch.load(p["weights"], map_location="cpu"))
    net.eval()
    domain = np.load(p["domain"])
    kmers = np.split(domain["kmers"], np.cumsum(domain["lengths"])[:-1])
    return LoadedModel(net, meta, [str(n) for n in domain["names"]], kmers)
