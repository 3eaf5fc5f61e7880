"""What the molecule library precomputes per molecule at import, so searches are WHERE clauses.

- ``has_metal``: any atom that is a metal. Metalloids common in drugs and probes (B, Si, Ge, As, Se, Sb, Te)
  count as non-metals, so boronic acids and silyl groups stay in; counter-ions such as Na+ in a sodium salt
  count as metals, because the record is the salt.
- ``pains``: the first RDKit FilterCatalog PAINS (families A, B and C, Baell & Holloway 2010) alert the
  molecule matches, e.g. ``ene_rhod_A(235)``, or None.
- ``pattern_fp``: RDKit's pattern fingerprint (``Chem.PatternFingerprint``, 2048 bits) as a '0'/'1' string.
  It is built for substructure screening: every bit a query pattern sets is also set in each molecule that
  contains the pattern, so ``molecule_fp & query_fp = query_fp`` in SQL keeps every true match and drops
  most non-matches before the exact RDKit match (yunyao.library.substructure).

The import computes them per record (yunyao.library.descriptors); ``python -m yunyao.library.flags FILE``
computes them for molecules imported before they existed (the ``library:annotate`` staff command).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Iterable, Sequence

from rdkit import Chem
from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogParams

from ..common import run_main

PATTERN_FP_BITS = 2048

NON_METALS = frozenset(
    {"H", "He", "B", "C", "N", "O", "F", "Ne", "Si", "P", "S", "Cl", "Ar", "Ge", "As", "Se", "Br", "Kr", "Sb", "Te", "I", "Xe", "At", "Rn"}
)

_params = FilterCatalogParams()
_params.AddCatalog(FilterCatalogParams.FilterCatalogs.PAINS)
_PAINS = FilterCatalog(_params)


def has_metal(mol: Chem.Mol) -> bool:
    # Atomic number 0 is a dummy/query atom, not an element.
    return any(a.GetAtomicNum() > 0 and a.GetSymbol() not in NON_METALS for a in mol.GetAtoms())


def pains_alert(mol: Chem.Mol) -> str | None:
    match = _PAINS.GetFirstMatch(mol)
    return match.GetDescription() if match is not None else None


def pattern_bits(mol: Chem.Mol) -> str:
    return Chem.PatternFingerprint(mol, fpSize=PATTERN_FP_BITS).ToBitString()


def annotate(lines: Iterable[str], out: IO[str]) -> None:
    """``id<TAB>smiles`` lines in, one JSON line of flags per readable molecule out (for molecules imported before the flags)."""
    for line in lines:
        ident, _, smiles = line.rstrip("\n").partition("\t")
        mol = Chem.MolFromSmiles(smiles)
        if mol is None:
            continue
        flags = {"id": int(ident), "has_metal": has_metal(mol), "pains": pains_alert(mol), "pattern_fp": pattern_bits(mol)}
        out.write(json.dumps(flags) + "\n")


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="yunyao.library.flags", description="flags of library molecules imported before they existed")
    parser.add_argument("candidates", help="a file of id<TAB>smiles lines")
    args = parser.parse_args(argv)
    with open(args.candidates, encoding="utf-8") as fh:
        annotate(fh, sys.stdout)


if __name__ == "__main__":
    run_main(main)
