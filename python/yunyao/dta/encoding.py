"""Tensors for both sides: residue indices for the protein, a Morgan fingerprint for the ligand."""

from __future__ import annotations

from typing import Optional

import numpy as np
from rdkit import Chem
from rdkit.Chem import rdFingerprintGenerator

from .sequence import STANDARD

# DeepDTA reads 1,000 (KIBA) to 1,200 (Davis) residues; kinase domains lie well inside that.
MAX_RESIDUES = 1200
# 0 pads; 1..20 the standard residues; 21 anything else (X, B, Z, U, O).
RESIDUE_INDEX = {letter: i + 1 for i, letter in enumerate(STANDARD)}
UNKNOWN_RESIDUE = len(STANDARD) + 1
VOCABULARY = UNKNOWN_RESIDUE + 1
FINGERPRINT_BITS = 1024
FINGERPRINT_RADIUS = 2
_generator = rdFingerprintGenerator.GetMorganGenerator(radius=FINGERPRINT_RADIUS, fpSize=FINGERPRINT_BITS)


def encode_sequence(sequence: str) -> np.ndarray:
    out = np.zeros(MAX_RESIDUES, dtype=np.int64)
    for i, letter in enumerate(sequence[:MAX_RESIDUES]):
        out[i] = RESIDUE_INDEX.get(letter, UNKNOWN_RESIDUE)
    return out


def ligand_molecule(smiles: str) -> Optional[Chem.Mol]:
    """The largest fragment (a salt's counter-ion does not bind); None when RDKit cannot read it."""
    mol = Chem.MolFromSmiles(smiles)
    if mol is None or mol.GetNumAtoms() == 0:
        return None
    fragments = Chem.GetMolFrags(mol, asMols=True)
    return max(fragments, key=lambda m: m.GetNumHeavyAtoms())


def encode_ligand(mol: Chem.Mol) -> np.ndarray:
    return _generator.GetFingerprintAsNumPy(mol).astype(np.float32)
