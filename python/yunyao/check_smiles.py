"""Which SMILES RDKit cannot read, and why: checked at submission, before anything is charged.

    python -m yunyao.check_smiles --smiles-json '["CCO", "xyz"]'
    python -m yunyao.check_smiles --table inputs/0 --name ligands.csv

prints ``{"molecules": 2, "unreadable": [{"line": 2, "smiles": "xyz", "reason": "..."}]}``: how
many molecules were read and the unreadable ones. Typed SMILES are numbered from 1 in the order
given; a table's lines are the file's own line numbers, read the way the steps read them
(``common.read_smiles_table``: header detection, delimiters), so a table the steps would refuse
(no SMILES column, a broken quote) is refused here with the same message.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Iterable, Optional, Sequence

from rdkit import Chem

from .common import InputFile, read_smiles_table, run_main
from .rdkit_log import log_reason, rdkit_log


def parse_smiles(text: str) -> tuple[Optional[Chem.Mol], Optional[str]]:
    """(the molecule, None) or (None, RDKit's reason in the words the submission dialog shows)."""
    with rdkit_log() as buf:
        mol = Chem.MolFromSmiles(text) if text else None
    if mol is None:
        return None, log_reason(buf, "无法解析的 SMILES") if text else "SMILES 为空"
    return mol, None


def unreadable(numbered: Iterable[tuple[int, str]]) -> list[dict[str, object]]:
    problems: list[dict[str, object]] = []
    for line, text in numbered:
        reason = parse_smiles(text)[1]
        if reason is not None:
            problems.append({"line": line, "smiles": text, "reason": reason})
    return problems


def table_smiles(path: str, name: str) -> list[tuple[int, str]]:
    ext = os.path.splitext(name)[1].lstrip(".").lower()
    return [(rec.line, rec.smiles.strip()) for rec in read_smiles_table(InputFile(path=path, name=name, ext=ext)).records]


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="yunyao.check_smiles")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--smiles-json", help="a JSON array of SMILES strings")
    source.add_argument("--table", help="a .csv/.smi/.tsv/.txt SMILES table")
    parser.add_argument("--name", help="the table's name as the user uploaded it (for messages; default: its file name)")
    args = parser.parse_args(argv)
    numbered = table_smiles(args.table, args.name or os.path.basename(args.table)) if args.table else list(enumerate(json.loads(args.smiles_json), start=1))
    json.dump({"molecules": len(numbered), "unreadable": unreadable(numbered)}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    run_main(main)
