"""The training table of a QSAR build: a CSV/TSV (any delimiter, quoted fields, BOM) or an SD file.

Every reader of the table (inspect, check, build) goes through :func:`read_table`, so the line
numbers a user is shown are the same everywhere: a CSV row's first line in the file (the header is
line 1), an SD record's first line. An SD file's columns are its SD properties, with the fixed
pseudo-column ``@structure`` (the record's own molecule, as its canonical SMILES) first.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from typing import Optional

from ..common import InputFile, extension_of, read_text, reject_input

STRUCTURE = "@structure"
SDF_EXTS = {"sdf", "sd", "mol", "sdfile"}
TABLE_EXTS = {"csv", "tsv", "txt", "smi", "tab"}
DELIMITERS = ",;\t|"
SNIFF_CHARS = 64_000
# Message ids (texts: packages/modules/qsartuna/qsartuna.messages.ts).
UNREADABLE = "qsartuna.tableUnreadable"
EMPTY = "qsartuna.tableEmpty"

_PROP = re.compile(r"^>\s*.*?<([^>]+)>")


@dataclass
class Row:
    line: int  # 1-based line of the row (CSV) or the record's first line (SDF)
    cells: dict[str, str]
    molblock: Optional[str] = None  # SDF: the record's molfile


@dataclass
class Table:
    format: str  # "csv" | "sdf"
    columns: list[str]
    rows: list[Row]


def input_file(path: str, name: str) -> InputFile:
    return InputFile(path=path, name=name, ext=extension_of(name) or extension_of(path))


def _looks_like_sdf(text: str) -> bool:
    head = text[:SNIFF_CHARS]
    return "M  END" in head or "$$$$" in head


def _delimiter(ext: str, text: str) -> str:
    if ext == "tsv" or ext == "tab":
        return "\t"
    sample = "\n".join(text[:SNIFF_CHARS].split("\n")[:50])
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        first = next((l for l in text.split("\n") if l.strip()), "")
        counts = {d: first.count(d) for d in DELIMITERS}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ","


def _unique_headers(cells: list[str]) -> list[str]:
    """Blank header cells become ``column N``; repeats get `` (2)``, so every column has one name."""
    out: list[str] = []
    for i, c in enumerate(cells, start=1):
        name = c.strip() or f"column {i}"
        base, k = name, 2
        while name in out:
            name = f"{base} ({k})"
            k += 1
        out.append(name)
    return out


def _read_csv(inp: InputFile, text: str) -> Table:
    reader = csv.reader(io.StringIO(text), delimiter=_delimiter(inp.ext, text))
    header: Optional[list[str]] = None
    rows: list[Row] = []
    end = 0
    try:
        for cells in reader:
            start, end = end + 1, reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if header is None:
                header = _unique_headers(cells)
                continue
            rows.append(Row(start, {h: (cells[i].strip() if i < len(cells) else "") for i, h in enumerate(header)}))
    except csv.Error as exc:
        reject_input(UNREADABLE, file=inp.name, error=f"line {reader.line_num}: {exc}")
    if header is None or not rows:
        reject_input(EMPTY, file=inp.name)
    return Table("csv", header, rows)


def sd_properties(record: str) -> dict[str, str]:
    """The SD data fields after ``M  END``: ``> <NAME>`` then value lines up to a blank line."""
    props: dict[str, str] = {}
    lines = record.split("\n")
    try:
        i = next(k for k, l in enumerate(lines) if l.startswith("M  END")) + 1
    except StopIteration:
        return props
    while i < len(lines):
        m = _PROP.match(lines[i])
        i += 1
        if not m:
            continue
        values: list[str] = []
        while i < len(lines) and lines[i].strip() and lines[i].strip() != "$$$$":
            values.append(lines[i].strip())
            i += 1
        props.setdefault(m.group(1).strip(), "\n".join(values))
    return props


def _read_sdf(inp: InputFile, text: str) -> Table:
    from ..common import split_sdf

    from .molecules import molblock_smiles

    rows: list[Row] = []
    columns: list[str] = [STRUCTURE]
    for rec in split_sdf(text):
        if not rec.text.strip():
            continue
        props = sd_properties(rec.text)
        for k in props:
            if k not in columns:
                columns.append(k)
        block = rec.text.split("\nM  END", 1)[0] + "\nM  END\n" if "\nM  END" in rec.text else rec.text
        rows.append(Row(rec.line, {STRUCTURE: molblock_smiles(block), **props}, molblock=block))
    if not rows:
        reject_input(EMPTY, file=inp.name)
    for r in rows:
        for c in columns:
            r.cells.setdefault(c, "")
    return Table("sdf", columns, rows)


def read_table(inp: InputFile) -> Table:
    """The file as columns and rows; a file that is neither a table nor an SD file is refused."""
    text = read_text(inp)
    if not text.strip():
        reject_input(EMPTY, file=inp.name)
    if inp.ext in SDF_EXTS or (inp.ext not in TABLE_EXTS and _looks_like_sdf(text)):
        return _read_sdf(inp, text)
    if inp.ext not in TABLE_EXTS and inp.ext:
        reject_input(UNREADABLE, file=inp.name, error=f".{inp.ext}")
    return _read_csv(inp, text)
