"""Protein families for grouped cross-validation of the pocket re-scorer.

A family is a connected component of chains linked by >= 30 % sequence identity (identical residues
in the best Smith-Waterman alignment, BLOSUM62, gap open 11 / extend 1, over the shorter chain: the
CD-HIT definition). 30 % is the usual twilight-zone bound above which two chains almost always share
their fold, and with it their ligand sites; a lower bound would merge unrelated proteins by chance
alignments, a higher one (CD-HIT's 40 %) would leave remote homologues such as two protein kinases of
different subfamilies on both sides of a fold. The chains of one structure (or one PDB entry) always
share a family. None of the datasets carries UniProt accessions for every chain, so sequence is the
one rule that treats COACH420, Astex, DUD-E, the FEP receptor and the PDBbind examples alike.
"""

from __future__ import annotations

import numpy as np

from ..amino_acids import STANDARD_THREE_TO_ONE

IDENTITY = 0.30
GAP_OPEN = 11
GAP_EXTEND = 1
# Chains shorter than this (peptides) only join their own structure's family: a few identical
# residues would otherwise link them to anything.
MIN_CHAIN = 30
VARIANTS = {"MSE": "M", "SEP": "S", "TPO": "T", "PTR": "Y", "HID": "H", "HIE": "H", "HIP": "H", "HSD": "H", "HSE": "H", "CYX": "C", "ASH": "D", "GLH": "E", "LYN": "K"}

_BLOSUM62 = """
   A  R  N  D  C  Q  E  G  H  I  L  K  M  F  P  S  T  W  Y  V
A  4 -1 -2 -2  0 -1 -1  0 -2 -1 -1 -1 -1 -2 -1  1  0 -3 -2  0
R -1  5  0 -2 -3  1  0 -2  0 -3 -2  2 -1 -3 -2 -1 -1 -3 -2 -3
N -2  0  6  1 -3  0  0  0  1 -3 -3  0 -2 -3 -2  1  0 -4 -2 -3
D -2 -2  1  6 -3  0  2 -1 -1 -3 -4 -1 -3 -3 -1  0 -1 -4 -3 -3
C  0 -3 -3 -3  9 -3 -4 -3 -3 -1 -1 -3 -1 -2 -3 -1 -1 -2 -2 -1
Q -1  1  0  0 -3  5  2 -2  0 -3 -2  1  0 -3 -1  0 -1 -2 -1 -2
E -1  0  0  2 -4  2  5 -2  0 -3 -3  1 -2 -3 -1  0 -1 -3 -2 -2
G  0 -2  0 -1 -3 -2 -2  6 -2 -4 -4 -2 -3 -3 -2  0 -2 -2 -3 -3
H -2  0  1 -1 -3  0  0 -2  8 -3 -3 -1 -2 -1 -2 -1 -2 -2  2 -3
I -1 -3 -3 -3 -1 -3 -3 -4 -3  4  2 -3  1  0 -3 -2 -1 -3 -1  3
L -1 -2 -3 -4 -1 -2 -3 -4 -3  2  4 -2  2  0 -3 -2 -1 -2 -1  1
K -1  2  0 -1 -3  1  1 -2 -1 -3 -2  5 -1 -3 -1  0 -1 -3 -2 -2
M -1 -1 -2 -3 -1  0 -2 -3 -2  1  2 -1  5  0 -2 -1 -1 -1 -1  1
F -2 -3 -3 -3 -2 -3 -3 -3 -1  0  0 -3  0  6 -4 -2 -2  1  3 -1
P -1 -2 -2 -1 -3 -1 -1 -2 -2 -3 -3 -1 -2 -4  7 -1 -1 -4 -3 -2
S  1 -1  1  0 -1  0  0  0 -1 -2 -2  0 -1 -2 -1  4  1 -3 -2 -2
T  0 -1  0 -1 -1 -1 -1 -2 -2 -1 -1 -1 -1 -2 -1  1  5 -2 -2  0
W -3 -3 -4 -4 -2 -2 -3 -2 -2 -3 -2 -3 -1  1 -4 -3 -2 11  2 -3
Y -2 -2 -2 -3 -2 -1 -2 -3  2 -1 -1 -2 -1  3 -3 -2 -2  2  7 -1
V  0 -3 -3 -3 -1 -2 -2 -3 -3  3  1 -2  1 -1 -2 -2  0 -3 -1  4
"""
_LINES = _BLOSUM62.strip().splitlines()
LETTERS = "".join(_LINES[0].split())
# Index 20 is any other residue (X): -1 against everything, never counted as identical.
_MATRIX = np.full((21, 21), -1, dtype=np.int64)
_MATRIX[:20, :20] = [[int(v) for v in line.split()[1:]] for line in _LINES[1:]]


