"""Reading a DeepDTA-format dataset folder (``train_pairs.tsv``, ``ligands_can.txt``, ``proteins.txt``).

The folder is ``dta/davis`` or ``dta/kiba`` under ``YUNYAO_DATASETS`` (README there), or a test fixture
of the same shape. The label is the table's last column: pKd for Davis, the KIBA score for KIBA.
"""

from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass

import numpy as np

from ..common import file_sha256
from .featurise import PROTEIN_LENGTH
from .mutations import MutationReport, apply_named_mutations


@dataclass
class PairTable:
    smiles: list[str]  # by drug_index (file order of ligands_can.txt)
    protein_names: list[str]  # by protein_index (file order of proteins.txt)
    sequences: list[str]  # with the mutations Davis names applied (``mutations``)
    fold: np.ndarray
    drug: np.ndarray
    protein: np.ndarray
    label: np.ndarray
    label_name: str
    sha256: str  # of train_pairs.tsv
    mutations: MutationReport


def read_json_values(path: str) -> tuple[list[str], list[str]]:
    # json.load keeps the file's key order, which is the index order the pairs refer to.
    with open(path, encoding="utf-8") as fh:
        obj = json.load(fh)
    return list(obj.keys()), list(obj.values())


def read_pair_table(folder: str) -> PairTable:
    pairs_path = os.path.join(folder, "train_pairs.tsv")
    _, smiles = read_json_values(os.path.join(folder, "ligands_can.txt"))
    protein_names, sequences = read_json_values(os.path.join(folder, "proteins.txt"))
    sequences, mutations = apply_named_mutations(protein_names, sequences, PROTEIN_LENGTH)
    with open(pairs_path, encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh, delimiter="\t")
        header = next(reader)
        rows = [r for r in reader if r]
    column = {name: i for i, name in enumerate(header)}

    def ints(name: str) -> np.ndarray:
        return np.array([int(r[column[name]]) for r in rows], dtype=np.int64)

    return PairTable(
        smiles=smiles,
        protein_names=protein_names,
        sequences=sequences,
        fold=ints("fold"),
        drug=ints("drug_index"),
        protein=ints("protein_index"),
        label=np.array([float(r[-1]) for r in rows], dtype=np.float32),
        label_name=header[-1],
        sha256=file_sha256(pairs_path),
        mutations=mutations,
    )
