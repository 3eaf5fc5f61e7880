"""Cross-validation of pocket rankings grouped by protein family: every structure of one family
(families.py) sits in one fold, so each score is on proteins whose family the model never saw.

Folds are dealt over every holo structure (COACH420 subset, Astex, DUD-E fabp4, FEP p38, PDBbind
examples); the split is repeated with other seeds and reported as mean and spread over folds."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .data import Structure
from .metrics import Success, success

SEED = 42
FOLDS = 5
REPEATS = 5
# Few shallow trees with strong L2 regularisation and subsampling: ~110 structures hold ~150 ligand pockets.
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

# Physically meaningful pocket properties, no conservation, no within-protein context:
# size, buriedness, hydrophobicity/ligandability and protrusion.
PHYSICAL = [
    "volume",
    "meanSphereSolventAccess",
    "deepSphereFraction",
    "apolarSphereProportion",
    "hydrophobicityScore",
    "atomsWithin10",
]
# ... plus residue propensities of the lining residues and the lining-atom environment.
PHYSICAL_RESIDUES = PHYSICAL + [
    "aromaticResidues",
    "aliphaticResidues",
    "glycineResidues",
    "positiveResidues",
    "negativeResidues",
    "polarNeutralResidues",
    "aromaticAtomShareNear",
    "chargedAtomShareNear",
]
# ... plus the pocket's size among its own protein's pockets (ranking is within a protein).
PHYSICAL_CONTEXT = PHYSICAL_RESIDUES + ["relativeGeometricScore", "sphereShare"]


@dataclass(frozen=True)
class Arm:
    """One ranking under comparison: the geometric score (model None) or a learner on named features."""

    name: str
    model: str | None = None  # "xgboost" or "logistic"
    features: tuple[str, ...] = ()
    max_depth: int = 1
    rounds: int = 100


def fit(arm: Arm, feature_names: list[str], structures: list[Structure]):
    columns = [feature_names.index(f) for f in arm.features]
    x = np.vstack([s.features[:, columns] for s in structures])
    y = np.concatenate([s.labels for s in structures])
    if arm.model == "xgboost":
        import xgboost

        booster = xgboost.train({**BASE_PARAMS, "max_depth": arm.max_depth}, xgboost.DMatrix(x, label=y), arm.rounds)
        return lambda s: booster.predict(xgboost.DMatrix(s.features[:, columns]))
    if arm.model == "logistic":
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        model = make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=2000)).fit(x.astype(np.float64), y)
        return lambda s: model.predict_proba(s.features[:, columns].astype(np.float64))[:, 1]
    raise ValueError(f"unknown model {arm.model}")


def scores(arm: Arm, feature_names: list[str], train: list[Structure], test: list[Structure]) -> list[np.ndarray]:
    if arm.model is None:
        return [s.geometric for s in test]
    predict = fit(arm, feature_names, train)
    return [predict(s) for s in test]


def family_folds(structures: list[Structure], family_of: dict[str, int], folds: int, seed: int) -> list[list[Structure]]:
    """Whole families dealt into folds: in a seeded random order, each family goes to the fold with the
    fewest ligands so far, so folds stay comparable in size while every repeat differs."""
    members: dict[int, list[Structure]] = {}
    for s in structures:
        members.setdefault(family_of[s.id], []).append(s)
    order = sorted(members)
    rng = np.random.default_rng(seed)
    out: list[list[Structure]] = [[] for _ in range(folds)]
    load = [0] * folds
    for f in rng.permutation(len(order)):
        target = min(range(folds), key=lambda k: (load[k], k))
        out[target].extend(members[order[f]])
        load[target] += sum(s.ligands for s in members[order[f]])
    return out


@dataclass
class FoldResult:
    repeat: int
    fold: int
    per_structure: dict[str, Success]  # by structure id

    def total(self) -> Success:
        t = Success()
        for r in self.per_structure.values():
            t.add(r)
        return t


def cross_validate(
    arms: list[Arm], feature_names: list[str], structures: list[Structure], family_of: dict[str, int], repeats: int = REPEATS, seed: int = SEED
) -> dict[str, list[FoldResult]]:
    """Per arm, one result per (repeat, fold); all arms see the same folds."""
    results: dict[str, list[FoldResult]] = {a.name: [] for a in arms}
    for r in range(repeats):
        folds = family_folds(structures, family_of, FOLDS, seed + r)
        for i, test in enumerate(folds):
            train = [s for j, f in enumerate(folds) if j != i for s in f]
            for arm in arms:
                sc = scores(arm, feature_names, train, test)
                results[arm.name].append(FoldResult(r, i, {s.id: success(s, x) for s, x in zip(test, sc)}))
    return results


def fold_rates(results: list[FoldResult]) -> np.ndarray:
    """Top-n success rate (%) of each fold."""
    return np.array([100.0 * t.top_n / t.ligands for t in (r.total() for r in results) if t.ligands])


def pooled(results: list[FoldResult]) -> Success:
    total = Success()
    for r in results:
        total.add(r.total())
    return total


def choose(arms: list[Arm], rates: dict[str, np.ndarray]) -> Arm:
    """The arm with the best mean fold top-n, except that an arm with fewer features wins when its mean
    is within one standard error of the best (fewer physical features over many tuned ones)."""
    means = {a.name: rates[a.name].mean() for a in arms}
    best = max(arms, key=lambda a: means[a.name])
    se = rates[best.name].std(ddof=1) / np.sqrt(len(rates[best.name]))
    close = [a for a in arms if means[a.name] >= means[best.name] - se]
    return min(close, key=lambda a: (len(a.features), -means[a.name]))


def nested_selection(
    arms: list[Arm], feature_names: list[str], structures: list[Structure], family_of: dict[str, int], repeats: int, inner_repeats: int = 1, seed: int = SEED + 100
) -> tuple[list[FoldResult], list[str]]:
    """The whole selection procedure, cross-validated: each outer training side picks its arm by its own
    family-grouped CV (choose), and that arm, trained on the side, is scored on the outer test fold.
    Returns the outer fold results and the arm each fold chose."""
    out: list[FoldResult] = []
    chosen: list[str] = []
    for r in range(repeats):
        folds = family_folds(structures, family_of, FOLDS, seed + r)
        for i, test in enumerate(folds):
            train = [s for j, f in enumerate(folds) if j != i for s in f]
            inner = cross_validate(arms, feature_names, train, family_of, inner_repeats, seed=seed + 1000 * (r + 1) + i)
            arm = choose(arms, {a.name: fold_rates(inner[a.name]) for a in arms})
            chosen.append(arm.name)
            out.append(FoldResult(r, i, {s.id: success(s, x) for s, x in zip(test, scores(arm, feature_names, train, test))}))
    return out, chosen
