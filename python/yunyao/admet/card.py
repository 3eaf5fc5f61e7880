"""What the web shows next to each endpoint, from the manifest and the verdict table (``--card``)."""

from __future__ import annotations

from .verdicts import KNOWN_LIMITATIONS, rules_export


def model_card(pred) -> dict:
    rules = rules_export()
    endpoints = []
    for e in pred.endpoints:
        limitation = KNOWN_LIMITATIONS.get(e["name"])
        endpoints.append({
            "name": e["name"],
            "metric": e["metric"],
            "heldout_metric": e["heldout_metric"],
            "test_size": e["test_size"],
            "validation": e.get("validation"),
            "calibration": e.get("calibration"),
            "rule": rules[e["name"]],
            "limitation": {"zh": limitation[0], "en": limitation[1]} if limitation else None,
        })
    return {"version": pred.manifest.get("version"), "reference": pred.manifest.get("reference"), "endpoints": endpoints}
