"""The QSAR descriptors (names fixed: the form offers them) and each atom's share in them.

* ``ECFP``: Morgan radius 2, 2048 bits; ``ECFP_counts``: the same environments counted;
* ``MACCS_keys``: RDKit's 167 MACCS keys;
* ``PathFP``: RDKit's path fingerprint (paths of 1-7 bonds), 2048 bits;
* ``UnscaledPhyschemDescriptors``: the RDKit 2D descriptors of the ADMET models
  (``admet.features.DESCRIPTOR_NAMES``), unscaled (algorithms that need it scale them, see algorithms.py).

``Avalon`` and ``UnscaledJazzyDescriptors`` (QSARtuna offers them) are refused: Debian's RDKit is built
without Avalon and Jazzy is not packaged; no other descriptor stands in for them.

Atom weights (:func:`without_each_atom`): for every heavy atom, the descriptor vector of the molecule
with that atom's contributions taken out; the model's prediction on it, subtracted from the
molecule's own, is the atom's weight (RDKit's ``SimilarityMaps.GetAtomicWeightsForModel`` idea,
batched and exact for the fingerprints):

* ECFP: the bits of environments centred on the atom, unless another atom's environment sets them too;
  ECFP_counts: the counts of the environments centred on the atom;
* PathFP: the bits all of whose paths pass through a bond of the atom;
* MACCS: the keys whose SMARTS matches all involve the atom (keys RDKit computes in code stay);
* physchem: RDKit's own per-atom decompositions (Crippen logP and MR, TPSA, Labute ASA, the atom's
  mass and count in the weights and atom counts); the other descriptors do not decompose and stay.
"""

from __future__ import annotations

from functools import lru_cache

from typing import Callable

import numpy as np
from rdkit import Chem
from rdkit.Chem import AllChem, MACCSkeys, rdMolDescriptors

from ..admet import features as admet_features
from ..common import message, reject_input

FP_SIZE = 2048
RADIUS = 2
PATH_MAX = 7
AVAILABLE = ["ECFP", "ECFP_counts", "MACCS_keys", "PathFP", "UnscaledPhyschemDescriptors"]
# Refused with why (the form says the same, packages/modules/qsartuna/qsartuna.messages.ts).
UNAVAILABLE = {"Avalon": "qsartuna.avalonReason", "UnscaledJazzyDescriptors": "qsartuna.jazzyReason"}
PHYSCHEM_NAMES = admet_features.DESCRIPTOR_NAMES
_PHYS = {n: i for i, n in enumerate(PHYSCHEM_NAMES)}


def check_names(names: list[str]) -> None:
    if not names:
        reject_input("qsartuna.descriptorsMissing")
    for n in names:
        if n in UNAVAILABLE:
            reject_input("qsartuna.descriptorUnavailable", name=n, reason=message(UNAVAILABLE[n]))
        if n not in AVAILABLE:
            reject_input("qsartuna.descriptorUnknown", name=n)


def _morgan_bits(mol: Chem.Mol) -> np.ndarray:
    return np.frombuffer(AllChem.GetMorganFingerprintAsBitVect(mol, RADIUS, nBits=FP_SIZE).ToBitString().encode(), np.uint8) - 48


def _morgan_counts(mol: Chem.Mol, info: dict | None = None) -> np.ndarray:
    x = np.zeros(FP_SIZE, np.float32)
    for k, v in AllChem.GetHashedMorganFingerprint(mol, RADIUS, nBits=FP_SIZE, bitInfo=info if info is not None else {}).GetNonzeroElements().items():
        x[k] = v
    return x


def _maccs(mol: Chem.Mol) -> np.ndarray:
    return np.frombuffer(MACCSkeys.GenMACCSKeys(mol).ToBitString().encode(), np.uint8) - 48


def _path(mol: Chem.Mol, info: dict | None = None) -> np.ndarray:
    fp = Chem.RDKFingerprint(mol, maxPath=PATH_MAX, fpSize=FP_SIZE, bitInfo=info if info is not None else {})
    return np.frombuffer(fp.ToBitString().encode(), np.uint8) - 48


def _physchem(mol: Chem.Mol) -> np.ndarray:
    return admet_features.descriptor_vector(mol)


CALCULATORS: dict[str, Callable[[Chem.Mol], np.ndarray]] = {
    "ECFP": _morgan_bits,
    "ECFP_counts": _morgan_counts,
    "MACCS_keys": _maccs,
    "PathFP": _path,
    "UnscaledPhyschemDescriptors": _physchem,
}


# A composite descriptor, QSARtuna's CompositeDescriptor: the chosen descriptors side by side
# ("ECFP_counts+UnscaledPhyschemDescriptors"). Fingerprints say which groups a molecule has, the
# physicochemical descriptors how big, polar and lipophilic it is as a whole; trees use both at once,
# as the project's ADMET models and TDC's XGBoost entry do (docs/models/qsar.md has the measurement).
COMPOSITE = "+"


def search_candidates(names: list[str]) -> list[str]:
    """What the search may give an algorithm: each chosen descriptor, and all of them side by side (last)."""
    return [*names, COMPOSITE.join(names)] if len(names) > 1 else list(names)


def parts(name: str) -> list[str]:
    return name.split(COMPOSITE)


@lru_cache(maxsize=None)
def width(name: str) -> int:
    """Columns of one descriptor (all are fixed-length)."""
    return int(compute(name, [Chem.MolFromSmiles("CC")]).shape[1])


