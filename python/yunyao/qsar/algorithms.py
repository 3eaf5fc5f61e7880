"""The QSAR algorithms (names fixed: the form offers them), their Optuna search spaces and the fitted model.

The spaces follow QSARtuna's (AstraZeneca, github.com/MolecularAI/QSARtuna, ``optconfig.py``), narrowed
where a QSARtuna bound costs minutes per fit on 4,000 molecules without helping (random forests'
``max_features`` "auto" = all 2,048 bits; SVMs' C below 1e-2). A parameter is named
``<algorithm>__<name>`` in the study so that conditional spaces do not share a distribution.

Algorithms that need it see standardised features (``Algorithm.scale``: linear, kernel and
neighbour methods); the fitted ``StandardScaler`` is part of the saved model. Classifiers are
always fitted on 0/1 labels (the class texts live in the artefact's label info), and
:meth:`Fitted.score` gives every classifier a value in (0, 1) that orders molecules (predict_proba,
or the logistic of an SVM's decision value) for the calibrator to turn into a probability.

``GaussianProcessRegressor`` is the probabilistic regressor: its own predictive standard deviation
shapes the interval (interval.py). Its exact fit is cubic in the molecules, so it is fitted on at
most ``GP_MAX_TRAIN`` of them (a seeded random subset, the same in every fold's role).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import numpy as np

from ..common import message, reject_input

GP_MAX_TRAIN = 1500
XGB_BASE = dict(tree_method="hist", max_bin=64, subsample=0.8)


@dataclass(frozen=True)
class Algorithm:
    name: str
    mode: str  # "regression" | "classification"
    scale: bool
    space: Callable[[Any], dict]  # optuna trial -> params
    make: Callable[[dict, int, int], Any]  # (params, seed, threads) -> unfitted estimator
    kind: str = "sklearn"  # "sklearn" | "xgboost"
    start: Optional[dict] = None  # a known-good point of ``space`` the search tries first (search.py)


def _p(trial, alg: str, name: str, kind: str, *args, **kw):
    return getattr(trial, f"suggest_{kind}")(f"{alg}__{name}", *args, **kw)


def _rf_space(alg: str):
    def space(t) -> dict:
        return {
            "max_depth": _p(t, alg, "max_depth", "int", 2, 32, log=True),
            "n_estimators": _p(t, alg, "n_estimators", "int", 10, 250, log=True),
            "max_features": _p(t, alg, "max_features", "categorical", ["sqrt", "log2", "0.3"]),
        }
    return space


# Known-good starting points, tried before the sampler's own (docs/models/qsar.md, "Measured"): a
# 30-trial TPE search spends its first 10 trials at random (the same 10 for every data set of a seed)
# and, stopped by its time budget on a large set, may never reach the region common defaults reach.
# XGBoost: many medium-depth trees at a small step on half the columns; random forest: close to
# scikit-learn's classifier defaults (deep trees, depth 32 at the space's edge, on the square root of
# the features), as many trees as the space allows.
RF_START = {"max_depth": 32, "n_estimators": 250, "max_features": "sqrt"}
XGB_START = {"max_depth": 6, "n_estimators": 500, "learning_rate": 0.05, "colsample_bytree": 0.5, "min_child_weight": 1.0}
# Regressions start from twice the trees at half the step: by scaffold-grouped 5-fold CV over all of
# TDC's training rows it lowered the MAE on all four TDC regressions (14 of 20 folds), while on the four
# classifications it moved AUROC/AUPRC both ways (9 of 20 folds better), so classifications keep the
# point above (docs/models/qsar.md, "Regression start"). 1,000 trees lies beyond the sampler's range
# (50-500): the start is tried as given, the sampler's own trials stay in the measured space.
XGB_REGRESSION_START = {**XGB_START, "n_estimators": 1000, "learning_rate": 0.025}


def _rf_kwargs(p: dict, seed: int, threads: int) -> dict:
    mf = p["max_features"]
    return dict(max_depth=p["max_depth"], n_estimators=p["n_estimators"], max_features=float(mf) if mf[0].isdigit() else mf, random_state=seed, n_jobs=threads)


def _xgb_space(alg: str):
    def space(t) -> dict:
        return {
            "max_depth": _p(t, alg, "max_depth", "int", 2, 10),
            "n_estimators": _p(t, alg, "n_estimators", "int", 50, 500, log=True),
            "learning_rate": _p(t, alg, "learning_rate", "float", 0.01, 0.3, log=True),
            "colsample_bytree": _p(t, alg, "colsample_bytree", "float", 0.1, 1.0),
            "min_child_weight": _p(t, alg, "min_child_weight", "float", 1.0, 10.0, log=True),
        }
    return space


def _xgb(cls_name: str):
    def make(p: dict, seed: int, threads: int):
        import xgboost as xgb

        extra = dict(objective="binary:logistic", eval_metric="logloss") if cls_name == "XGBClassifier" else dict(objective="reg:squarederror")
        return getattr(xgb, cls_name)(**XGB_BASE, **p, **extra, random_state=seed, n_jobs=threads)
    return make


def _svm_space(alg: str, regression: bool):
    def space(t) -> dict:
        p = {"C": _p(t, alg, "C", "float", 1e-2, 1e2, log=True), "gamma": _p(t, alg, "gamma", "float", 1e-5, 1e-1, log=True)}
        if regression:
            p["epsilon"] = _p(t, alg, "epsilon", "float", 1e-3, 1.0, log=True)
        return p
    return space


def _knn_space(alg: str):
    def space(t) -> dict:
        return {"n_neighbors": _p(t, alg, "n_neighbors", "int", 1, 20), "weights": _p(t, alg, "weights", "categorical", ["uniform", "distance"]),
                "p": _p(t, alg, "p", "int", 1, 2)}
    return space


def _ada_space(alg: str, regression: bool):
    def space(t) -> dict:
        p = {"n_estimators": _p(t, alg, "n_estimators", "int", 10, 200, log=True), "learning_rate": _p(t, alg, "learning_rate", "float", 0.01, 1.0, log=True)}
        if regression:
            p["loss"] = _p(t, alg, "loss", "categorical", ["linear", "square", "exponential"])
        return p
    return space


def _make_gp(p: dict, seed: int, threads: int):
    from sklearn.gaussian_process import GaussianProcessRegressor
    from sklearn.gaussian_process.kernels import RBF, ConstantKernel, DotProduct, Matern, RationalQuadratic, WhiteKernel

    base = {"RBF": lambda: RBF(length_scale=30.0), "Matern": lambda: Matern(length_scale=30.0, nu=1.5),
            "RationalQuadratic": lambda: RationalQuadratic(length_scale=30.0), "DotProduct": lambda: DotProduct()}[p["kernel"]]()
    return GaussianProcessRegressor(kernel=ConstantKernel() * base + WhiteKernel(noise_level=p["noise"]), normalize_y=True, random_state=seed)


def _all() -> list[Algorithm]:
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.cross_decomposition import PLSRegression
    from sklearn.ensemble import AdaBoostClassifier, AdaBoostRegressor, RandomForestClassifier, RandomForestRegressor
    from sklearn.linear_model import Lasso, LogisticRegression, Ridge
    from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
    from sklearn.svm import SVC, SVR

    R, C = "regression", "classification"
    return [
        # no starting point: on the four TDC regressions RF_START's CV was below the XGBoost start's every time
        # and took up to half of a 3-minute budget (docs/models/qsar.md, "Starting points")
        Algorithm("RandomForestRegressor", R, False, _rf_space("RandomForestRegressor"), lambda p, s, t: RandomForestRegressor(**_rf_kwargs(p, s, t))),
        Algorithm("XGBRegressor", R, False, _xgb_space("XGBRegressor"), _xgb("XGBRegressor"), "xgboost", start=XGB_REGRESSION_START),
        Algorithm("Ridge", R, True, lambda t: {"alpha": _p(t, "Ridge", "alpha", "float", 1e-2, 1e4, log=True)}, lambda p, s, t: Ridge(alpha=p["alpha"])),
        Algorithm("Lasso", R, True, lambda t: {"alpha": _p(t, "Lasso", "alpha", "float", 1e-4, 1.0, log=True)},
                  lambda p, s, t: Lasso(alpha=p["alpha"], max_iter=3000, random_state=s)),
        Algorithm("PLSRegression", R, False, lambda t: {"n_components": _p(t, "PLSRegression", "n_components", "int", 2, 20)},
                  lambda p, s, t: PLSRegression(n_components=p["n_components"], scale=True)),
        Algorithm("SVR", R, True, _svm_space("SVR", True), lambda p, s, t: SVR(C=p["C"], gamma=p["gamma"], epsilon=p["epsilon"], cache_size=500)),
        Algorithm("KNeighborsRegressor", R, True, _knn_space("KNeighborsRegressor"), lambda p, s, t: KNeighborsRegressor(algorithm="brute", n_jobs=t, **p)),
        Algorithm("AdaBoostRegressor", R, False, _ada_space("AdaBoostRegressor", True), lambda p, s, t: AdaBoostRegressor(random_state=s, **p)),
        Algorithm("GaussianProcessRegressor", R, True,
                  lambda t: {"kernel": _p(t, "GaussianProcessRegressor", "kernel", "categorical", ["RBF", "Matern", "RationalQuadratic", "DotProduct"]),
                             "noise": _p(t, "GaussianProcessRegressor", "noise", "float", 1e-3, 1.0, log=True)}, _make_gp),
        Algorithm("RandomForestClassifier", C, False, _rf_space("RandomForestClassifier"), lambda p, s, t: RandomForestClassifier(**_rf_kwargs(p, s, t)),
                  start=RF_START),
        Algorithm("XGBClassifier", C, False, _xgb_space("XGBClassifier"), _xgb("XGBClassifier"), "xgboost", start=XGB_START),
        Algorithm("LogisticRegression", C, True, lambda t: {"C": _p(t, "LogisticRegression", "C", "float", 1e-4, 1e2, log=True)},
                  lambda p, s, t: LogisticRegression(C=p["C"], max_iter=2000)),
        Algorithm("SVC", C, True, _svm_space("SVC", False), lambda p, s, t: SVC(C=p["C"], gamma=p["gamma"], cache_size=500)),
        Algorithm("KNeighborsClassifier", C, True, _knn_space("KNeighborsClassifier"), lambda p, s, t: KNeighborsClassifier(algorithm="brute", n_jobs=t, **p)),
        Algorithm("AdaBoostClassifier", C, False, _ada_space("AdaBoostClassifier", False), lambda p, s, t: AdaBoostClassifier(random_state=s, **p)),
        Algorithm("CalibratedRandomForestClassifier", C, False, _rf_space("CalibratedRandomForestClassifier"),
                  lambda p, s, t: CalibratedClassifierCV(RandomForestClassifier(**_rf_kwargs(p, s, t)), method="isotonic", cv=3)),
    ]


_BY_NAME: dict[str, Algorithm] = {}


def algorithm(name: str) -> Algorithm:
    if not _BY_NAME:
        _BY_NAME.update({a.name: a for a in _all()})
    return _BY_NAME[name]


def names(mode: str) -> list[str]:
    algorithm("Ridge")
    return [a.name for a in _BY_NAME.values() if a.mode == mode]


def check_names(requested: list[str], mode: str) -> None:
    """The server fills the mode's default algorithms into an empty list (qsartuna.module.ts), so none is refused here too."""
    if not requested:
        reject_input("qsartuna.algorithmsMissing")
    allowed = names(mode)
    for n in requested:
        if n not in allowed:
            reject_input("qsartuna.algorithmWrongMode", name=n, mode=message("qsartuna.modeClassification" if mode == "classification" else "qsartuna.modeRegression"))


