"""Network inputs: a Morgan fingerprint per ligand and an integer-coded, fixed-length protein sequence."""

from __future__ import annotations

import numpy as np

import hashlib
import os
from dataclasses import dataclass

from ..common import encode_message, message
from .sequence import AMINO_ACIDS

FINGERPRINT_BITS = 1024
FINGERPRINT_RADIUS = 2
# DeepDTA's Davis cut-off: longer sequences are truncated (61 of 442 Davis constructs are longer).
PROTEIN_LENGTH = 1200
# 0 is padding; residue codes start at 1.
RESIDUE_CODE = {aa: i + 1 for i, aa in enumerate(AMINO_ACIDS)}
RESIDUE_VOCABULARY = len(AMINO_ACIDS) + 1


class UnreadableSmiles(ValueError):
    """RDKit cannot read the SMILES; ``reason`` is RDKit's own words, or a message when it said nothing."""

    def __init__(self, reason: "str | dict") -> None:
        self.reason = reason
        super().__init__(reason if isinstance(reason, str) else encode_message(reason))


def ligand_fingerprint(smiles: str) -> np.ndarray:
    """Morgan (ECFP4-like) bit vector as float32."""
    return ligand_features(smiles)[0]


def ligand_features(smiles: str) -> tuple[np.ndarray, int]:
    """The Morgan bit vector and the heavy-atom count (the ligand's applicability-domain size)."""
    from rdkit import Chem, DataStructs
    from rdkit.Chem import rdMolDescriptors

    from ..rdkit_log import log_reason, rdkit_log

    with rdkit_log() as log:
        mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        raise UnreadableSmiles(log_reason(log, "") or message("graph_dta.rdkitUnreadable"))
    bits = rdMolDescriptors.GetMorganFingerprintAsBitVect(mol, FINGERPRINT_RADIUS, nBits=FINGERPRINT_BITS)
    arr = np.zeros((FINGERPRINT_BITS,), dtype=np.float32)
    DataStructs.ConvertToNumpyArray(bits, arr)
    return arr, mol.GetNumHeavyAtoms()


@dataclass
class LigandTable:
    """The training drugs' network inputs, by drug index: Morgan bits and heavy-atom counts."""

    fingerprints: np.ndarray  # (drugs, FINGERPRINT_BITS) float32
    heavy_atoms: np.ndarray  # (drugs,) int64
    rdkit_version: str


def ligand_table(smiles: list[str], cache: str | None = None) -> LigandTable:
    """Fingerprints of a dataset's drugs; with ``cache``, read from that .npz when it was written for the
    same SMILES, else computed and written there. The cache lets a machine without RDKit (the GPU
    trainer, see docs/models/affinity-2d.md) train on fingerprints computed here."""
    key = hashlib.sha256("\n".join(smiles).encode("utf-8")).hexdigest()
    if cache and os.path.isfile(cache):
        with np.load(cache, allow_pickle=False) as npz:
            if str(npz["smiles_sha256"]) == key:
                return LigandTable(npz["fingerprints"].astype(np.float32), npz["heavy_atoms"], str(npz["rdkit_version"]))
    import rdkit

    features = [ligand_features(s) for s in smiles]
    table = LigandTable(np.stack([f for f, _ in features]), np.array([h for _, h in features], dtype=np.int64), rdkit.__version__)
    if cache:
        np.savez_compressed(cache, smiles_sha256=key, fingerprints=table.fingerprints.astype(np.uint8), heavy_atoms=table.heavy_atoms, rdkit_version=table.rdkit_version)
    return table


def encode_protein(sequence: str) -> np.ndarray:
    codes = np.zeros((PROTEIN_LENGTH,), dtype=np.int64)
    for i, aa in enumerate(sequence[:PROTEIN_LENGTH]):
        codes[i] = RESIDUE_CODE.get(aa, RESIDUE_CODE["X"])
    return codes


def main(argv: list[str] | None = None) -> None:
    """Write a dataset's fingerprint cache (``--ligand-cache`` of ``train``) for a machine without RDKit."""
    import argparse

    from ..datasets import dataset_path
    from .data import read_pair_table

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--model", choices=("davis", "kiba"), required=True)
    ap.add_argument("--ligand-cache", required=True)
    args = ap.parse_args(argv)
    table = read_pair_table(os.path.join(dataset_path("dta"), args.model))
    print(f"{args.ligand_cache}: {len(ligand_table(table.smiles, args.ligand_cache).heavy_atoms)} drugs")


if __name__ == "__main__":
    main()
