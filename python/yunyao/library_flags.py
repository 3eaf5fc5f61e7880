"""What the molecule library precomputes per molecule at import, so searches are WHERE clauses.

- ``has_metal``: any atom that is a metal. Metalloids common in drugs and probes (B, Si, Ge, As, Se, Sb, Te)
  count as non-metals, so boronic acids and silyl groups stay in; counter-ions such as Na+ in a sodium salt
  count as metals, because the record is the salt.
- ``pains``: the first RDKit FilterCatalog PAINS (families A, B and C, Baell & Holloway 2010) alert the
  molecule matches, e.g. ``ene_rhod_A(235)``, or None.
- ``pattern_fp``: RDKit's pattern fingerprint (``Chem.PatternFingerprint``, 2048 bits) as a '0'/'1' string.
  It is built for substructure screening: every bit a query pattern sets is also set in each molecule that
  contains the pattern, so ``molecule_fp & query_fp = query_fp`` in SQL keeps every true match and drops
  most non-matches before the exact RDKit match (yunyao.library_substructure).
"""

from __future__ import annotations

from rdkit import Chem
from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogParams

PATTERN_FP_BITS = 2048

NON_METALS = frozenset(
    {"H", "He", "B", "C", "N", "O", "F", "Ne", "Si", "P", "S", "Cl", "Ar", "Ge", "As", "Se", "Br", "Kr", "Sb", "Te", "I", "Xe", "At", "Rn"}
)

_params = FilterCatalogParams()
_params.AddCatalog(FilterCatalogParams.FilterCatalogs.PAINS)
_PAINS = FilterCatalog(_params)


def has_metal(mol: Chem.Mol) -> bool:
    # Atomic number 0 is a dummy/query atom, not an element.
    return any(a.GetAtomicNum() > 0 and a.GetSymbol() not in NON_METALS for a in mol.GetAtoms())


def pains_alert(mol: Chem.Mol) -> str | None:
    match = _PAINS.GetFirstMatch(mol)
    return match.GetDescription() if match is not None else None


def pattern_bits(mol: Chem.Mol) -> str:
    return Chem.PatternFingerprint(mol, fpSize=PATTERN_FP_BITS).ToBitString()
