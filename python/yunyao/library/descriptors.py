"""Descriptors of a molecule library file, streamed as JSON lines.

    python -m yunyao.library.descriptors FILE [--start N] [--format smi|csv|sdf]
        [--name-column COLUMN] [--keep COLUMN~TEXT]

Reads SMILES (``SMILES [name]`` per line), CSV/TSV (the SMILES and name columns
are found by their header, or named by ``--name-column``) or SDF records one at a
time and writes, per record, one line to stdout:

    {"i": 0, "name": "...", "smiles": "<canonical>", "tpsa": .., "logp": ..,
     "n_ring": .., "n_rot": .., "mw": .., "hbd": .., "hba": ..,
     "has_metal": false, "pains": null, "pattern_fp": "0101…"}
    {"i": 1, "error": "reason"}
    {"i": 2, "skipped": true}

``--keep COLUMN~TEXT`` keeps only the CSV rows whose COLUMN contains TEXT (e.g.
``source~FDA`` for the FDA-approved rows of a multi-agency list); the others are
counted as records but skipped. The flags are described in yunyao.library.flags.

``i`` is the 0-based record number in the file; ``--start N`` skips the first N
records without parsing them (resuming an import). A last line
``{"end": true, "records": <records read>}`` marks a complete run.

Descriptors (RDKit): TPSA ``rdMolDescriptors.CalcTPSA`` (N and O only, the
Ertl definition), logP ``Crippen.MolLogP``, rings ``CalcNumRings`` (SSSR),
rotatable bonds ``CalcNumRotatableBonds`` (RDKit default definition), molecular
weight ``Descriptors.MolWt`` (average weight, as used by Lipinski's rule), H-bond
donors/acceptors ``Lipinski.NumHDonors`` / ``Lipinski.NumHAcceptors``.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import json
import os
import sys
from typing import IO, Iterator

from rdkit import Chem, RDLogger
from rdkit.Chem import Crippen, Descriptors, Lipinski, rdMolDescriptors

from ..common import ID_HEADERS, SMILES_HEADERS, norm_header
from .flags import has_metal, pains_alert, pattern_bits

RDLogger.DisableLog("rdApp.*")


def open_text(path: str) -> IO[str]:
    if path.endswith(".gz"):
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8", errors="replace", newline="")
    return open(path, encoding="utf-8", errors="replace", newline="")


def guess_format(path: str) -> str:
    base = path[:-3] if path.endswith(".gz") else path
    ext = os.path.splitext(base)[1].lower()
    if ext in (".sdf", ".sd", ".mol"):
        return "sdf"
    if ext in (".csv", ".tsv"):
        return "csv"
    return "smi"


# A record: (name, payload kind, payload) with kind "smiles" or "molblock", or (None, "skip", "") for a row --keep drops.
Record = tuple


class CsvOptions(argparse.Namespace):
    name_column: str | None = None
    keep: str | None = None


def smiles_records(stream: IO[str]) -> Iterator[Record]:
    first = True
    for line in stream:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        parts = text.split(None, 1)
        if first:
            first = False
            if norm_header(parts[0]) in SMILES_HEADERS:
                continue  # header line
        yield (parts[1].strip() if len(parts) > 1 else "", "smiles", parts[0])


def column_index(lowered: list[str], column: str) -> int:
    wanted = norm_header(column)
    if wanted not in lowered:
        raise SystemExit(f"YUNYAO_ERROR: CSV 文件缺少 {column} 列")
    return lowered.index(wanted)


def csv_records(stream: IO[str], path: str, options: CsvOptions) -> Iterator[Record]:
    sample = stream.readline()
    base = path[:-3] if path.endswith(".gz") else path
    tsv = base.lower().endswith(".tsv") or ("\t" in sample and sample.count("\t") >= sample.count(","))
    delimiter = "\t" if tsv else ","
    header = next(csv.reader([sample], delimiter=delimiter), [])
    lowered = [norm_header(h) for h in header]
    smiles_col = next((lowered.index(c) for c in SMILES_HEADERS if c in lowered), None)
    if smiles_col is None:
        smiles_col = next((k for k, h in enumerate(lowered) if "smiles" in h), None)
    if smiles_col is None:
        raise SystemExit(f"YUNYAO_ERROR: CSV 文件缺少 SMILES 列（表头：{','.join(header)}）")
    name_col = column_index(lowered, options.name_column) if options.name_column else next((lowered.index(c) for c in ID_HEADERS if c in lowered), None)
    if name_col is None:
        name_col = next((k for k, h in enumerate(lowered) if k != smiles_col and ("name" in h or h.endswith("id"))), None)
    keep_column, _, keep_text = (options.keep or "").partition("~")
    keep_col = column_index(lowered, keep_column) if options.keep else None
    for row in csv.reader(stream, delimiter=delimiter):
        if not row or all(not c.strip() for c in row):
            continue
        if keep_col is not None and keep_text not in (row[keep_col] if keep_col < len(row) else ""):
            yield (None, "skip", "")
            continue
        smiles = row[smiles_col].strip() if smiles_col < len(row) else ""
        name = row[name_col].strip() if name_col is not None and name_col < len(row) else ""
        yield (name, "smiles", smiles)


def sdf_records(stream: IO[str]) -> Iterator[Record]:
    lines: list[str] = []
    for line in stream:
        if line.rstrip("\r\n") == "$$$$":
            if any(l.strip() for l in lines):
                yield (None, "molblock", "".join(lines))
            lines = []
        else:
            lines.append(line)
    if any(l.strip() for l in lines):
        yield (None, "molblock", "".join(lines))


def describe(i: int, name: str | None, kind: str, payload: str, fallback_name: str) -> dict:
    if kind == "skip":
        return {"i": i, "skipped": True}
    if not payload.strip():
        return {"i": i, "error": "empty record" if kind == "molblock" else "empty SMILES"}
    mol = Chem.MolFromSmiles(payload, sanitize=False) if kind == "smiles" else Chem.MolFromMolBlock(payload, sanitize=False)
    if mol is None:
        what = f"SMILES '{payload[:80]}'" if kind == "smiles" else "molfile record"
        return {"i": i, "error": f"cannot parse {what}", **({"name": name} if name else {})}
    if kind == "molblock" and not name:
        name = mol.GetProp("_Name").strip() if mol.HasProp("_Name") else ""
    try:
        Chem.SanitizeMol(mol)
    except Exception as exc:  # noqa: BLE001 - RDKit raises several sanitisation errors
        return {"i": i, "error": f"invalid structure: {str(exc).strip()}", **({"name": name} if name else {})}
    if mol.GetNumAtoms() == 0:
        return {"i": i, "error": "no atoms"}
    return {
        "i": i,
        "name": name or fallback_name,
        "smiles": Chem.MolToSmiles(mol),
        "tpsa": rdMolDescriptors.CalcTPSA(mol),
        "logp": Crippen.MolLogP(mol),
        "n_ring": rdMolDescriptors.CalcNumRings(mol),
        "n_rot": rdMolDescriptors.CalcNumRotatableBonds(mol),
        "mw": Descriptors.MolWt(mol),
        "hbd": Lipinski.NumHDonors(mol),
        "hba": Lipinski.NumHAcceptors(mol),
        "has_metal": has_metal(mol),
        "pains": pains_alert(mol),
        "pattern_fp": pattern_bits(mol),
    }


def records(stream: IO[str], path: str, fmt: str, options: CsvOptions) -> Iterator[Record]:
    if fmt == "sdf":
        return sdf_records(stream)
    if fmt == "csv":
        return csv_records(stream, path, options)
    return smiles_records(stream)


def run(path: str, start: int, fmt: str | None, out: IO[str], options: CsvOptions | None = None) -> int:
    fmt = fmt or guess_format(path)
    stem = os.path.basename(path).split(".")[0]
    count = 0
    with open_text(path) as stream:
        for i, (name, kind, payload) in enumerate(records(stream, path, fmt, options or CsvOptions())):
            count = i + 1
            if i < start:
                continue
            out.write(json.dumps(describe(i, name, kind, payload, f"{stem}-{i + 1}"), ensure_ascii=False) + "\n")
    out.write(json.dumps({"end": True, "records": count}) + "\n")
    out.flush()
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--format", choices=("smi", "csv", "sdf"))
    parser.add_argument("--name-column", help="the CSV column holding the molecule names")
    parser.add_argument("--keep", help="COLUMN~TEXT: keep only the CSV rows whose COLUMN contains TEXT")
    args = parser.parse_args(argv, namespace=CsvOptions())
    if not os.path.isfile(args.file):
        print(f"YUNYAO_ERROR: 文件不存在：{args.file}", file=sys.stderr)
        return 2
    run(args.file, max(0, args.start), args.format, sys.stdout, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