class Fitted:
    """A fitted model: the scaler (or None), the estimator, and how to read its output."""

    def __init__(self, alg: Algorithm, params: dict, scaler, estimator, booster=None) -> None:
        self.alg, self.params, self.scaler, self.estimator, self.booster = alg, params, scaler, estimator, booster

    @classmethod
    def fit(cls, alg: Algorithm, params: dict, X: np.ndarray, y: np.ndarray, seed: int, threads: int) -> "Fitted":
        from sklearn.preprocessing import StandardScaler

        if alg.name == "GaussianProcessRegressor" and len(X) > GP_MAX_TRAIN:
            keep = np.sort(np.random.RandomState(seed).choice(len(X), GP_MAX_TRAIN, replace=False))
            X, y = X[keep], y[keep]
        scaler = StandardScaler().fit(X) if alg.scale else None
        Xs = scaler.transform(X) if scaler is not None else X
        est = alg.make(params, seed, threads)
        if alg.name == "PLSRegression":
            est.set_params(n_components=max(1, min(params["n_components"], Xs.shape[1], len(Xs) - 1)))
        if alg.name.startswith("KNeighbors"):
            est.set_params(n_neighbors=min(params["n_neighbors"], len(Xs)))
        est.fit(Xs, y.astype(int) if alg.mode == "classification" else y)
        if alg.kind == "xgboost":
            return cls(alg, params, scaler, None, booster=est.get_booster())
        return cls(alg, params, scaler, est)

    def _x(self, X: np.ndarray) -> np.ndarray:
        return self.scaler.transform(X) if self.scaler is not None else X

    def predict(self, X: np.ndarray) -> np.ndarray:
        """Regression: the value; classification: a score in (0, 1) ordering the molecules."""
        Xs = self._x(X)
        if self.booster is not None:
            return np.asarray(self.booster.inplace_predict(np.ascontiguousarray(Xs, dtype=np.float32)), dtype=np.float64)
        est = self.estimator
        if self.alg.mode == "regression":
            return np.asarray(est.predict(Xs), dtype=np.float64).ravel()
        if hasattr(est, "predict_proba") and self.alg.name != "SVC":
            return np.asarray(est.predict_proba(Xs)[:, 1], dtype=np.float64)
        return 1.0 / (1.0 + np.exp(-np.asarray(est.decision_function(Xs), dtype=np.float64)))

    def predict_variants(self, X: np.ndarray, variants: np.ndarray, sizes: list[int]) -> np.ndarray:
        """The atom weights' variants of the molecules X (``sizes[k]`` of them from ``X[k]``, in order): read as any
        rows here; the blend's kernel SVM computes them from their molecules (kernel.py)."""
        return self.predict(variants)

    def predict_std(self, X: np.ndarray) -> Optional[np.ndarray]:
        """The Gaussian process's predictive standard deviation (None for the others)."""
        if self.alg.name != "GaussianProcessRegressor":
            return None
        return np.asarray(self.estimator.predict(self._x(X), return_std=True)[1], dtype=np.float64)

    def set_threads(self, threads: int) -> None:
        if self.booster is not None:
            self.booster.set_param({"nthread": threads})
        elif self.estimator is not None and "n_jobs" in self.estimator.get_params():
            self.estimator.set_params(n_jobs=threads)
