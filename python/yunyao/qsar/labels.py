"""The label column of a training table: what inspect proposes, what check and build refuse.

Regression labels are numbers; classification labels are any two distinct texts (0/1, true/false,
active/inactive, ...), the positive class chosen as :func:`positive_class` says. A row with an empty
label is dropped and counted, never refused, unless too few rows remain (``MIN_ROWS``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

from ..common import one_line, reject_input
from .table import Row, Table

# Fewer labelled molecules than this cannot be split 80/20 and cross-validated 5-fold with both
# sides holding several scaffolds; the build refuses before any work.
MIN_ROWS = 20
# Words that name the positive class of a two-class label (lower case).
POSITIVE_WORDS = {"1", "1.0", "true", "t", "yes", "y", "active", "positive", "pos", "inhibitor", "blocker", "toxic", "mutagenic", "binder", "hit"}


def parse_number(text: str) -> Optional[float]:
    try:
        v = float(text)
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def positive_class(values: list[str]) -> tuple[str, str]:
    """(negative, positive) of two distinct label texts: a positive word (1, true, active, ...) is
    positive; else the larger of two numbers; else the later in sorted order."""
    a, b = sorted(values)
    a_pos, b_pos = a.lower() in POSITIVE_WORDS, b.lower() in POSITIVE_WORDS
    if a_pos != b_pos:
        return (b, a) if a_pos else (a, b)
    na, nb = parse_number(a), parse_number(b)
    if na is not None and nb is not None:
        return (a, b) if na < nb else (b, a)
    return a, b


@dataclass
class Labels:
    rows: list[tuple[Row, float]]  # labelled rows: value (regression) or 0/1 (classification)
    empty: int  # rows dropped for an empty label
    classes: Optional[list[str]]  # classification: [negative, positive] as written in the file


def require_columns(table: Table, file: str, *columns: str) -> None:
    for col in columns:
        if col not in table.columns:
            reject_input("qsartuna.columnMissing", column=col, file=file, columns=one_line(", ".join(table.columns), 200))


def read_labels(table: Table, labels_col: str, mode: str) -> Labels:
    """The labelled rows; refuses a non-numeric regression label, more than two classes, a constant label."""
    filled = [r for r in table.rows if r.cells.get(labels_col, "").strip()]
    empty = len(table.rows) - len(filled)
    if mode == "regression":
        rows: list[tuple[Row, float]] = []
        for r in filled:
            text = r.cells[labels_col].strip()
            v = parse_number(text)
            if v is None:
                reject_input("qsartuna.labelNotNumeric", column=labels_col, line=r.line, value=one_line(text, 60))
            rows.append((r, v))
        values = {v for _, v in rows}
        if len(values) == 1:
            reject_input("qsartuna.constantLabel", column=labels_col, value=one_line(filled[0].cells[labels_col], 60))
        return Labels(rows, empty, None)
    distinct = sorted({r.cells[labels_col].strip() for r in filled})
    if len(distinct) > 2:
        reject_input("qsartuna.tooManyClasses", column=labels_col, count=len(distinct), examples=one_line(", ".join(distinct[:5]), 120))
    if len(distinct) < 2:
        reject_input("qsartuna.constantLabel", column=labels_col, value=one_line(distinct[0], 60) if distinct else "")
    negative, positive = positive_class(distinct)
    return Labels([(r, 1.0 if r.cells[labels_col].strip() == positive else 0.0) for r in filled], empty, [negative, positive])


def too_few(usable: int, empty: int, unreadable: int) -> None:
    if usable < MIN_ROWS:
        reject_input("qsartuna.tooFewRows", usable=usable, min=MIN_ROWS, empty=empty, unreadable=unreadable)
