"""``scores.csv``: the docking table as a spreadsheet, with the size-aware columns."""

from __future__ import annotations

import csv
import os

from ..messages import rendered_row

COLUMNS = ("ID", "ligand", "pocket", "SMILES", "score", "heavy_atoms", "LE", "FQ", "contacts", "pb_valid", "pb_failed", "error")


def _cell(row: dict, column: str) -> object:
    value = row.get(column)
    if column == "score":
        return row["score"][0] if row.get("score") else ""
    if column == "contacts":
        return " ".join(value or [])
    if column == "pb_valid":  # PoseBusters-style checks of the best pose; empty: not checked
        return "" if value is None else ("true" if value else "false")
    if column == "pb_failed":
        return " ".join(value or [])
    return "" if value is None else value


def write_scores_csv(rows: list[dict], path: str) -> None:
    # A byte-order mark, so Excel reads the (often Chinese) molecule names as UTF-8.
    with open(path + ".tmp", "w", encoding="utf-8-sig", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(COLUMNS)
        for row in map(rendered_row, rows):  # text for people; result.json keeps the ids the server renders per reader
            writer.writerow([_cell(row, c) for c in COLUMNS])
    os.replace(path + ".tmp", path)
