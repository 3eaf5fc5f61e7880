"""The residues a peptide sequence may hold. The sequence itself is the module's ``sequence`` parameter,
checked once by the platform's form (2–50 standard one-letter codes) and read from params.json
against the module's exported schema (``yunyao.params``), so it is not checked again here."""

from __future__ import annotations

from ..amino_acids import STANDARD_THREE_TO_ONE

# Residue names PDBFixer and Amber know; His goes in as HIS and PDBFixer picks its neutral form at pH 7.
RESIDUE_NAMES = {one: three for three, one in STANDARD_THREE_TO_ONE.items()}
