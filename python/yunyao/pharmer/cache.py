"""Conformer ensembles and their features, stored once per molecule and protocol.

Key: SHA-256 of (canonical isomeric SMILES of the standardised molecule, PROTOCOL, conformer
count, seed): any change to how ensembles or features are made bumps PROTOCOL, so a stale entry is
never read.  One file per molecule under ``<dir>/<PROTOCOL>/<key[:2]>/<key>.pkl``, written to a
temporary name in the same folder and renamed into place, so tasks sharing the folder never see
a half-written entry (two writers of one key write the same bytes; the last rename wins).
A file that cannot be read is treated as a miss and rewritten.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from typing import Optional

import numpy as np

from .conformers import embed
from .features import FeatureDef, feature_defs, feature_points

# Bump when conformer generation or feature perception changes.
PROTOCOL = "pharmer-1"


class Ensemble:
    """A molecule with hydrogens and conformers, its features and each conformer's feature points."""

    def __init__(self, mol, defs: list[FeatureDef], points: np.ndarray) -> None:
        self.mol = mol
        self.defs = defs
        self.points = points  # n_conformers × n_features × 3

    @classmethod
    def build(cls, smiles: str, count: int, seed: int) -> "Ensemble":
        mol = embed(smiles, count, seed)
        defs = feature_defs(mol)
        # n_conformers × n_features × 3, also when the molecule has no feature at all (n × 0 × 3).
        points = np.array([feature_points(c.GetPositions(), defs) for c in mol.GetConformers()])
        return cls(mol, defs, points)

    def dumps(self) -> bytes:
        from rdkit import Chem

        return pickle.dumps({"mol": self.mol.ToBinary(Chem.PropertyPickleOptions.NoProps), "defs": [(d.family, d.atoms) for d in self.defs], "points": self.points})

    @classmethod
    def loads(cls, data: bytes) -> "Ensemble":
        from rdkit import Chem

        raw = pickle.loads(data)
        return cls(Chem.Mol(raw["mol"]), [FeatureDef(f, tuple(a)) for f, a in raw["defs"]], raw["points"])


def cache_key(smiles: str, count: int, seed: int) -> str:
    return hashlib.sha256(f"{PROTOCOL}\n{smiles}\n{count}\n{seed}".encode("utf-8")).hexdigest()


def _entry_path(cache_dir: str, key: str) -> str:
    return os.path.join(cache_dir, PROTOCOL, key[:2], f"{key}.pkl")


def _read(path: str) -> Optional[Ensemble]:
    try:
        with open(path, "rb") as fh:
            return Ensemble.loads(fh.read())
    except (OSError, pickle.UnpicklingError, EOFError, KeyError, ValueError, RuntimeError):
        return None


def write_atomic(path: str, data: bytes) -> None:
    """``data`` to ``path`` through a temporary file in the same folder and a rename: readers never see half of it."""
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".pkl")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def ensemble_for(smiles: str, count: int, seed: int, cache_dir: Optional[str]) -> tuple[Ensemble, bool]:
    """The molecule's ensemble and whether it came from the cache; raises conformers.ConformerError."""
    path = _entry_path(cache_dir, cache_key(smiles, count, seed)) if cache_dir else None
    if path and os.path.exists(path):
        cached = _read(path)
        if cached is not None:
            return cached, True
    data = Ensemble.build(smiles, count, seed).dumps()
    if path:
        try:
            write_atomic(path, data)
        except OSError:
            pass  # a full or read-only cache only costs the next run the same work again
    # Screened as the cache returns it: RDKit pickles coordinates in single precision, and Vina's local
    # optimisation can carry a 1e-7 Å difference to 0.05 kcal/mol; so a cold screen equals a warm one.
    return Ensemble.loads(data), False

