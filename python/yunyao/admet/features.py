"""Molecular featurisation for the ADMET models (RDKit only).

Feature vector (float32), in this order:

* Morgan radius-2 *count* fingerprint folded to 2048 bits (counts clipped at 255),
* a fixed subset of the RDKit 2D descriptor set (``DESCRIPTOR_NAMES``; the slow or
  unstable ones -- BCUT2D, Ipc, FpDensityMorgan*, qed -- are left out), values clipped
  to +-1e6 and NaN/inf replaced by 0,
* QED (computed once and also reported as a physicochemical property).

The applicability-domain fingerprint is the *bit* version of the same Morgan
fingerprint (count > 0), i.e. Morgan r2, 2048 bits.
"""

from __future__ import annotations

import math
from typing import Optional

import numpy as np
from rdkit import Chem, RDLogger
from rdkit.Chem import Descriptors, QED, rdFingerprintGenerator
from rdkit.Chem.EState import EState

RDLogger.DisableLog("rdApp.*")

FP_SIZE = 2048
FP_RADIUS = 2
CLIP = 1e6

# Left out for speed (together ~1.5 ms/molecule) or numerical trouble.
_SKIP = {"Ipc", "qed", "BertzCT", "BalabanJ"}
_SKIP_PREFIX = ("BCUT2D_", "FpDensityMorgan")
# The four EState index summaries are computed from one EStateIndices() call.
_ESTATE = ("MaxEStateIndex", "MinEStateIndex", "MaxAbsEStateIndex", "MinAbsEStateIndex")
_DESCRIPTORS = [
    (n, f)
    for n, f in Descriptors._descList
    if n not in _SKIP and n not in _ESTATE and not n.startswith(_SKIP_PREFIX)
]
DESCRIPTOR_NAMES = list(_ESTATE) + [n for n, _ in _DESCRIPTORS] + ["QED"]
_IDX = {n: FP_SIZE + i for i, n in enumerate(DESCRIPTOR_NAMES)}
N_FEATURES = FP_SIZE + len(DESCRIPTOR_NAMES)
FEATURE_NAMES = [f"morgan_{i}" for i in range(FP_SIZE)] + DESCRIPTOR_NAMES

_GEN = rdFingerprintGenerator.GetMorganGenerator(radius=FP_RADIUS, fpSize=FP_SIZE)

PHYSCHEM_KEYS = [
    "molecular_weight",
    "logP",
    "tpsa",
    "QED",
    "hydrogen_bond_donors",
    "hydrogen_bond_acceptors",
    "Lipinski",
    "stereo_centers",
]


def parse_smiles(smiles: str) -> Optional[Chem.Mol]:
    if not smiles or not smiles.strip():
        return None
    mol = Chem.MolFromSmiles(smiles.strip())
    if mol is None or mol.GetNumAtoms() == 0:
        return None
    return mol


def canonical(smiles: str) -> Optional[str]:
    mol = parse_smiles(smiles)
    return Chem.MolToSmiles(mol) if mol is not None else None


def _safe(v: float) -> float:
    if v is None or not math.isfinite(v):
        return 0.0
    return max(-CLIP, min(CLIP, float(v)))


def qed_of(mol: Chem.Mol) -> float:
    try:
        return float(QED.qed(mol))
    except Exception:  # noqa: BLE001
        return float("nan")


def descriptor_vector(mol: Chem.Mol, qed: Optional[float] = None, out: Optional[np.ndarray] = None) -> np.ndarray:
    """The RDKit 2D descriptors ``DESCRIPTOR_NAMES`` (float32, clipped, NaN -> 0), into ``out`` when given;
    also the QSAR builds' ``UnscaledPhyschemDescriptors``."""
    x = np.empty(len(DESCRIPTOR_NAMES), dtype=np.float32) if out is None else out
    try:
        es = np.asarray(EState.EStateIndices(mol), dtype=np.float64)
        ab = np.abs(es)
        x[:4] = [_safe(es.max()), _safe(es.min()), _safe(ab.max()), _safe(ab.min())]
    except Exception:  # noqa: BLE001
        x[:4] = 0.0
    j = 4
    for _, fn in _DESCRIPTORS:
        try:
            v = fn(mol)
        except Exception:  # noqa: BLE001 - some descriptors fail on exotic molecules
            v = 0.0
        x[j] = _safe(v)
        j += 1
    x[j] = _safe(qed_of(mol) if qed is None else qed)
    return x


def featurise_mol(mol: Chem.Mol, qed: Optional[float] = None) -> tuple[np.ndarray, np.ndarray]:
    """Return (feature vector float32[N_FEATURES], AD bit fingerprint bool[FP_SIZE])."""
    counts = _GEN.GetCountFingerprintAsNumPy(mol)
    x = np.empty(N_FEATURES, dtype=np.float32)
    x[:FP_SIZE] = np.minimum(counts, 255)
    descriptor_vector(mol, qed, x[FP_SIZE:])
    return x, counts > 0


def ad_bits(mol: Chem.Mol) -> np.ndarray:
    return _GEN.GetFingerprintAsNumPy(mol).astype(bool)


def featurise_mols(mols: list[Chem.Mol]) -> tuple[np.ndarray, np.ndarray]:
    X = np.zeros((len(mols), N_FEATURES), dtype=np.float32)
    B = np.zeros((len(mols), FP_SIZE), dtype=bool)
    for i, m in enumerate(mols):
        X[i], B[i] = featurise_mol(m)
    return X, B


def lipinski_count(mw: float, logp: float, hbd: int, hba: int) -> int:
    """Number of Lipinski rule-of-5 rules satisfied (0-4)."""
    return int(mw <= 500) + int(logp <= 5) + int(hbd <= 5) + int(hba <= 10)


def physchem(mol: Chem.Mol, x: np.ndarray) -> dict[str, float]:
    """Physicochemical set; the RDKit values are read back from the feature vector
    ``x`` (MolWt, Crippen MolLogP, TPSA, NumHDonors, NumHAcceptors, QED)."""
    mw = float(x[_IDX["MolWt"]])
    logp = float(x[_IDX["MolLogP"]])
    hbd = int(x[_IDX["NumHDonors"]])
    hba = int(x[_IDX["NumHAcceptors"]])
    q = float(x[_IDX["QED"]])
    stereo = len(Chem.FindMolChiralCenters(mol, includeUnassigned=True, useLegacyImplementation=False))
    return {
        "molecular_weight": round(mw, 2),
        "logP": round(logp, 3),
        "tpsa": round(float(x[_IDX["TPSA"]]), 2),
        "QED": round(q, 3) if math.isfinite(q) else None,
        "hydrogen_bond_donors": int(hbd),
        "hydrogen_bond_acceptors": int(hba),
        "Lipinski": lipinski_count(mw, logp, hbd, hba),
        "stereo_centers": int(stereo),
    }


def featurise_with_physchem(mol: Chem.Mol) -> tuple[np.ndarray, np.ndarray, dict[str, float]]:
    x, b = featurise_mol(mol)
    return x, b, physchem(mol, x)
