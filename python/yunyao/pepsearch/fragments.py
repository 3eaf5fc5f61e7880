"""Fragment picking for the fragment-assembly search: for every window of the query, the library
windows (fraglib.py) most alike in sequence and predicted secondary structure.

No PSIPRED, no sequence profiles (no alignment database is available to the platform), so the
secondary structure is predicted from the single sequence by a GOR I-style naive Bayes model
(Garnier, Osguthorpe & Robson, J. Mol. Biol. 1978) whose tables are counted on the library's own DSSP
at load time: P(H/E/C | residues i-4..i+4). It is weak (single-sequence methods reach about 60 %
three-state accuracy) and only tilts the choice; sequence similarity (BLOSUM62, Henikoff & Henikoff
1992) does most of the picking, as in Rosetta's and PEP-FOLD's pickers without profiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .fraglib import LIBRARY_PATH

AMINO_ACIDS = "ARNDCQEGHILKMFPSTWYV"
SS_STATES = "HEC"
BLOSUM62_ROWS = """
 4 -1 -2 -2  0 -1 -1  0 -2 -1 -1 -1 -1 -2 -1  1  0 -3 -2  0
-1  5  0 -2 -3  1  0 -2  0 -3 -2  2 -1 -3 -2 -1 -1 -3 -2 -3
-2  0  6  1 -3  0  0  0  1 -3 -3  0 -2 -3 -2  1  0 -4 -2 -3
-2 -2  1  6 -3  0  2 -1 -1 -3 -4 -1 -3 -3 -1  0 -1 -4 -3 -3
 0 -3 -3 -3  9 -3 -4 -3 -3 -1 -1 -3 -1 -2 -3 -1 -1 -2 -2 -1
-1  1  0  0 -3  5  2 -2  0 -3 -2  1  0 -3 -1  0 -1 -2 -1 -2
-1  0  0  2 -4  2  5 -2  0 -3 -3  1 -2 -3 -1  0 -1 -3 -2 -2
 0 -2  0 -1 -3 -2 -2  6 -2 -4 -4 -2 -3 -3 -2  0 -2 -2 -3 -3
-2  0  1 -1 -3  0  0 -2  8 -3 -3 -1 -2 -1 -2 -1 -2 -2  2 -3
-1 -3 -3 -3 -1 -3 -3 -4 -3  4  2 -3  1  0 -3 -2 -1 -3 -1  3
-1 -2 -3 -4 -1 -2 -3 -4 -3  2  4 -2  2  0 -3 -2 -1 -2 -1  1
-1  2  0 -1 -3  1  1 -2 -1 -3 -2  5 -1 -3 -1  0 -1 -3 -2 -2
-1 -1 -2 -3 -1  0 -2 -3 -2  1  2 -1  5  0 -2 -1 -1 -1 -1  1
-2 -3 -3 -3 -2 -3 -3 -3 -1  0  0 -3  0  6 -4 -2 -2  1  3 -1
-1 -2 -2 -1 -3 -1 -1 -2 -2 -3 -3 -1 -2 -4  7 -1 -1 -4 -3 -2
 1 -1  1  0 -1  0  0  0 -1 -2 -2  0 -1 -2 -1  4  1 -3 -2 -2
 0 -1  0 -1 -1 -1 -1 -2 -2 -1 -1 -1 -1 -2 -1  1  5 -2 -2  0
-3 -3 -4 -4 -2 -2 -3 -2 -2 -3 -2 -3 -1  1 -4 -3 -2 11  2 -3
-2 -2 -2 -3 -2 -1 -2 -3  2 -1 -1 -2 -1  3 -3 -2 -2  2  7 -1
 0 -3 -3 -3 -1 -2 -2 -3 -3  3  1 -2  1 -1 -2 -2  0 -3 -1  4