def one_letter(resnames: list[str]) -> str:
    return "".join(STANDARD_THREE_TO_ONE.get(r) or VARIANTS.get(r, "X") for r in resnames)


def _codes(sequence: str) -> np.ndarray:
    return np.array([LETTERS.find(c) if c in LETTERS else 20 for c in sequence], dtype=np.int64)


def local_identity(a: str, b: str) -> float:
    """Identical residues in the best local alignment (Smith-Waterman, affine gaps) / shorter length.

    Row-vectorised: with affine gaps the horizontal gap state is a running maximum along the row
    (opening from a cell that itself ends in a horizontal gap never beats extending it, as open >= extend).
    Scores are carried as score * K + identities, so the maximum picks the best score and, among equal
    scores, the path with the most identities, and the identity count travels with it."""
    if not a or not b:
        return 0.0
    x, y = _codes(a), _codes(b)
    k = 1 << 20
    neg = -(1 << 60)
    scores = _MATRIX[x][:, y] * k + ((x[:, None] == y[None, :]) & (x[:, None] < 20))
    n = len(y)
    cols = np.arange(n, dtype=np.int64) * GAP_EXTEND * k
    h_prev = np.zeros(n + 1, dtype=np.int64)
    f_prev = np.full(n + 1, neg, dtype=np.int64)
    best = 0
    for i in range(len(x)):
        diag = h_prev[:-1] + scores[i]
        f = np.maximum(f_prev[1:] - GAP_EXTEND * k, h_prev[1:] - GAP_OPEN * k)
        d = np.maximum(np.maximum(diag, f), 0)
        e = np.full(n, neg, dtype=np.int64)
        e[1:] = np.maximum.accumulate(d + cols)[:-1] - cols[:-1] - GAP_OPEN * k
        h = np.maximum(d, e)
        best = max(best, int(h.max()))
        h_prev = np.concatenate(([0], h))
        f_prev = np.concatenate(([neg], f))
    return (best % k) / min(len(a), len(b))


def families(chains_by_structure: dict[str, list[str]], identity: float = IDENTITY) -> dict[str, int]:
    """Family number per structure id, from each structure's chain sequences (one-letter strings).

    Structures whose ids share a PDB entry (the first 4 characters of a COACH420 id such as 1k7fA)
    are also joined."""
    ids = sorted(chains_by_structure)
    parent = list(range(len(ids)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int) -> None:
        parent[find(i)] = find(j)

    by_entry: dict[str, int] = {}
    unique: dict[str, list[int]] = {}  # each distinct chain sequence once, with its structures
    for i, sid in enumerate(ids):
        entry = sid.split("-")[-1][:4].lower()
        if entry in by_entry:
            join(i, by_entry[entry])
        by_entry.setdefault(entry, i)
        for seq in chains_by_structure[sid]:
            if len(seq) >= MIN_CHAIN:
                unique.setdefault(seq, []).append(i)
    for members in unique.values():
        for i in members[1:]:
            join(i, members[0])
    seqs = list(unique)
    for p in range(len(seqs)):
        for q in range(p + 1, len(seqs)):
            if find(unique[seqs[p]][0]) != find(unique[seqs[q]][0]) and local_identity(seqs[p], seqs[q]) >= identity:
                join(unique[seqs[p]][0], unique[seqs[q]][0])
    roots = sorted({find(i) for i in range(len(ids))})
    number = {r: n for n, r in enumerate(roots)}
    return {sid: number[find(i)] for i, sid in enumerate(ids)}
