"""A QSAR training table checked at submission, before anything is charged.

    python -m yunyao.qsar.check --input PATH --name ORIGINAL --params=params.json

``params.json`` is the task's (``smiles_col``, ``labels_col`` and ``mode`` are read), with its schema
beside it as the server writes them (``yunyao.params``). Refuses, before anything else: a missing column, a non-numeric label in
regression mode (the first offending line and value), more than two classes, a constant label,
fewer than ``labels.MIN_ROWS`` rows with both a label and a readable molecule (rows with an empty
label are dropped and counted, not refused). Otherwise prints what ``yunyao.check_smiles`` prints:
``{"molecules": N, "unreadable": [{"line", "smiles", "reason"}]}``, so the server's "skip the
unreadable lines" dialog works unchanged.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Sequence

from ..common import run_main
from ..params import load_params
from .labels import read_labels, require_columns, too_few
from .molecules import row_molecule
from .table import Table, input_file, read_table


def check(table: Table, file: str, smiles_col: str, labels_col: str, mode: str) -> dict:
    require_columns(table, file, smiles_col, labels_col)
    labels = read_labels(table, labels_col, mode)
    labelled = {id(r) for r, _ in labels.rows}
    unreadable = []
    usable = 0
    for row in table.rows:
        mol, text, reason = row_molecule(row, smiles_col)
        if mol is None:
            unreadable.append({"line": row.line, "smiles": text, "reason": reason})
        elif id(row) in labelled:
            usable += 1
    too_few(usable, labels.empty, len(unreadable))
    return {"molecules": len(table.rows), "unreadable": unreadable}


def main(argv: Sequence[str]) -> None:
    p = argparse.ArgumentParser(prog="yunyao.qsar.check")
    p.add_argument("--input", required=True)
    p.add_argument("--name")
    p.add_argument("--params", required=True)
    args = p.parse_args(argv)
    params = load_params(args.params)
    name = args.name or os.path.basename(args.input)
    table = read_table(input_file(args.input, name))
    json.dump(check(table, name, params["smiles_col"], params["labels_col"], params["mode"]), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    run_main(main)
