"""Honest estimates for the re-scorer: folds split by protein (all pockets of a protein stay on one
side, never a random pocket-level split), hyperparameters chosen inside the training side only.

Folds are dealt over COACH420 chains only; the extra training complexes (`extra`, other datasets)
always sit on the training side, so every score is on COACH420 chains the model never saw."""

from __future__ import annotations

import itertools

import numpy as np

from .data import Structure, stack
from .metrics import Success, success_over

SEED = 42
FOLDS = 5
# Few shallow trees with strong L2 regularisation and subsampling: 60 chains hold only ~80 ligand pockets.
BASE_PARAMS = {
    "objective": "binary:logistic",
    "eta": 0.05,
    "lambda": 5.0,
    "min_child_weight": 3,
    "subsample": 0.8,
    "colsample_bytree": 0.8,
    "seed": SEED,
    "nthread": 1,
}
GRID = [{"max_depth": d, "rounds": r} for d, r in itertools.product((1, 2, 3), (50, 100, 200))]


def fit(structures: list[Structure], config: dict):
    import xgboost

    x, y = stack(structures)
    params = {**BASE_PARAMS, "max_depth": config["max_depth"]}
    return xgboost.train(params, xgboost.DMatrix(x, label=y), config["rounds"])


def predict(booster, structures: list[Structure]) -> list[np.ndarray]:
    import xgboost

    return [booster.predict(xgboost.DMatrix(s.features)) for s in structures]


def protein_folds(structures: list[Structure], folds: int, seed: int) -> list[list[Structure]]:
    """Structures dealt into folds by PDB entry (first 4 characters), in a seeded random order."""
    entries = sorted({s.entry for s in structures})
    order = np.random.default_rng(seed).permutation(len(entries))
    fold_of = {entries[e]: rank % folds for rank, e in enumerate(order)}
    return [[s for s in structures if fold_of[s.entry] == f] for f in range(folds)]


def cross_validated(structures: list[Structure], train_and_score, repeats: int, seed: int = SEED) -> Success:
    """Sums successes over `repeats` grouped k-fold splits; train_and_score(train, test) returns test scores."""
    total = Success()
    for r in range(repeats):
        folds = protein_folds(structures, FOLDS, seed + r)
        for i, test in enumerate(folds):
            train = [s for j, f in enumerate(folds) if j != i for s in f]
            total.add(success_over(test, train_and_score(train, test)))
    return total


def choose_config(structures: list[Structure], extra: list[Structure], repeats: int = 2) -> dict:
    """The grid point with the best grouped-CV top-n on these structures, trained with `extra` added to
    every training side (then top-(n+2), then fewer trees)."""

    def cv(config: dict) -> tuple[float, float, int]:
        result = cross_validated(structures, lambda train, test: predict(fit(train + extra, config), test), repeats)
        top_n, top_n2 = result.percent()
        return top_n, top_n2, -config["max_depth"] * config["rounds"]

    return max(GRID, key=cv)


def nested_cv(structures: list[Structure], extra: list[Structure], repeats: int) -> Success:
    """Grouped CV whose every training side (plus `extra`) chooses its own hyperparameters (inner grouped CV)."""

    def train_and_score(train: list[Structure], test: list[Structure]) -> list[np.ndarray]:
        return predict(fit(train + extra, choose_config(train, extra)), test)

    return cross_validated(structures, train_and_score, repeats, seed=SEED + 100)
