"""Applicability domain: nearest-neighbour Tanimoto similarity (Morgan r2, 2048 bits) to the training molecules.

The threshold comes from the training set itself: each training molecule's similarity to its
nearest *other* training molecule (leave-one-out), and the ``PERCENTILE``-th percentile of those.
A query less similar to every training molecule than 95 % of the training molecules are to their
neighbours is out of domain. The training fingerprints travel in the artefact as hex bit strings.
"""

from __future__ import annotations

import numpy as np
from rdkit import Chem
from rdkit.Chem import AllChem

FP_SIZE = 2048
RADIUS = 2
PERCENTILE = 5
CHUNK = 512


def bits(mols: list[Chem.Mol]) -> np.ndarray:
    out = np.zeros((len(mols), FP_SIZE), dtype=bool)
    for i, m in enumerate(mols):
        out[i] = np.frombuffer(AllChem.GetMorganFingerprintAsBitVect(m, RADIUS, nBits=FP_SIZE).ToBitString().encode(), np.uint8) == 49
    return out


def to_hex(B: np.ndarray) -> list[str]:
    return [np.packbits(b).tobytes().hex() for b in B]


def from_hex(rows: list[str]) -> np.ndarray:
    if not rows:
        return np.zeros((0, FP_SIZE), dtype=bool)
    return np.unpackbits(np.frombuffer(bytes.fromhex("".join(rows)), np.uint8).reshape(len(rows), -1), axis=1)[:, :FP_SIZE].astype(bool)


def nearest(Bq: np.ndarray, Bt: np.ndarray, leave_one_out: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(max Tanimoto, index of that training molecule) per query row; ``leave_one_out``: Bq is Bt, self excluded."""
    t = Bt.astype(np.float32)
    tn = t.sum(1)
    sims = np.zeros(len(Bq))
    idx = np.zeros(len(Bq), dtype=np.int64)
    for s in range(0, len(Bq), CHUNK):
        q = Bq[s : s + CHUNK].astype(np.float32)
        inter = q @ t.T
        union = q.sum(1)[:, None] + tn[None, :] - inter
        sim = np.where(union > 0, inter / np.maximum(union, 1), 0.0)
        if leave_one_out:
            sim[np.arange(len(q)), np.arange(s, s + len(q))] = -1.0
        idx[s : s + len(q)] = sim.argmax(1)
        sims[s : s + len(q)] = sim.max(1)
    return np.maximum(sims, 0.0), idx


def threshold(B: np.ndarray) -> float:
    if len(B) < 2:
        return 0.0
    loo, _ = nearest(B, B, leave_one_out=True)
    return round(float(np.percentile(loo, PERCENTILE)), 4)
