"""What a QSAR training table holds, for the form's column pickers (run when the user uploads it).

    python -m yunyao.qsar.inspect --input PATH --name ORIGINAL_NAME

prints one JSON object: ``{"format", "rows", "columns": [{"name", "numeric", "distinct", "smiles",
"example"}], "smiles_col", "labels_col", "mode"}``. ``numeric`` is the share of non-empty cells
that are numbers, ``smiles`` the share of the first ``SMILES_SAMPLE`` non-empty cells RDKit reads
as SMILES (for an SD file's ``@structure``, of its records RDKit reads). The guesses: the SMILES
column is the one read best (at least half; a SMILES-like header wins ties), the label column one
whose header says so (``LABEL_HEADERS``), else the last numeric or two-valued column; the mode is
classification for a label of exactly two values, regression for a numeric one of more, else null.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

from ..common import SMILES_HEADERS, norm_header, run_main
from .labels import parse_number
from .table import STRUCTURE, Table, input_file, read_table

SMILES_SAMPLE = 200
MIN_SMILES_SHARE = 0.5
NUMERIC_LABEL_SHARE = 0.95
LABEL_HEADERS = ["y", "label", "labels", "target", "activity", "value", "class", "response", "pic50", "pki", "pkd", "pec50", "ic50", "ki", "kd", "logd", "logp", "logs", "solubility", "active", "endpoint", "property"]


def _smiles_share(cells: list[str]) -> float:
    from rdkit import Chem, RDLogger

    sample = cells[:SMILES_SAMPLE]
    if not sample:
        return 0.0
    RDLogger.DisableLog("rdApp.*")
    try:
        return sum(Chem.MolFromSmiles(c) is not None for c in sample) / len(sample)
    finally:
        RDLogger.EnableLog("rdApp.error")


def describe_column(table: Table, name: str) -> dict:
    cells = [r.cells.get(name, "").strip() for r in table.rows]
    filled = [c for c in cells if c]
    numeric = sum(parse_number(c) is not None for c in filled) / len(filled) if filled else 0.0
    # @structure holds the SMILES of the records RDKit read, "" for the others
    smiles = (len(filled) / len(cells) if cells else 0.0) if name == STRUCTURE else _smiles_share(filled)
    return {"name": name, "numeric": round(numeric, 4), "distinct": len(set(filled)), "smiles": round(smiles, 4), "example": filled[0] if filled else None}


def guess_smiles(table: Table, columns: list[dict]) -> Optional[str]:
    if table.format == "sdf":
        return STRUCTURE
    best = max(columns, key=lambda c: (c["smiles"], norm_header(c["name"]) in SMILES_HEADERS), default=None)
    return best["name"] if best and best["smiles"] >= MIN_SMILES_SHARE else None


def mode_of(column: dict) -> Optional[str]:
    if column["distinct"] == 2:
        return "classification"
    if column["numeric"] >= NUMERIC_LABEL_SHARE and column["distinct"] > 2:
        return "regression"
    return None


def guess_labels(columns: list[dict], smiles_col: Optional[str]) -> Optional[dict]:
    candidates = [c for c in columns if c["name"] not in (smiles_col, STRUCTURE) and c["distinct"] > 1]
    for hint in LABEL_HEADERS:
        for c in candidates:
            if norm_header(c["name"]) == hint and mode_of(c):
                return c
    usable = [c for c in candidates if mode_of(c)]
    return usable[-1] if usable else None


def inspect(table: Table) -> dict:
    columns = [describe_column(table, n) for n in table.columns]
    smiles_col = guess_smiles(table, columns)
    labels = guess_labels(columns, smiles_col)
    return {
        "format": table.format,
        "rows": len(table.rows),
        "columns": columns,
        "smiles_col": smiles_col,
        "labels_col": labels["name"] if labels else None,
        "mode": mode_of(labels) if labels else None,
    }


def main(argv: Sequence[str]) -> None:
    p = argparse.ArgumentParser(prog="yunyao.qsar.inspect")
    p.add_argument("--input", required=True)
    p.add_argument("--name", help="the file's name as the user uploaded it (default: its own)")
    args = p.parse_args(argv)
    table = read_table(input_file(args.input, args.name or args.input))
    json.dump(inspect(table), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    run_main(main)
