"""The build's blend: the search's best model and the kernel SVM (kernel.py) on the same descriptors,
averaged, kept only when the average scores higher on the search's own scaffold-grouped folds.

Why: the two err differently (trees split on single columns, the SVM compares whole molecules), and on
every one of eight TDC ADMET endpoints their mean beat the XGBoost start alone, on the build's kind of
grouped folds and on TDC's kind of scaffold split (docs/models/qsar.md, "Blend"). The build decides
per data set with the same folds and objective the search used, so a table where the SVM only adds noise
keeps the search's model.

Regression: the mean of the two values. Classification: the two scores live on different scales (a
probability, a decision value), so each is first read as its rank among the member's own out-of-fold
scores on the development part (its empirical CDF, stored in the model), and the two ranks are averaged;
the build's calibrator then turns that into a probability, as it does any member's score.
The Gaussian process keeps its own predictive std for the interval and is never blended.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from .kernel import C, EPSILON, NAME, KernelSVM, Space
from .metrics import finite, objective
from .parallel import side_by_side

NOT_BLENDED = {"GaussianProcessRegressor"}


def blended_name(algorithm: str) -> str:
    """What the card and the task's rows call a kept blend."""
    return f"{algorithm} + {NAME}"


def ranks(reference: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Each score's share of the (sorted) reference scores at or below it; ties count half, so a set's own ranks average 0.5."""
    lo = np.searchsorted(reference, scores, side="left")
    hi = np.searchsorted(reference, scores, side="right")
    return (lo + hi) / (2.0 * max(len(reference), 1))


def combine(mode: str, first: np.ndarray, second: np.ndarray, references: Optional[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    if mode == "regression":
        return (first + second) / 2.0
    assert references is not None
    return (ranks(references[0], first) + ranks(references[1], second)) / 2.0


def kernel_params(mode: str) -> dict:
    """The SVM's fixed settings, as the card states them."""
    return {"C": C, **({"epsilon": EPSILON} if mode == "regression" else {}),
            "kernel": "mean of MinMax on the fingerprints and RBF (gamma = 1 / columns) on the other columns, standardised"}


class Blend:
    """A fitted blend; reads like ``algorithms.Fitted`` (predict, predict_variants, predict_std, set_threads)."""

    def __init__(self, mode: str, first, svm: KernelSVM, references: Optional[tuple[np.ndarray, np.ndarray]]) -> None:
        self.mode, self.first, self.svm, self.references = mode, first, svm, references

    def predict(self, X: np.ndarray) -> np.ndarray:
        return combine(self.mode, self.first.predict(X), self.svm.predict(X), self.references)

    def predict_variants(self, X: np.ndarray, variants: np.ndarray, sizes: list[int]) -> np.ndarray:
        return combine(self.mode, self.first.predict_variants(X, variants, sizes), self.svm.predict_variants(X, variants, sizes), self.references)

    def predict_std(self, X: np.ndarray) -> None:
        return None

    def set_threads(self, threads: int) -> None:
        self.first.set_threads(threads)

    def state(self) -> dict:
        return {"member": NAME, "svm": self.svm.state(), "references": None if self.references is None else list(self.references)}


@dataclass
class Verdict:
    """What the blend scored on the search's folds, and whether the build keeps it."""

    mode: str
    chosen: bool
    svm_folds: list[float]
    blend_folds: list[float]
    oof: np.ndarray  # the blend's out-of-fold values (classification: averaged ranks)
    references: Optional[tuple[np.ndarray, np.ndarray]]  # classification: each member's sorted out-of-fold scores
    minmax: Optional[np.ndarray]  # the MinMax block over every row, reused by the final fits
    seconds: float  # the SVM's cross-validation, kernel included

    def card(self, best_cv: float) -> dict:
        return {"member": NAME, "params": kernel_params(self.mode), "chosen": self.chosen, "alone_cv": finite(best_cv), "svm_cv": _mean(self.svm_folds),
                "blend_cv": _mean(self.blend_folds), "blend_folds": [finite(s) for s in self.blend_folds]}

    def cv(self) -> dict:
        """The card's ``cv`` when the blend is kept: its fold scores on the search's folds."""
        return {"mean": _mean(self.blend_folds), "sd": _sd(self.blend_folds), "folds": [finite(s) for s in self.blend_folds]}

    def rows(self, best, number: int) -> list[dict]:
        """The task's rows after the search's trials (search.trial_row's columns): the SVM alone, then the
        blend with the best trial, marked best when the build keeps it."""
        row = lambda k, name, folds, seconds, chosen: {"trial": number + k, "algorithm": name, "descriptor": best.descriptor, "params": "{}",
                                                       "cv_score": _mean(folds), "cv_sd": _sd(folds), "seconds": seconds, "state": "COMPLETE", "best": chosen}
        return [row(0, NAME, self.svm_folds, round(self.seconds, 2), False), row(1, blended_name(best.algorithm), self.blend_folds, None, self.chosen)]


def _mean(scores: list[float]) -> Optional[float]:
    return None if np.all(np.isnan(scores)) else finite(float(np.nanmean(scores)))


def _sd(scores: list[float]) -> Optional[float]:
    return None if np.all(np.isnan(scores)) else finite(float(np.nanstd(scores)))


def consider(mode: str, descriptor: str, X: np.ndarray, y: np.ndarray, dev: np.ndarray, folds, first_oof: np.ndarray, first_cv: float,
             threads: int) -> Optional[Verdict]:
    """The SVM cross-validated on the search's folds of the development rows (``folds`` index ``dev``), blended
    with the best trial's out-of-fold values ``first_oof``; chosen when its mean fold score beats ``first_cv``.
    None when the SVM cannot be fitted on a fold."""
    started = time.perf_counter()
    space = Space.of(descriptor, X, np.arange(len(X)))
    minmax = None
    if len(space.fp):
        coded = space.code(X)
        minmax = space.minmax(coded, coded)

    def fold_job(tr: np.ndarray, va: np.ndarray) -> Callable[[int], np.ndarray]:
        def job(threads: int) -> np.ndarray:
            svm = KernelSVM.fit(mode, descriptor, X, y, dev[tr], minmax)
            return svm.predict(X[dev[va]], None if minmax is None else minmax[np.ix_(dev[va], svm.support_rows)])
        return job

    svm_oof = np.zeros(len(dev))
    try:
        predicted = side_by_side([fold_job(tr, va) for tr, va in folds], threads)
    except (ValueError, ArithmeticError, np.linalg.LinAlgError):
        return None  # as a search trial that fails numerically: the build keeps its best model
    for (_, va), values in zip(folds, predicted):
        svm_oof[va] = values
    references = None if mode == "regression" else (np.sort(first_oof), np.sort(svm_oof))
    oof = combine(mode, first_oof, svm_oof, references)
    y_dev = y[dev]
    svm_folds = [objective(mode, y_dev[va], svm_oof[va]) for _, va in folds]
    blend_folds = [objective(mode, y_dev[va], oof[va]) for _, va in folds]
    chosen = bool(np.isfinite(np.nanmean(blend_folds)) and np.nanmean(blend_folds) > first_cv)
    return Verdict(mode, chosen, svm_folds, blend_folds, oof, references, minmax, time.perf_counter() - started)

