"""A training row's molecule: from its SMILES cell, or from the SD record itself (``@structure``).

The reason a row has no molecule is RDKit's own words, as ``yunyao.check_smiles`` reports it at
submission, so the "skip the unreadable lines" dialog reads the same for a QSAR table.
"""

from __future__ import annotations

from typing import Optional

from rdkit import Chem

from ..check_smiles import parse_smiles
from ..common import smiles_length_problem
from ..rdkit_log import log_reason, rdkit_log
from .table import STRUCTURE, Row

MOLBLOCK_FALLBACK = "无法解析的分子结构"


def molblock_smiles(block: str) -> str:
    """The record's canonical SMILES, or "" when RDKit cannot read it."""
    with rdkit_log():
        mol = Chem.MolFromMolBlock(block)
    return Chem.MolToSmiles(mol) if mol is not None and mol.GetNumAtoms() else ""


def row_molecule(row: Row, smiles_col: str) -> tuple[Optional[Chem.Mol], str, Optional[str]]:
    """(molecule or None, the SMILES text shown for the row, why there is no molecule)."""
    if smiles_col == STRUCTURE and row.molblock is not None:
        with rdkit_log() as buf:
            mol = Chem.MolFromMolBlock(row.molblock)
        if mol is None or not mol.GetNumAtoms():
            title = row.molblock.split("\n", 1)[0].strip()
            return None, title, log_reason(buf, MOLBLOCK_FALLBACK)
        return mol, Chem.MolToSmiles(mol), None
    text = row.cells.get(smiles_col, "").strip()
    too_long = smiles_length_problem(text)
    if too_long:
        return None, text[:120], too_long
    mol, reason = parse_smiles(text)
    return mol, text, reason
