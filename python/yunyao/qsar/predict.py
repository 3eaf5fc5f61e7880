"""Predict with a built QSAR model.

    python -m yunyao.qsar.predict --inputs-json='[{"path": "inputs/0_molecules.csv", "name": "molecules.csv"}]' \\
        --model=qsar-model.json.gz [--output=predictions.csv] [--threads=N]

One row per input molecule (rows.json and the CSV): ``ID, SMILES, prediction`` (regression: the
value; classification: the calibrated probability of the positive class), ``predicted_class`` (the
class as the training file wrote it; null for a regression), ``lower, upper`` (the 90 % interval;
null for a classification), ``prediction_set`` (a classification's 90 % conformal set of classes: one
class, both when the model cannot tell, none when the molecule looks like neither; null for a regression), ``out_of_domain``, ``nearest_id, nearest_smiles, nearest_similarity``
(the most similar training molecule, Morgan r2 Tanimoto), ``atom_weights`` (one per heavy atom in
RDKit's atom order of the row's SMILES: the prediction minus the prediction without that atom's
descriptor contributions, see descriptors.py; for a classification in probability units) and
``error`` (a message id, for a line RDKit cannot read). The summary holds the model's card, the
counts and a histogram of the predictions.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
from typing import Sequence

import numpy as np

from ..common import (Warnings, add_result_args, default_id, encode_message, load_inputs, read_smiles_table, reject_input, run_main,
                      write_json, write_step_result)
from ..histogram import histogram
from ..messages import rendered_row
from . import descriptors as D
from . import domain, interval
from .artefact import load

MODULE = "qsarpred"
OUTPUT = "predictions.csv"
SMILES_EXTS = {"smi", "csv", "tsv", "txt"}
COLUMNS = ["ID", "SMILES", "prediction", "predicted_class", "lower", "upper", "prediction_set", "out_of_domain", "nearest_id", "nearest_smiles",
           "nearest_similarity", "atom_weights", "error"]
BATCH = 256


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.qsar.predict")
    p.add_argument("--inputs-json", required=True)
    p.add_argument("--model", required=True)
    p.add_argument("--params", help="the task's params.json (mole_type, tuna_id): nothing in it changes a prediction")
    p.add_argument("--model-name", help="the model file's name for messages (default: its own)")
    p.add_argument("--output", default=OUTPUT)
    p.add_argument("--threads", type=int, default=int(os.environ.get("YUNYAO_THREADS") or 1))
    add_result_args(p)
    return p.parse_args(argv)


class Predictor:
    """A loaded artefact: the model, its calibrator or interval, and its domain."""

    def __init__(self, path: str, name: str, threads: int = 1) -> None:
        self.doc, self.model = load(path, name)
        self.model.set_threads(threads)
        self.mode = self.doc["label"]["mode"]
        self.descriptor = self.doc["descriptor"]["name"]
        dom = self.doc["domain"]
        self.train_bits = domain.from_hex(dom["bits_hex"])
        self.threshold = float(dom["threshold"])

    def _value(self, X: np.ndarray) -> np.ndarray:
        return self._calibrated(self.model.predict(X))

    def _calibrated(self, raw: np.ndarray) -> np.ndarray:
        return interval.apply(self.doc["calibrator"], raw) if self.mode == "classification" else raw

    def rows(self, mols, ids, texts) -> list[dict]:
        """Rows for readable molecules (``mols`` parallel to ``ids`` and ``texts``)."""
        X = D.compute(self.descriptor, mols)
        value = self._value(X)
        variants = [D.without_each_atom(self.descriptor, m, X[k]) for k, m in enumerate(mols)]
        stacked = np.concatenate(variants) if variants else np.zeros((0, X.shape[1]), np.float32)
        without = self._calibrated(self.model.predict_variants(X, stacked, [len(v) for v in variants])) if len(stacked) else np.zeros(0)
        sim, near = domain.nearest(domain.bits(mols), self.train_bits)
        lo = hi = None
        sets = None
        if self.mode == "regression":
            iv = self.doc["interval"]
            lo, hi = interval.bounds(value, iv["q"], self.model.predict_std(X) if iv["scaled_by_std"] else None)
        elif "prediction_sets" in self.doc:
            sets = interval.prediction_sets(value, self.doc["prediction_sets"]["q"])
        dom = self.doc["domain"]
        classes = self.doc["label"]["classes"]
        out, start = [], 0
        for k, mol in enumerate(mols):
            n = mol.GetNumAtoms()
            weights = value[k] - without[start : start + n]
            start += n
            out.append({
                "ID": ids[k],
                "SMILES": texts[k],
                "prediction": round(float(value[k]), 4),
                "predicted_class": (classes[1] if value[k] >= 0.5 else classes[0]) if classes else None,
                "lower": None if lo is None else round(float(lo[k]), 4),
                "upper": None if hi is None else round(float(hi[k]), 4),
                "prediction_set": None if sets is None else [classes[c] for c in (0, 1) if sets[c][k]],
                "out_of_domain": bool(sim[k] < self.threshold),
                "nearest_id": dom["ids"][near[k]],
                "nearest_smiles": dom["smiles"][near[k]],
                "nearest_similarity": round(float(sim[k]), 4),
                "atom_weights": [round(float(w), 4) for w in weights],
                "error": None,
            })
        return out


def read_molecules(inputs):
    """(id, SMILES text, mol or None, error) for every record, and each file's record count."""
    from rdkit import Chem

    from ..common import message, one_line, smiles_length_problem
    from ..rdkit_log import log_reason, rdkit_log

    records, counts = [], []
    for inp in inputs:
        if inp.ext not in SMILES_EXTS:
            reject_input("qsarpred.notSmilesFile", file=inp.name)
        table = read_smiles_table(inp)
        counts.append(len(table.records))
        for rec in table.records:
            rid = rec.name or default_id(inp, rec.index)
            smi = rec.smiles.strip()
            if not smi:
                records.append((rid, smi, None, encode_message(message("common.smilesEmptyAt", line=rec.line))))
                continue
            too_long = smiles_length_problem(smi)
            if too_long:
                records.append((rid, smi[:120], None, too_long))
                continue
            with rdkit_log() as buf:
                mol = Chem.MolFromSmiles(smi)
            if mol is None or not mol.GetNumAtoms():
                reason = log_reason(buf, "") or message("common.syntaxError")
                records.append((rid, smi, None, encode_message(message("common.smilesInvalidAt", smiles=one_line(smi, 120), line=rec.line, reason=reason))))
                continue
            records.append((rid, smi, mol, None))
    return records, counts


