"""Merge several MOL2 / SDF files into one, validating every record with Open Babel.

    python -m yunyao.merge --inputs-json='[...]' --output=output.sdf --format=sdf

Records keep their own text when the input and output formats agree (nothing
is re-perceived); otherwise Open Babel converts them.
"""

from __future__ import annotations

import argparse
from typing import Sequence

from .common import Warnings, add_result_args, fail, load_inputs, reject_input, run_main, write_step_result
from . import ob_io

INPUT_EXTS = {"mol2", "sdf", "sd"}
OUTPUT_FORMATS = {"sdf": "sdf", "sd": "sdf", "mol2": "mol2"}


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.merge")
    p.add_argument("--inputs-json", required=True)
    p.add_argument("--output", required=True)
    p.add_argument("--format", required=True)
    add_result_args(p)
    return p.parse_args(argv)


def family(ext: str) -> str:
    return "mol2" if ext == "mol2" else "sdf"


def run(args: argparse.Namespace) -> None:
    fmt = args.format.lower().lstrip(".")
    if fmt not in OUTPUT_FORMATS:
        reject_input("merge.outputFormatUnsupported", format=fmt)
    out_family = OUTPUT_FORMATS[fmt]
    inputs = load_inputs(args.inputs_json)
    if len(inputs) < 2:
        reject_input("merge.filesMissing")
    for inp in inputs:
        if inp.ext not in INPUT_EXTS:
            reject_input("merge.inputFormatUnsupported", file=inp.name)

    # Pass 1: validate every record of every file before writing anything.
    counts = [sum(1 for _ in ob_io.read_records(inp)) for inp in inputs]

    warnings = Warnings()
    rows: list[dict[str, object]] = []
    total = converted = 0
    conv = ob_io.ob.OBConversion()
    conv.SetOutFormat(out_family)
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        for inp in inputs:
            same = family(inp.ext) == out_family
            for rec in ob_io.read_records(inp):
                total += 1
                for note in rec.notes:
                    warnings.add(inp.name, rec.index, rec.mol_id, note)
                if same and rec.raw is not None:
                    text = rec.raw
                    if out_family == "sdf" and not text.split("\n", 1)[0].strip():
                        # untitled record: give it the id shown in the result table
                        text = rec.mol_id + "\n" + text.split("\n", 1)[1]
                else:
                    text = conv.WriteString(rec.mol.OBMol)
                    converted += 1
                out.write(text if text.endswith("\n") else text + "\n")
                smiles = ob_io.smiles_of(rec.mol)
                if len(rows) < args.max_rows:
                    rows.append({"ID": rec.mol_id, "SMILES": smiles, "source_file": inp.name})
                ob_io.take_messages()

    write_step_result(
        args,
        module="merge",
        engine={"openbabel": ob_io.version()},
        inputs=inputs,
        counts=counts,
        rows=rows,
        rows_available=total,
        warnings=warnings,
        details={"outputFormat": out_family, "total": total, "converted": converted},
    )


def main(argv: Sequence[str]) -> None:
    run(parse_args(argv))


if __name__ == "__main__":
    run_main(main)
