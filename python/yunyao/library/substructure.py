"""The exact half of the molecule library's substructure search on databases without the RDKit cartridge.

    python -m yunyao.library.substructure query PATTERN
    python -m yunyao.library.substructure match PATTERN CANDIDATES

``query`` reads the pattern as the cartridge does (SMILES when it parses as one, as chemists type them,
else SMARTS) and prints ``{"kind": "smiles"|"smarts", "pattern_fp": "0101…"}``: its pattern fingerprint,
which the server's SQL screen compares with the fingerprints stored at import (yunyao.library.flags).
A pattern that is neither is refused with a YUNYAO_INPUT_ERROR line.

``match`` reads CANDIDATES, one ``id<TAB>smiles`` line per molecule that passed the screen, and prints the
JSON list of the ids whose molecule really contains the pattern (RDKit ``HasSubstructMatch``), in file order.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from rdkit import Chem, RDLogger

from ..common import InputError, run_main
from .flags import pattern_bits

RDLogger.DisableLog("rdApp.*")


def read_pattern(pattern: str) -> tuple[str, Chem.Mol]:
    mol = Chem.MolFromSmiles(pattern)
    if mol is not None and mol.GetNumAtoms() > 0:
        return "smiles", mol
    query = Chem.MolFromSmarts(pattern)
    if query is None or query.GetNumAtoms() == 0:
        raise InputError("无法解析该子结构，请输入有效的 SMILES 或 SMARTS！")
    # Ring-membership queries need ring information on the query itself before it can be fingerprinted.
    query.UpdatePropertyCache(strict=False)
    Chem.FastFindRings(query)
    return "smarts", query


def matching_ids(query: Chem.Mol, lines: Sequence[str]) -> list[int]:
    ids: list[int] = []
    for line in lines:
        ident, _, smiles = line.rstrip("\n").partition("\t")
        mol = Chem.MolFromSmiles(smiles)
        if mol is not None and mol.HasSubstructMatch(query):
            ids.append(int(ident))
    return ids


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="yunyao.library.substructure")
    parser.add_argument("mode", choices=("query", "match"))
    parser.add_argument("pattern")
    parser.add_argument("candidates", nargs="?")
    args = parser.parse_args(argv)
    kind, query = read_pattern(args.pattern)
    if args.mode == "query":
        json.dump({"kind": kind, "pattern_fp": pattern_bits(query)}, sys.stdout)
        return
    with open(args.candidates, encoding="utf-8") as fh:
        json.dump(matching_ids(query, fh.readlines()), sys.stdout)


if __name__ == "__main__":
    run_main(main)
