"""Applicability domain of a trained model: how close a query protein and each query ligand are to the
training proteins and drugs.

Each distinct training sequence is kept as the sorted codes of its 4-residue words (no sequence is
stored). For a query, ``c`` = the share of its distinct 4-mers that a training protein also contains;
a 4-mer survives unchanged at sequence identity ``p`` with probability about p⁴, so ``c ** (1/4)``
estimates the identity to that protein (the Mash-style k-mer estimate). The query is in the domain
when its nearest training protein is at least ``IN_DOMAIN_IDENTITY`` identical: a training kinase,
a mutant of one or a close homologue (calibration in docs/models/affinity-2d.md).

A query that differs from its nearest training protein at a few isolated residues (each substitution
removes the 4 words that cover it, so it shows as a run of 4 query words the training protein lacks)
is a point mutant: the row keeps its prediction but says that the model cannot resolve such mutations
(Davis's mutant constructs carry the wild-type sequence, so the network never saw a substitution).

Ligand side: the training drugs' Morgan fingerprints (the network's own input bits, packed) and their
heavy-atom counts. A query ligand is in the domain when its nearest training drug is at least
``ligand_threshold`` Tanimoto-similar (the 5th percentile of the training drugs' leave-one-out nearest
neighbours: 95 % of training drugs pass against the others) and its heavy-atom count lies within the
training drugs' 1st–99th percentile.

    python -m yunyao.graph_dta.domain --model=davis     # rebuild models/davis.domain.npz from the dataset
"""

from __future__ import annotations

import argparse
import os

import numpy as np

from ..common import Message, message
from ..datasets import dataset_path
from .featurise import LigandTable, ligand_table
from .sequence import AMINO_ACIDS

WORD = 4
IN_DOMAIN_IDENTITY = 0.6
# A query with 1..MAX_POINT_DIFFERENCES isolated substitutions against its nearest training protein.
MAX_POINT_DIFFERENCES = 5
LIGAND_PERCENTILE = 5.0
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


def training_domain(names: list[str], sequences: list[str], ligands: LigandTable) -> dict[str, np.ndarray]:
    """The artefact saved next to the weights: protein names, word codes and each protein's slice of
    them; the training drugs' packed fingerprints, heavy-atom bounds and similarity threshold."""
    short_name: dict[str, str] = {}
    for name, sequence in zip(names, sequences):
        # the shortest of the names sharing a sequence: ABL1-phosphorylated rather than ABL1(E255K)-phosphorylated
        if sequence not in short_name or len(name) < len(short_name[sequence]):
            short_name[sequence] = name
    words = [word_codes(s) for s in short_name]
    return {
        "names": np.array(list(short_name.values())),
        "words": np.concatenate(words),
        "offsets": np.cumsum([0] + [len(w) for w in words]).astype(np.int64),
        **ligand_domain(ligands),
    }


def ligand_domain(ligands: LigandTable) -> dict[str, np.ndarray]:
    bits = ligands.fingerprints > 0.5
    heavy = ligands.heavy_atoms
    similarity = tanimoto_matrix(bits, bits)
    np.fill_diagonal(similarity, -1.0)
    loo_nearest = similarity.max(axis=1)
    return {
        "ligand_bits": np.packbits(bits, axis=1),
        "ligand_threshold": np.array(np.percentile(loo_nearest, LIGAND_PERCENTILE, method="lower"), dtype=np.float32),
        "ligand_heavy_atoms": np.array([np.percentile(heavy, 1, method="lower"), np.percentile(heavy, 99, method="higher")], dtype=np.int64),
    }


