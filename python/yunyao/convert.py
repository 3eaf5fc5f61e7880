"""Format conversion with Open Babel.

    python -m yunyao.convert --inputs-json='[{"path": "inputs/0_a.sdf", "name": "a.sdf"}]' \
        --output=output.mol2 --format=mol2

Reads every record of every input (SD/MOL, SMILES tables), generates 3D
coordinates where the target format needs them, and writes one output file
plus ``summary.json`` and ``rows.json``.
"""

from __future__ import annotations

import argparse
import csv
from typing import Sequence

from .common import Warnings, add_result_args, fail, load_inputs, one_line, reject_input, run_main, write_step_result
from . import ob_io

INPUT_EXTS = {"sdf", "sd", "mol", "mol2", "pdb", "smi", "csv", "tsv", "txt"}
TEXT_OUTPUTS = {"smi", "txt", "csv", "tsv"}
# Targets whose readers expect real 3D coordinates.
NEEDS_3D = {"pdb", "pdbqt", "mol2", "xyz"}
# Targets that carry coordinates; molecules without any (from SMILES) get 3D.
HAS_COORDS = NEEDS_3D | {"sdf", "sd", "mol"}
OUTPUT_EXTS = TEXT_OUTPUTS | HAS_COORDS


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.convert")
    p.add_argument("--inputs-json", required=True)
    p.add_argument("--output", required=True, help="output path inside the scratch dir")
    p.add_argument("--format", required=True, help="output extension, e.g. mol2")
    add_result_args(p)
    return p.parse_args(argv)


class TextWriter:
    """ID + SMILES outputs: csv/tsv with an ``ID,SMILES`` header, smi/txt as ``SMILES<TAB>ID``."""

    def __init__(self, path: str, fmt: str) -> None:
        self.fh = open(path, "w", encoding="utf-8", newline="")
        self.fmt = fmt
        self.csv = None
        if fmt in ("csv", "tsv"):
            self.csv = csv.writer(self.fh, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
            self.csv.writerow(["ID", "SMILES"])

    def write(self, mol_id: str, smiles: str) -> None:
        if self.csv is not None:
            self.csv.writerow([mol_id, smiles])
        else:
            self.fh.write(f"{smiles}\t{one_line(mol_id, 500)}\n")

    def close(self) -> None:
        self.fh.close()


def convert(args: argparse.Namespace) -> None:
    fmt = args.format.lower().lstrip(".")
    if fmt not in OUTPUT_EXTS:
        reject_input("convert.outputFormatUnsupported", format=fmt)
    inputs = load_inputs(args.inputs_json)
    for inp in inputs:
        if inp.ext not in INPUT_EXTS:
            reject_input("convert.inputFormatUnsupported", file=inp.name)

    # Pass 1: parse every record so a malformed one fails before any slow 3D work.
    counts: dict[int, int] = {}
    for i, inp in enumerate(inputs):
        counts[i] = sum(1 for _ in ob_io.read_records(inp))

    warnings = Warnings()
    rows: list[dict[str, object]] = []
    generated = 0
    failed_3d = 0
    text_out = TextWriter(args.output, fmt) if fmt in TEXT_OUTPUTS else None
    ob_out = None if text_out else ob_io.pybel.Outputfile(ob_io.OB_OUT_FORMATS[fmt], args.output, overwrite=True)
    total = 0
    try:
        for inp in inputs:
            for rec in ob_io.read_records(inp):
                total += 1
                for note in rec.notes:
                    warnings.add(inp.name, rec.index, rec.mol_id, note)
                smiles = ob_io.smiles_of(rec.mol)
                if text_out is not None:
                    text_out.write(rec.mol_id, smiles)
                else:
                    dim = rec.mol.OBMol.GetDimension()
                    if (fmt in NEEDS_3D and dim != 3) or (fmt in HAS_COORDS and dim == 0):
                        problem = ob_io.make_3d(rec)
                        if problem:
                            failed_3d += 1
                            warnings.add(inp.name, rec.index, rec.mol_id, problem)
                        else:
                            generated += 1
                    ob_out.write(rec.mol)
                    ob_io.take_messages()
                if len(rows) < args.max_rows:
                    rows.append({"ID": rec.mol_id, "SMILES": smiles, "source_file": inp.name})
    finally:
        if text_out is not None:
            text_out.close()
        if ob_out is not None:
            ob_out.close()

    write_step_result(
        args,
        module="convert",
        engine={"openbabel": ob_io.version()},
        inputs=inputs,
        counts=counts,
        rows=rows,
        rows_available=total,
        warnings=warnings,
        details={"outputFormat": fmt, "total": total, "generated3D": generated, "failed3D": failed_3d},
    )


def main(argv: Sequence[str]) -> None:
    convert(parse_args(argv))


if __name__ == "__main__":
    run_main(main)
