"""The molecules of a graph_dta task: SMILES tables read as docking reads them, one row per record.

A row that cannot be used (empty, too long, unbalanced brackets, unreadable by RDKit) keeps its place
with a Chinese reason in ``error``; the other rows are still predicted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..common import InputError, InputFile, check_smiles_text, default_id, encode_message, load_inputs, message, one_line, read_smiles_table
from .featurise import UnreadableSmiles, ligand_features


@dataclass
class LigandRow:
    index: int
    id: str
    smiles: str
    fingerprint: Optional[np.ndarray]
    error: Optional[str]
    heavy_atoms: int = 0


def read_ligand_rows(manifest_json: str) -> list[LigandRow]:
    rows: list[LigandRow] = []
    for inp in load_inputs(manifest_json):
        for rec in read_smiles_table(InputFile(inp.path, inp.name, inp.ext)).records:
            index = len(rows) + 1
            mol_id = rec.name.strip() or default_id(inp, rec.index)
            smiles = rec.smiles.strip()
            try:
                check_smiles_text(inp, rec)
                fingerprint, heavy_atoms = ligand_features(smiles)
                rows.append(LigandRow(index, mol_id, smiles, fingerprint, None, heavy_atoms))
            except InputError as exc:
                rows.append(LigandRow(index, mol_id, smiles, None, str(exc)))
            except UnreadableSmiles as exc:
                reason = encode_message(message("graph_dta.smilesUnparsable", file=inp.name, line=rec.line, smiles=one_line(smiles, 120), reason=exc.reason))
                rows.append(LigandRow(index, mol_id, smiles, None, reason))
    return rows
