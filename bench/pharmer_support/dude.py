"""The DUD-E development targets under YUNYAO_DATASETS/dude-vs (read in place, never copied)."""

from __future__ import annotations

import gzip
import os
import random

from yunyao.datasets import dataset_path


def target_dir(target: str) -> str:
    return os.path.join(dataset_path("dude-vs"), target)


def read_ism(path: str) -> list[tuple[str, str]]:
    """(id, SMILES) per line of a DUD-E .ism.gz; the id is the file's second column."""
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) >= 2:
                out.append((parts[1], parts[0]))
    return out


def labelled_set(target: str, actives: int | None, decoys: int | None, seed: int) -> list[tuple[str, str, int]]:
    """(id, SMILES, 1 active / 0 decoy); a seeded sample of each class when a count is given."""
    d = target_dir(target)
    act = read_ism(os.path.join(d, "actives_final.ism.gz"))
    dec = read_ism(os.path.join(d, "decoys_final.ism.gz"))
    rng = random.Random(seed)
    if actives is not None and actives < len(act):
        act = rng.sample(act, actives)
    if decoys is not None and decoys < len(dec):
        dec = rng.sample(dec, decoys)
    return [(f"A_{i}", s, 1) for i, s in act] + [(f"D_{i}", s, 0) for i, s in dec]