"""
BLOSUM62 = np.array([[int(x) for x in row.split()] for row in BLOSUM62_ROWS.strip().splitlines()], dtype=float)
GOR_HALF_WINDOW = 4
# Weight of the predicted secondary structure against BLOSUM62 (per residue, log-probability units):
# enough to break ties between equally similar windows, not to override sequence.
SS_WEIGHT = 2.0
# Positive phi is (almost) only open to Gly, and to Asn/Asp at a cost: a fragment that puts another
# residue there would be forced back by the force field at refinement, so it is not picked.
POSITIVE_PHI_RESIDUES = "GND"
FORBIDDEN = -1.0e3


@dataclass(frozen=True)
class Library:
    sequence: np.ndarray  # residue index 0-19 (20 for anything else)
    ss: np.ndarray  # 0 H, 1 E, 2 C
    phi: np.ndarray
    psi: np.ndarray
    segment_start: np.ndarray  # bool


def encode(text: str, alphabet: str) -> np.ndarray:
    lookup = {letter: k for k, letter in enumerate(alphabet)}
    return np.array([lookup.get(letter, len(alphabet)) for letter in text], dtype=np.int64)


@lru_cache(maxsize=1)
def load_library(path: str = LIBRARY_PATH) -> Library:
    data = np.load(path)
    torsions = data["torsions"].astype(float)
    return Library(
        sequence=encode(data["sequence"].tobytes().decode(), AMINO_ACIDS),
        ss=encode(data["ss"].tobytes().decode(), SS_STATES),
        phi=torsions[:, 0],
        psi=torsions[:, 1],
        segment_start=data["segment_start"].astype(bool),
    )


@lru_cache(maxsize=1)
def gor_tables() -> tuple[np.ndarray, np.ndarray]:
    """log P(state) (3) and log P(residue at offset | state) / P(residue at offset) (offsets, 21, 3),
    counted on the library with a pseudocount of 1."""
    lib = load_library()
    offsets = range(-GOR_HALF_WINDOW, GOR_HALF_WINDOW + 1)
    counts = np.ones((len(offsets), 21, 3))
    n = len(lib.sequence)
    for k, d in enumerate(offsets):
        centre = np.arange(max(0, -d), min(n, n - d))
        np.add.at(counts[k], (lib.sequence[centre + d], lib.ss[centre]), 1)
    state = counts[GOR_HALF_WINDOW].sum(axis=0)
    p_state = state / state.sum()
    p_res_given_state = counts / counts.sum(axis=1, keepdims=True)
    p_res = counts.sum(axis=2, keepdims=True) / counts.sum(axis=(1, 2), keepdims=True)
    return np.log(p_state), np.log(p_res_given_state / p_res)


def predict_ss(sequence: str) -> np.ndarray:
    """(residues, 3) probabilities of H, E, C from the single sequence."""
    log_prior, info = gor_tables()
    query = encode(sequence, AMINO_ACIDS)
    scores = np.tile(log_prior, (len(query), 1))
    for k, d in enumerate(range(-GOR_HALF_WINDOW, GOR_HALF_WINDOW + 1)):
        for i in range(len(query)):
            if 0 <= i + d < len(query):
                scores[i] += info[k, query[i + d]]
    p = np.exp(scores - scores.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


def window_starts(lib: Library, size: int) -> np.ndarray:
    """Library positions where a fragment of ``size`` may start: inside one segment, the first residue
    not a segment start (its phi is undefined) nor the residue after the window (the last psi is)."""
    n = len(lib.sequence)
    starts = np.arange(n - size)
    inner = np.zeros(len(starts), dtype=bool)
    for t in range(size + 1):
        inner |= lib.segment_start[starts + t]
    return starts[~inner]


def pick(sequence: str, size: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """For each query window of ``size`` residues (L - size + 1 of them), the ``count`` best library
    fragments as (windows, count, size) phi and psi arrays, best first."""
    lib = load_library()
    query = encode(sequence, AMINO_ACIDS)
    log_ss = np.log(predict_ss(sequence) + 1e-6)
    starts = window_starts(lib, size)
    blosum = np.vstack([BLOSUM62, np.full((1, 20), -4.0)])
    blosum = np.hstack([blosum, np.full((21, 1), -4.0)])
    phi_list, psi_list = [], []
    for q in range(len(sequence) - size + 1):
        score = np.zeros(len(starts))
        for t in range(size):
            residue = starts + t
            score += blosum[query[q + t], lib.sequence[residue]]
            score += SS_WEIGHT * log_ss[q + t, lib.ss[residue]]
            if sequence[q + t] not in POSITIVE_PHI_RESIDUES:
                score += np.where(lib.phi[residue] > 0.0, FORBIDDEN, 0.0)
        # stable sort: ties keep library order, so the pick never depends on the sort algorithm
        best = starts[np.argsort(-score, kind="stable")[:count]]
        window = best[:, None] + np.arange(size)[None, :]
        phi_list.append(lib.phi[window])
        psi_list.append(lib.psi[window])
    return np.array(phi_list), np.array(psi_list)
