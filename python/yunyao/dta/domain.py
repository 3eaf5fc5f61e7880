"""How close a protein is to the training proteins: the cosine overlap of its residue 5-mer set with the
nearest training protein's, |A ∩ B| / sqrt(|A| |B|).

Both training sets are kinases. Measured on the training sets (docs/models/affinity-2d.md):
each training kinase's nearest other training protein scores 0.15 at the median and 0.012 at the
5th percentile, while unrelated proteins (lysozyme, serum albumin) score 0.005 against every
training kinase. Shorter words (3-mers) do not separate them: long proteins share many 3-mers by
chance. The threshold is the 5th percentile, computed at training time and stored with the model.
"""

from __future__ import annotations

import numpy as np

from .sequence import STANDARD

K = 5
OUT_OF_DOMAIN_PERCENTILE = 5
_INDEX = {letter: i for i, letter in enumerate(STANDARD)}


def kmer_ids(sequence: str) -> np.ndarray:
    """The sorted distinct 5-mers of the sequence (words with a non-standard residue skipped) as integers."""
    ids = set()
    for i in range(len(sequence) - K + 1):
        word = sequence[i : i + K]
        if all(letter in _INDEX for letter in word):
            ids.add(sum(_INDEX[letter] * len(STANDARD) ** j for j, letter in enumerate(word)))
    return np.array(sorted(ids), dtype=np.int32)


def similarity(a: np.ndarray, b: np.ndarray) -> float:
    if len(a) == 0 or len(b) == 0:
        return 0.0
    return len(np.intersect1d(a, b, assume_unique=True)) / float(np.sqrt(len(a) * len(b)))


def nearest(query: np.ndarray, references: list[np.ndarray]) -> tuple[int, float]:
    scores = [similarity(query, ref) for ref in references]
    best = int(np.argmax(scores))
    return best, scores[best]


def threshold(references: list[np.ndarray]) -> float:
    """The 5th percentile of each training protein's similarity to its nearest other (distinct) one."""
    loo = [max((similarity(a, b) for j, b in enumerate(references) if j != i), default=0.0) for i, a in enumerate(references)]
    return float(np.percentile(loo, OUT_OF_DOMAIN_PERCENTILE))
