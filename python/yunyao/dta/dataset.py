"""The DeepDTA training folds of Davis or KIBA (``YUNYAO_DATASETS/dta/<name>``), encoded for the network."""

from __future__ import annotations

import csv
import hashlib
import json
import os
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .encoding import encode_ligand, encode_sequence, ligand_molecule

# What the model predicts for each dataset, and from which column of train_pairs.tsv.
LABELS = {"davis": "pKd", "kiba": "kiba_score"}
# DeepDTA's fold 0 of the training positions is held out for model selection; folds 1-4 train.
VALIDATION_FOLD = 0


@dataclass
class DtaData:
    name: str
    sequences: list[str]
    residues: np.ndarray  # proteins x MAX_RESIDUES
    fingerprints: np.ndarray  # drugs x bits
    drug: np.ndarray  # per pair
    protein: np.ndarray  # per pair
    label: np.ndarray  # per pair
    fold: np.ndarray  # per pair
    data_sha256: str


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def load(folder: str, name: str, subset: Optional[int] = None) -> DtaData:
    """``subset`` keeps N pairs spread evenly over the file, so every fold keeps some (the training command's test)."""
    with open(os.path.join(folder, "ligands_can.txt"), encoding="utf-8") as fh:
        smiles = list(json.load(fh).values())  # json keeps the file's order: the drug_index order
    with open(os.path.join(folder, "proteins.txt"), encoding="utf-8") as fh:
        sequences = list(json.load(fh).values())
    pairs_path = os.path.join(folder, "train_pairs.tsv")
    with open(pairs_path, encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    if subset:
        rows = rows[:: max(1, len(rows) // subset)][:subset]
    fingerprints = []
    for s in smiles:
        mol = ligand_molecule(s)
        if mol is None:
            raise SystemExit(f"{name}: RDKit cannot read a training SMILES: {s}")
        fingerprints.append(encode_ligand(mol))
    return DtaData(
        name=name,
        sequences=sequences,
        residues=np.stack([encode_sequence(s) for s in sequences]),
        fingerprints=np.stack(fingerprints),
        drug=np.array([int(r["drug_index"]) for r in rows]),
        protein=np.array([int(r["protein_index"]) for r in rows]),
        label=np.array([float(r[LABELS[name]]) for r in rows], dtype=np.float32),
        fold=np.array([int(r["fold"]) for r in rows]),
        data_sha256=_sha256(pairs_path),
    )