def tanimoto_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Tanimoto similarity of each boolean fingerprint row of ``a`` to each of ``b``."""
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    shared = a32 @ b32.T
    union = a32.sum(1)[:, None] + b32.sum(1)[None, :] - shared
    return np.where(union > 0, shared / np.maximum(union, 1), 0.0)


def nearest_training_drug(fingerprints: np.ndarray, domain: dict[str, np.ndarray]) -> np.ndarray:
    """Tanimoto similarity of each query fingerprint (rows, the network's input) to its nearest training drug."""
    if len(fingerprints) == 0:
        return np.zeros((0,), dtype=np.float32)
    training = np.unpackbits(domain["ligand_bits"], axis=1)[:, : fingerprints.shape[1]].astype(bool)
    return np.max(tanimoto_matrix(fingerprints > 0.5, training), axis=1)


def ligand_note(similarity: float, heavy_atoms: int, domain: dict[str, np.ndarray]) -> "Message | None":
    """None when the ligand is inside the training drugs' domain, else why not (a message, the row's ``domain_note``)."""
    low, high = (int(v) for v in domain["ligand_heavy_atoms"])
    if not low <= heavy_atoms <= high:
        return message("graph_dta.ligandHeavyAtoms", heavy=heavy_atoms, low=low, high=high)
    threshold = float(domain["ligand_threshold"])
    if similarity < threshold:
        return message("graph_dta.ligandDissimilar", similarity=f"{similarity:.2f}", threshold=f"{threshold:.2f}")
    return None


def point_differences(sequence: str, domain: dict[str, np.ndarray], row: int) -> list[str]:
    """Query residues (e.g. "I315") at isolated substitutions against training protein ``row``: each
    a run of exactly 4 query words the training protein lacks, inside the stretch it shares. Empty when
    the query has none, or differs by more than point substitutions (insertions, other regions)."""
    query_words = np.zeros(0, dtype=np.int64)
    residues = _CODE[np.frombuffer(sequence.encode("ascii"), dtype=np.uint8)]
    if len(residues) >= WORD:
        query_words = np.zeros(len(residues) - WORD + 1, dtype=np.int64)
        for offset in range(WORD):
            query_words = query_words * len(AMINO_ACIDS) + residues[offset : len(residues) - WORD + 1 + offset]
    training = domain["words"][domain["offsets"][row] : domain["offsets"][row + 1]]
    present = np.isin(query_words.astype(np.uint32), training)
    if not present.any() or present.all():
        return []
    inside = present[np.argmax(present) : len(present) - np.argmax(present[::-1])]
    first = int(np.argmax(present))
    runs: list[tuple[int, int]] = []
    start = None
    for i, ok in enumerate(inside):
        if not ok and start is None:
            start = i
        elif ok and start is not None:
            runs.append((start, i - start))
            start = None
    if not runs or any(length != WORD for _, length in runs) or len(runs) > MAX_POINT_DIFFERENCES:
        return []
    return [f"{sequence[first + s + WORD - 1]}{first + s + WORD}" for s, _ in runs]


def nearest_training_protein(sequence: str, domain: dict[str, np.ndarray]) -> tuple[int, float]:
    """(row of the nearest training protein, estimated sequence identity to it)."""
    query = word_codes(sequence)
    owner = np.repeat(np.arange(len(domain["names"])), np.diff(domain["offsets"]))
    shared = np.bincount(owner[np.isin(domain["words"], query)], minlength=len(domain["names"]))
    best = int(np.argmax(shared))
    return best, float((shared[best] / max(len(query), 1)) ** (1 / WORD))


def main(argv: list[str] | None = None) -> None:
    from .data import read_pair_table
    from .model_files import MODEL_DIR, MODEL_NAMES

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=MODEL_NAMES, required=True)
    ap.add_argument("--data-dir")
    ap.add_argument("--out", default=MODEL_DIR)
    args = ap.parse_args(argv)
    table = read_pair_table(args.data_dir or os.path.join(dataset_path("dta"), args.model))
    domain = training_domain(table.protein_names, table.sequences, ligand_table(table.smiles))
    os.makedirs(args.out, exist_ok=True)
    np.savez_compressed(os.path.join(args.out, f"{args.model}.domain.npz"), **domain)


if __name__ == "__main__":
    main()
