"""Protein groups for honest cross-validation: complexes of the same protein (with other ligands) must
fall in the same fold, or the model is scored on proteins it has already seen.

The datasets carry no protein ids, so the pocket's residues stand in: two pockets whose residue-name
3-mers (in chain order) overlap by at least ``SAME_PROTEIN_JACCARD`` are the same protein, and groups
are the connected sets of that relation.
"""

from __future__ import annotations

import gzip

# Pockets of one protein cut around different ligands share most of their residue runs; unrelated
# pockets of ~20-40 residues share almost no 3-mers of 20 residue types.
SAME_PROTEIN_JACCARD = 0.3


def pocket_kmers(pocket_pdb_gz: str, k: int = 3) -> frozenset[str]:
    residues: list[str] = []
    seen: set[tuple[str, str]] = set()
    with gzip.open(pocket_pdb_gz, "rt", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.startswith("ATOM"):
                key = (line[21], line[22:27])
                if key not in seen:
                    seen.add(key)
                    residues.append(line[17:20])
    return frozenset("".join(residues[i : i + k]) for i in range(len(residues) - k + 1))


def protein_groups(kmers: list[frozenset[str]]) -> list[int]:
    """Group index of each pocket (union-find over the pairs that look like the same protein)."""
    parent = list(range(len(kmers)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(kmers)):
        for j in range(i + 1, len(kmers)):
            union = len(kmers[i] | kmers[j])
            if union and len(kmers[i] & kmers[j]) / union >= SAME_PROTEIN_JACCARD:
                parent[root(i)] = root(j)
    roots = [root(i) for i in range(len(kmers))]
    index = {r: n for n, r in enumerate(dict.fromkeys(roots))}
    return [index[r] for r in roots]
