"""TDC's scaffold split, the one its ADMET test sets were made with.

``tdc.utils.split.create_scaffold_split`` (after chemprop's balanced scaffold split): molecules grouped by
Murcko scaffold (the acyclic ones form one group, ""), groups larger than half the validation or test
size go first, each kind shuffled by the seed, and groups fill training, then validation, then test. So
every scaffold shared by many molecules is trained on and the test side is rare scaffolds: the kind of
molecule a TDC test set scores. Written out rather than imported: TDC is not packaged for Debian.

Used for the forecasts of the ADMET models (``admet/validate.py``) and of QSAR builds
(``bench/qsar_descriptors.py``).
"""

from __future__ import annotations

from collections import defaultdict
from random import Random

import numpy as np

FRACTIONS = (0.7, 0.1, 0.2)
SEEDS = (1, 2, 3, 4, 5)


def tdc_scaffold_split(scaffolds: list[str], seed: int, frac: tuple[float, float, float] = FRACTIONS) -> tuple[np.ndarray, np.ndarray]:
    """(fitted rows, test rows): TDC's training and validation sides together, and its test side."""
    sets: dict[str, list[int]] = defaultdict(list)
    for i, scaffold in enumerate(scaffolds):
        sets[scaffold].append(i)
    n = len(scaffolds)
    train_size, val_size = int(n * frac[0]), int(n * frac[1])
    test_size = n - train_size - val_size
    half = min(val_size, test_size) / 2  # TDC: larger than half the validation or half the test side
    big = [s for s in sets.values() if len(s) > half]
    small = [s for s in sets.values() if len(s) <= half]
    rng = Random(seed)
    rng.shuffle(big)
    rng.shuffle(small)
    train: list[int] = []
    val: list[int] = []
    test: list[int] = []
    for s in big + small:
        if len(train) + len(s) <= train_size:
            train += s
        elif len(val) + len(s) <= val_size:
            val += s
        else:
            test += s
    return np.array(sorted(train + val)), np.array(sorted(test))
