"""The hyper-parameter search: Optuna's TPE sampler (seeded) over descriptor × algorithm × the algorithm's
own parameters, each trial scored by the mean of the five scaffold-grouped folds of the development part.

It stops after ``trials`` trials or when ``budget_s`` seconds have passed, whichever comes first
(Optuna checks the time between trials, so the last trial may run past it). A trial whose fit fails
numerically (a singular matrix, a solver that gives up) is recorded as failed and the search goes on.
Each trial's out-of-fold predictions are kept, so the chosen configuration's cross-validation is not
fitted again.

The first trials are the chosen algorithms' known-good starting points (``Algorithm.start``), in the
order the algorithms were chosen, each on the widest descriptor the search may give (``start_descriptor``:
all chosen descriptors side by side); the sampler goes on from there. They count among the ``trials``.
"""

from __future__ import annotations

import json
import warnings
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from .algorithms import Fitted, algorithm
from .metrics import objective
from .parallel import side_by_side


@dataclass
class Trial:
    number: int
    algorithm: str
    descriptor: str
    params: dict
    cv_score: Optional[float]
    cv_sd: Optional[float]
    folds: list
    seconds: float
    state: str
    oof: Optional[np.ndarray] = field(default=None, repr=False)


def cross_validate(alg_name: str, params: dict, X: np.ndarray, y: np.ndarray, folds, mode: str, seed: int, threads: int):
    """(per-fold objective, out-of-fold predictions, out-of-fold GP std or None). The folds are fitted side
    by side (parallel.py); each returns its predictions, so no fold's model outlives its job."""
    alg = algorithm(alg_name)
    folds = list(folds)

    def fold_job(tr: np.ndarray, va: np.ndarray) -> Callable[[int], tuple]:
        def job(threads: int) -> tuple:
            m = Fitted.fit(alg, params, X[tr], y[tr], seed, threads)
            return m.predict(X[va]), m.predict_std(X[va])
        return job

    predicted = side_by_side([fold_job(tr, va) for tr, va in folds], threads)
    oof = np.zeros(len(y))
    std = np.zeros(len(y)) if alg_name == "GaussianProcessRegressor" else None
    scores = []
    for (_, va), (values, values_std) in zip(folds, predicted):
        oof[va] = values
        if std is not None:
            std[va] = values_std
        scores.append(objective(mode, y[va], oof[va]))
    return scores, oof, std


def starting_points(algorithms: list[str], descriptor: str) -> list[dict]:
    """The trials enqueued before the sampler's: one per chosen algorithm that has a starting point."""
    return [{"descriptor": descriptor, "algorithm": name, **{f"{name}__{k}": v for k, v in algorithm(name).start.items()}}
            for name in algorithms if algorithm(name).start is not None]


def run(features: Callable[[str], np.ndarray], y: np.ndarray, folds, mode: str, descriptors: list[str], start_descriptor: str,
        algorithms: list[str], trials: int, budget_s: float, seed: int, threads: int,
        on_trial: Callable[[int], None]) -> tuple[list[Trial], str, dict]:
    """(every trial, what stopped the search: "trials" | "time_budget", the best trial's GP std or {})."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))
    for point in starting_points(algorithms, start_descriptor):
        study.enqueue_trial(point)
    done: list[Trial] = []
    extra: dict[int, np.ndarray] = {}

    def objective_fn(trial) -> float:
        t0 = time.perf_counter()
        desc = trial.suggest_categorical("descriptor", descriptors)
        alg = trial.suggest_categorical("algorithm", algorithms)
        params = algorithm(alg).space(trial)
        try:
            scores, oof, std = cross_validate(alg, params, features(desc), y, folds, mode, seed, threads)
        except (ValueError, np.linalg.LinAlgError, ArithmeticError):
            done.append(Trial(trial.number, alg, desc, params, None, None, [], time.perf_counter() - t0, "FAIL"))
            raise optuna.TrialPruned()
        mean = float(np.nanmean(scores)) if not np.all(np.isnan(scores)) else float("nan")
        state = "COMPLETE" if np.isfinite(mean) else "FAIL"
        done.append(Trial(trial.number, alg, desc, params, mean if state == "COMPLETE" else None, float(np.nanstd(scores)) if state == "COMPLETE" else None,
                          [None if not np.isfinite(s) else round(float(s), 4) for s in scores], time.perf_counter() - t0, state, oof))
        if std is not None:
            extra[trial.number] = std
        if state == "FAIL":
            raise optuna.TrialPruned()
        return mean

    def progress(study, frozen) -> None:
        on_trial(len(done))

    with warnings.catch_warnings():
        # A starting point may lie beyond the sampler's range (algorithms.XGB_REGRESSION_START's trees); Optuna
        # uses it as given and warns once per trial, which would only clutter the task's log. Scoped to the
        # search, so the process's other warnings are untouched.
        warnings.filterwarnings("ignore", message="Fixed parameter .* is out of range", category=UserWarning)
        study.optimize(objective_fn, n_trials=trials, timeout=budget_s, callbacks=[progress], gc_after_trial=False)
    stopped = "trials" if len(done) >= trials else "time_budget"
    best = best_trial(done)
    return done, stopped, ({"std": extra[best.number]} if best is not None and best.number in extra else {})


def best_trial(trials: list[Trial]) -> Optional[Trial]:
    """The completed trial of highest mean; ties to the earlier one."""
    ok = [t for t in trials if t.state == "COMPLETE"]
    return max(ok, key=lambda t: (t.cv_score, -t.number)) if ok else None


def trial_row(t: Trial, best: Optional[Trial]) -> dict:
    return {
        "trial": t.number,
        "algorithm": t.algorithm,
        "descriptor": t.descriptor,
        "params": json.dumps(t.params, sort_keys=True),
        "cv_score": None if t.cv_score is None else round(t.cv_score, 4),
        "cv_sd": None if t.cv_sd is None else round(t.cv_sd, 4),
        "seconds": round(t.seconds, 2),
        "state": t.state,
        "best": best is not None and t.number == best.number,
    }
