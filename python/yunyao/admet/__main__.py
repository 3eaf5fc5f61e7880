"""ADMET prediction step program.

Batch mode (the platform worker; files are written to the current directory):

    python -m yunyao.admet --inputs-json='[{"path": "inputs/0_a.csv", "name": "a.csv"}]' --output=admet.csv

Inputs: .smi/.txt/.csv/.tsv SMILES tables (header detection by ``common.read_smiles_table``).
Outputs:

* ``admet.csv``  -- ``index,name,Smiles,<physchem>,<every endpoint>,soluble_probability,alerts,
  rule_violations,unfavourable,caution,out_of_domain,error`` (``alerts`` = how many structural
  alerts matched, ``rule_violations`` = how many criteria of the five drug-likeness rules failed,
  both from ``medchem``; ``unfavourable`` / ``caution`` = the endpoints with a red / amber verdict
  and ``out_of_domain`` the endpoints outside the applicability domain, names joined by ``;``),
* ``rows.json``  -- one object per input molecule, in input order (see ``Predictor``),
* ``summary.json`` -- counts, endpoint names and engine versions.

A molecule that does not parse gets a row with ``error`` and null values; the batch fails
(YUNYAO_ERROR protocol) only when no molecule parses or the input holds more than
``MAX_MOLECULES`` molecules.

Model card mode (the API, once per server): ``python -m yunyao.admet --card`` prints per endpoint
its held-out metric, calibration, verdict thresholds and known limitation as JSON.

Single-molecule mode (the API): ``python -m yunyao.admet --smiles 'CCO'`` prints one row
object as JSON on stdout and writes nothing. An unparsable SMILES prints the row with
``error`` set (exit status 0).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Sequence

from ..common import default_id, fail, load_inputs, read_smiles_table, reject_input, run_main, write_json
from ..messages import rendered_row

MAX_MOLECULES = 100_000
SMILES_EXTS = {"smi", "csv", "tsv", "txt"}


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.admet")
    p.add_argument("--inputs-json")
    p.add_argument("--output", default="admet.csv")
    p.add_argument("--rows", default="rows.json")
    p.add_argument("--summary", default="summary.json")
    p.add_argument("--smiles", help="single-molecule mode: print one row as JSON")
    p.add_argument("--card", action="store_true", help="print the endpoints' model card as JSON")
    p.add_argument("--max-molecules", type=int, default=MAX_MOLECULES)
    return p.parse_args(argv)


def _predictor():
    from .predictor import ModelsMissing, Predictor

    try:
        return Predictor()
    except ModelsMissing as exc:
        fail("admet.modelsMissing", detail=str(exc))


def engines(pred) -> dict:
    import numpy
    import rdkit
    import sklearn
    import xgboost

    return {
        "rdkit": rdkit.__version__,
        "xgboost": xgboost.__version__,
        "scikit-learn": sklearn.__version__,
        "numpy": numpy.__version__,
        "admet-models": pred.manifest.get("version"),
        "admet-calibration": pred.manifest.get("calibrated"),
    }


def single(smiles: str) -> None:
    pred = _predictor()
    row = pred.rows_for([("", smiles)])[0]
    sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")


def endpoints_with_verdict(row: dict, verdict: str) -> str:
    """The endpoints of a row with that traffic light, joined by ``;`` (empty on an unreadable row)."""
    return ";".join(name for name, v in (row.get("verdicts") or {}).items() if v == verdict)


def batch(args: argparse.Namespace) -> None:
    from .features import PHYSCHEM_KEYS
    from .medchem import alert_count, rule_violation_count
    from .predictor import SOLUBLE_PROBABILITY, parse_row_smiles

    if not args.inputs_json:
        reject_input("common.inputMissing")
    inputs = load_inputs(args.inputs_json)
    items: list[tuple[str, str]] = []
    for inp in inputs:
        if inp.ext not in SMILES_EXTS:
            reject_input("admet.notSmilesFile", file=inp.name)
        table = read_smiles_table(inp)
        for rec in table.records:
            items.append((rec.name or default_id(inp, rec.index), rec.smiles))
            if len(items) > args.max_molecules:
                reject_input("admet.tooManyMolecules", max=f"{args.max_molecules:,}")
    if not items:
        reject_input("admet.noMolecules")
    # No molecule parses: refused before the models load (the XGBoost import and every endpoint's booster, seconds
    # of CPU). The check ends at the first molecule that parses, so a usable batch parses at most that one twice.
    if all(parse_row_smiles(smi)[0] is None for _, smi in items):
        reject_input("admet.noParsableMolecules", records=len(items), example=parse_row_smiles(items[0][1])[1])

    pred = _predictor()
    rows = pred.rows_for(items)
    ok = sum(1 for r in rows if not r["error"])
    if ok == 0:
        first = rows[0]["error"] if rows else ""
        reject_input("admet.noParsableMolecules", records=len(rows), example=first)

    derived = {
        "alerts": alert_count,
        "rule_violations": rule_violation_count,
        "unfavourable": lambda r: endpoints_with_verdict(r, "red"),
        "caution": lambda r: endpoints_with_verdict(r, "amber"),
    }
    cols = ["index", "name", "Smiles", *PHYSCHEM_KEYS, *pred.names, SOLUBLE_PROBABILITY, *derived, "out_of_domain", "error"]
    with open(args.output, "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(cols)
        for r in map(rendered_row, rows):  # text for people; rows.json keeps the ids the server renders per reader
            vals = []
            for c in cols:
                v = derived[c](r) if c in derived else r.get(c)
                if c == "out_of_domain":
                    v = ";".join(v) if v else ""
                vals.append("" if v is None else v)
            w.writerow(vals)
    write_json(args.rows, rows)
    write_json(
        args.summary,
        {
            "molecules": len(rows),
            "predicted": ok,
            "failed": len(rows) - ok,
            "endpoints": pred.names,
            "engines": engines(pred),
        },
    )


def main(argv: Sequence[str]) -> None:
    args = parse_args(argv)
    if args.card:
        from .card import model_card

        sys.stdout.write(json.dumps(model_card(_predictor()), ensure_ascii=False) + "\n")
    elif args.smiles is not None:
        single(args.smiles)
    else:
        batch(args)


if __name__ == "__main__":
    run_main(main)
