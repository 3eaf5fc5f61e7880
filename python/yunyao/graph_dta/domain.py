"""Applicability domain of a trained model: how close a query protein is to its training proteins.

Each distinct training sequence is kept as the sorted codes of its 4-residue words (no sequence is
stored). For a query, ``c`` = the share of its distinct 4-mers that a training protein also contains;
a 4-mer survives unchanged at sequence identity ``p`` with probability about p⁴, so ``c ** (1/4)``
estimates the identity to that protein (the Mash-style k-mer estimate). The query is in the domain
when its nearest training protein is at least ``IN_DOMAIN_IDENTITY`` identical: a training kinase,
a mutant of one or a close homologue (calibration in docs/models/affinity-2d.md).

    python -m yunyao.graph_dta.domain --model=davis     # rebuild models/davis.domain.npz from the dataset
"""

from __future__ import annotations

import argparse
import os

import numpy as np

from ..datasets import dataset_path
from .sequence import AMINO_ACIDS

WORD = 4
IN_DOMAIN_IDENTITY = 0.6
_CODE = np.full(128, AMINO_ACIDS.index("X"), dtype=np.int64)
for _i, _aa in enumerate(AMINO_ACIDS):
    _CODE[ord(_aa)] = _i


def word_codes(sequence: str) -> np.ndarray:
    """Sorted distinct codes of the sequence's overlapping 4-mers."""
    residues = _CODE[np.frombuffer(sequence.encode("ascii"), dtype=np.uint8)]
    if len(residues) < WORD:
        return np.zeros((0,), dtype=np.uint32)
    codes = np.zeros(len(residues) - WORD + 1, dtype=np.int64)
    for offset in range(WORD):
        codes = codes * len(AMINO_ACIDS) + residues[offset : len(residues) - WORD + 1 + offset]
    return np.unique(codes).astype(np.uint32)


def training_domain(names: list[str], sequences: list[str]) -> dict[str, np.ndarray]:
    """The artefact saved next to the weights: names, word codes and each protein's slice of them."""
    first_name: dict[str, str] = {}
    for name, sequence in zip(names, sequences):
        first_name.setdefault(sequence, name)
    words = [word_codes(s) for s in first_name]
    return {
        "names": np.array(list(first_name.values())),
        "words": np.concatenate(words),
        "offsets": np.cumsum([0] + [len(w) for w in words]).astype(np.int64),
    }


def nearest_training_protein(sequence: str, domain: dict[str, np.ndarray]) -> tuple[int, float]:
    """(row of the nearest training protein, estimated sequence identity to it)."""
    query = word_codes(sequence)
    owner = np.repeat(np.arange(len(domain["names"])), np.diff(domain["offsets"]))
    shared = np.bincount(owner[np.isin(domain["words"], query)], minlength=len(domain["names"]))
    best = int(np.argmax(shared))
    return best, float((shared[best] / max(len(query), 1)) ** (1 / WORD))


def main(argv: list[str] | None = None) -> None:
    from .data import read_json_values
    from .model_files import MODEL_DIR, MODEL_NAMES

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=MODEL_NAMES, required=True)
    ap.add_argument("--data-dir")
    ap.add_argument("--out", default=MODEL_DIR)
    args = ap.parse_args(argv)
    folder = args.data_dir or os.path.join(dataset_path("dta"), args.model)
    names, sequences = read_json_values(os.path.join(folder, "proteins.txt"))
    np.savez_compressed(os.path.join(args.out, f"{args.model}.domain.npz"), **training_domain(names, sequences))


if __name__ == "__main__":
    main()
