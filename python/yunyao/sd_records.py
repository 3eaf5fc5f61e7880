"""Molecules written one record at a time, so that one molecule RDKit cannot write is that molecule's
row error and not the whole task's (issue 29, defect 4).

RDKit checks a molecule only when it writes it: an aromatic ring it cannot kekulize or a valence it
refuses raises inside ``SDWriter.write`` / ``MolToMolBlock``, after the molecule was read and scored.
Each record is rendered to text first, so a failure leaves nothing half-written in the output file.
"""

from __future__ import annotations

import io
import os
from typing import Hashable, Iterable

from rdkit import Chem

KEKULIZE_REASON = "无法写出该分子的结构：芳香环无法确定单双键（凯库勒化失败）"
WRITE_REASON = "无法写出该分子的结构：价态或键级有误"
# What RDKit raises for a molecule it cannot write: sanitisation failures (kekulize, valence),
# invariant violations (RuntimeError) and bad property or coordinate values (ValueError).
WRITE_ERRORS = (Chem.rdchem.MolSanitizeException, RuntimeError, ValueError)


class MoleculeWriteError(Exception):
    """A molecule that cannot be written; ``str(err)`` is the Chinese reason for its row."""


def _reason(exc: BaseException) -> str:
    return KEKULIZE_REASON if isinstance(exc, Chem.rdchem.KekulizeException) else WRITE_REASON


def sd_record(mol: Chem.Mol) -> str:
    """The molecule as one SD record (molfile, its properties, ``$$$$``)."""
    buf = io.StringIO()
    writer = Chem.SDWriter(buf)
    try:
        writer.write(mol)
        writer.flush()
    except WRITE_ERRORS as exc:
        raise MoleculeWriteError(_reason(exc)) from exc
    finally:
        writer.close()
    return buf.getvalue()


def molblock(mol: Chem.Mol) -> str:
    """The molecule as a molfile block (no properties)."""
    try:
        return Chem.MolToMolBlock(mol)
    except WRITE_ERRORS as exc:
        raise MoleculeWriteError(_reason(exc)) from exc


def write_sd(path: str, records: Iterable[tuple[Hashable, Chem.Mol]]) -> dict[Hashable, str]:
    """Write each ``(key, mol)`` that RDKit can write to ``path`` (atomically, via ``path.tmp``);
    returns the reason of each key whose molecule could not be written."""
    failed: dict[Hashable, str] = {}
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        for key, mol in records:
            try:
                text = sd_record(mol)
            except MoleculeWriteError as err:
                failed[key] = str(err)
                continue
            fh.write(text)
    os.replace(tmp, path)
    return failed