def compute(name: str, mols: list[Chem.Mol]) -> np.ndarray:
    """One row per molecule, float32."""
    if COMPOSITE in name:
        return np.hstack([compute(p, mols) for p in parts(name)])
    calc = CALCULATORS[name]
    return np.stack([calc(m) for m in mols]).astype(np.float32) if mols else np.zeros((0, 0), np.float32)


# --------------------------------------------------------------------------- atom weights


def _morgan_variants(mol: Chem.Mol, counts: bool) -> np.ndarray:
    info: dict = {}
    x = _morgan_counts(mol, info)
    n = mol.GetNumAtoms()
    out = np.repeat(x[None, :], n, axis=0)
    for bit, envs in info.items():
        centres = [a for a, _ in envs]
        for a in set(centres):
            k = centres.count(a)
            if counts:
                out[a, bit] -= k
            elif k == len(centres):
                out[a, bit] = 0
    return out if counts else np.minimum(out, 1)


def _path_variants(mol: Chem.Mol) -> np.ndarray:
    info: dict = {}
    x = _path(mol, info).astype(np.float32)
    n = mol.GetNumAtoms()
    bond_atoms = [(b.GetBeginAtomIdx(), b.GetEndAtomIdx()) for b in mol.GetBonds()]
    out = np.repeat(x[None, :], n, axis=0)
    for bit, paths in info.items():
        atom_sets = [{a for bidx in path for a in bond_atoms[bidx]} for path in paths]
        for a in set.intersection(*atom_sets) if atom_sets else ():
            out[a, bit] = 0
    return out


_MACCS_PATTERNS: dict[int, tuple[Chem.Mol, int]] = {}


def _maccs_patterns() -> dict[int, tuple[Chem.Mol, int]]:
    if not _MACCS_PATTERNS:
        for key, (smarts, count) in MACCSkeys.smartsPatts.items():
            if smarts != "?":
                patt = Chem.MolFromSmarts(smarts)
                if patt is not None:
                    _MACCS_PATTERNS[key] = (patt, count)
    return _MACCS_PATTERNS


def _maccs_variants(mol: Chem.Mol, x: np.ndarray) -> np.ndarray:
    n = mol.GetNumAtoms()
    out = np.repeat(x[None, :].astype(np.float32), n, axis=0)
    for key, (patt, count) in _maccs_patterns().items():
        if not x[key]:
            continue
        matches = mol.GetSubstructMatches(patt, uniquify=True, maxMatches=1000)
        if len(matches) <= count:
            continue  # RDKit set the key by other means; it does not decompose
        # the key goes when the matches left without atom a are no more than the key's count
        # (counted with NumPy: a Python loop over atoms × matches was most of a prediction's time)
        holding = np.bincount(np.fromiter((a for m in matches for a in m), np.intp), minlength=n)
        out[len(matches) - holding <= count, key] = 0
    return out


def _physchem_variants(mol: Chem.Mol, x: np.ndarray) -> np.ndarray:
    n = mol.GetNumAtoms()
    out = np.repeat(x[None, :], n, axis=0)
    crippen = np.array(rdMolDescriptors._CalcCrippenContribs(mol), dtype=np.float32)
    tpsa = np.array(rdMolDescriptors._CalcTPSAContribs(mol), dtype=np.float32)
    asa = np.array(rdMolDescriptors._CalcLabuteASAContribs(mol)[0], dtype=np.float32)
    table = Chem.GetPeriodicTable()
    h_mass = table.GetAtomicWeight(1)
    heavy = np.array([a.GetMass() for a in mol.GetAtoms()], dtype=np.float32)
    with_h = heavy + np.array([a.GetTotalNumHs() * h_mass for a in mol.GetAtoms()], dtype=np.float32)
    for name, part in (("MolLogP", crippen[:, 0]), ("MolMR", crippen[:, 1]), ("TPSA", tpsa), ("LabuteASA", asa),
                       ("MolWt", with_h), ("ExactMolWt", with_h), ("HeavyAtomMolWt", heavy), ("HeavyAtomCount", np.ones(n, np.float32))):
        if name in _PHYS:
            out[:, _PHYS[name]] -= part
    return out


# (molecule, its descriptor vector) -> one row per atom; the fingerprints are recomputed for their bit
# origins (cheap), the physchem vector (6 ms a molecule) is not.
VARIANTS: dict[str, Callable[[Chem.Mol, np.ndarray], np.ndarray]] = {
    "ECFP": lambda m, x: _morgan_variants(m, counts=False),
    "ECFP_counts": lambda m, x: _morgan_variants(m, counts=True),
    "MACCS_keys": _maccs_variants,
    "PathFP": lambda m, x: _path_variants(m),
    "UnscaledPhyschemDescriptors": _physchem_variants,
}


def without_each_atom(name: str, mol: Chem.Mol, x: np.ndarray) -> np.ndarray:
    """Row ``i``: the molecule's descriptor vector ``x`` without atom ``i``'s contributions (float32)."""
    if COMPOSITE in name:
        edges = np.cumsum([0, *(width(p) for p in parts(name))])
        return np.hstack([without_each_atom(p, mol, x[a:b]) for p, a, b in zip(parts(name), edges[:-1], edges[1:])])
    return VARIANTS[name](mol, x).astype(np.float32)
