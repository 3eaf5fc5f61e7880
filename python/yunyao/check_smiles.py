"""Which typed SMILES RDKit cannot read, and why: checked at submission, before anything is charged.

    python -m yunyao.check_smiles --smiles-json '["CCO", "xyz"]'

prints the unreadable ones as JSON, ``[{"line": 2, "smiles": "xyz", "reason": "..."}]`` (line
numbers from 1, in the order given); an empty list when every one reads.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from rdkit import Chem

from .common import run_main
from .rdkit_log import log_reason, rdkit_log


def unreadable(smiles: Sequence[str]) -> list[dict[str, object]]:
    problems: list[dict[str, object]] = []
    for line, text in enumerate(smiles, start=1):
        with rdkit_log() as buf:
            mol = Chem.MolFromSmiles(text)
        if mol is None:
            problems.append({"line": line, "smiles": text, "reason": log_reason(buf, "无法解析的 SMILES")})
    return problems


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="yunyao.check_smiles")
    parser.add_argument("--smiles-json", required=True, help="a JSON array of SMILES strings")
    args = parser.parse_args(argv)
    json.dump(unreadable(json.loads(args.smiles_json)), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    run_main(main)