def write_csv(path: str, rows: list[dict]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(COLUMNS)
        for r in map(rendered_row, rows):
            w.writerow(["" if r.get(c) is None else json.dumps(r[c]) if isinstance(r[c], list) else r[c] for c in COLUMNS])


def main(argv: Sequence[str]) -> None:
    args = parse_args(argv)
    inputs = load_inputs(args.inputs_json)
    predictor = Predictor(args.model, args.model_name or os.path.basename(args.model), args.threads)
    records, counts = read_molecules(inputs)
    if not records:
        reject_input("qsarpred.noMolecules")
    rows: list[dict] = []
    good = [(i, r) for i, r in enumerate(records) if r[2] is not None]
    done: dict[int, dict] = {}
    for s in range(0, len(good), BATCH):
        chunk = good[s : s + BATCH]
        for (i, _), row in zip(chunk, predictor.rows([r[2] for _, r in chunk], [r[0] for _, r in chunk], [r[1] for _, r in chunk])):
            done[i] = row
    for i, (rid, smi, mol, error) in enumerate(records):
        rows.append(done[i] if mol is not None else {**{c: None for c in COLUMNS}, "ID": rid, "SMILES": smi, "error": error})
    write_csv(args.output, rows)
    values = [r["prediction"] for r in rows if r["error"] is None]
    card = predictor.doc["card"]
    write_step_result(
        args, module=MODULE, engine=predictor.doc["versions"], inputs=inputs, counts=counts, rows=rows[: args.max_rows], rows_available=len(rows),
        warnings=Warnings(),
        details={
            "model": {"name": card.get("name"), "label": card["label"], "mode": card["mode"], "algorithm": card["algorithm"],
                      "descriptors": card["descriptors"], "cv": card["cv"], "test": card["test"], "interval": card["interval"], "domain": card["domain"],
                      "classes": predictor.doc["label"]["classes"]},
            "molecules": len(rows),
            "predicted": len(values),
            "failed": len(rows) - len(values),
            "out_of_domain": sum(1 for r in rows if r["out_of_domain"]),
            "histogram": histogram(values, len(rows)),
            "outputFile": args.output,
        },
    )


if __name__ == "__main__":
    run_main(main)
