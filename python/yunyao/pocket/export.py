"""Writes an XGBoost booster as the small JSON tree ensemble that @yunyao/pockets evaluates
(packages/pockets/src/rescore.ts), plus feature vectors with XGBoost's own predictions, which the
TypeScript tests must reproduce."""

from __future__ import annotations

import json
import math

import numpy as np

FORMAT = "yunyao-pocket-rescorer/1"


def float32_number(value: float) -> float:
    """The shortest decimal that reads back as the same float32, so the file stays small while
    TypeScript compares against exactly XGBoost's threshold (see rescore.ts)."""
    return float(np.format_float_positional(np.float32(value), unique=True, trim="-"))


def ensemble(booster, feature_names: list[str], provenance: dict, columns: list[int] | None = None) -> dict:
    """`columns`: the booster was trained on these columns of `feature_names` only; split indices are
    mapped back to the full list, which the detector checks against its FEATURE_NAMES."""
    to_full = columns if columns is not None else list(range(len(feature_names)))
    model = json.loads(booster.save_raw("json"))
    learner = model["learner"]
    if learner["objective"]["name"] != "binary:logistic":
        raise ValueError("only binary:logistic boosters are exported")
    base_score = float(learner["learner_model_param"]["base_score"])
    trees = []
    for tree in learner["gradient_booster"]["model"]["trees"]:
        leaf = [left == -1 for left in tree["left_children"]]
        trees.append(
            {
                # Leaves store their value in split_conditions (XGBoost's JSON layout).
                "feature": [0 if is_leaf else to_full[f] for f, is_leaf in zip(tree["split_indices"], leaf)],
                "threshold": [0 if is_leaf else float32_number(c) for c, is_leaf in zip(tree["split_conditions"], leaf)],
                "left": tree["left_children"],
                "right": tree["right_children"],
                "value": [float32_number(c) if is_leaf else 0 for c, is_leaf in zip(tree["split_conditions"], leaf)],
            }
        )
    return {
        "format": FORMAT,
        "features": feature_names,
        "baseMargin": math.log(base_score / (1 - base_score)),
        "trees": trees,
        "provenance": provenance,
    }


def check_vectors(booster, features: np.ndarray, columns: list[int] | None = None) -> dict:
    """Full feature vectors and XGBoost's probabilities for them (the TypeScript evaluator's test)."""
    import xgboost

    predicted = booster.predict(xgboost.DMatrix(features if columns is None else features[:, columns]))
    return {"features": features.astype(np.float64).tolist(), "probabilities": [float(p) for p in predicted]}


def write_json(path: str, value: dict) -> int:
    text = json.dumps(value, separators=(",", ":")) + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return len(text.encode("utf-8"))
