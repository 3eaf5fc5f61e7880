"""A build's training data: the labelled rows with a readable molecule, duplicates merged.

Duplicates are the same canonical SMILES (RDKit, stereo kept): a regression keeps the mean label, a
classification the majority class; a molecule whose replicates tie is dropped (counted). Unreadable
molecules are skipped and listed (line, text, RDKit's reason), as check showed them to the user.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import numpy as np
from rdkit import Chem

from ..admet.train import scaffold_of_mol
from ..common import ID_HEADERS, norm_header
from .labels import Labels, read_labels, require_columns, too_few
from .molecules import row_molecule
from .table import STRUCTURE, Row, Table


@dataclass
class Data:
    ids: list[str]
    smiles: list[str]  # canonical
    mols: list[Chem.Mol]
    y: np.ndarray  # value, or 0/1
    scaffolds: list[str]
    skipped: list[dict]  # {line, smiles, reason}
    rows: int  # data rows in the file
    empty_labels: int
    duplicates_merged: int  # rows folded into another row of the same molecule
    ties_dropped: int  # classification: molecules whose replicates tie
    classes: list[str] | None


def _id_column(table: Table, smiles_col: str, labels_col: str) -> str | None:
    for c in table.columns:
        if c not in (smiles_col, labels_col, STRUCTURE) and norm_header(c) in ID_HEADERS:
            return c
    return None


def row_id(row: Row, id_col: str | None) -> str:
    if id_col and row.cells.get(id_col, "").strip():
        return row.cells[id_col].strip()
    if row.molblock is not None and row.molblock.split("\n", 1)[0].strip():
        return row.molblock.split("\n", 1)[0].strip()
    return f"line{row.line}"


def read_data(table: Table, file: str, smiles_col: str, labels_col: str, mode: str) -> Data:
    require_columns(table, file, smiles_col, labels_col)
    labels: Labels = read_labels(table, labels_col, mode)
    id_col = _id_column(table, smiles_col, labels_col)
    groups: dict[str, list[tuple[str, Chem.Mol, float]]] = defaultdict(list)
    skipped = []
    for row, value in labels.rows:
        mol, text, reason = row_molecule(row, smiles_col)
        if mol is None:
            skipped.append({"line": row.line, "smiles": text, "reason": reason})
            continue
        groups[Chem.MolToSmiles(mol)].append((row_id(row, id_col), mol, value))
    ids, smiles, mols, ys, ties = [], [], [], [], 0
    for can, members in groups.items():  # file order of each molecule's first row
        vals = np.array([v for _, _, v in members])
        if mode == "classification":
            m = vals.mean()
            if m == 0.5:
                ties += 1
                continue
            value = 1.0 if m > 0.5 else 0.0
        else:
            value = float(vals.mean())
        ids.append(members[0][0])
        smiles.append(can)
        mols.append(members[0][1])
        ys.append(value)
    merged = sum(len(m) - 1 for m in groups.values())
    too_few(len(ids), labels.empty, len(skipped))
    return Data(ids, smiles, mols, np.array(ys, dtype=np.float64), [scaffold_of_mol(m) for m in mols], skipped, len(table.rows),
                labels.empty, merged, ties, labels.classes)
