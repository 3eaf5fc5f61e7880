"""Pharmacophore features of a molecule: RDKit's BaseFeatures.fdef families, hydrophobes lumped.

The same definitions serve the query (the reference ligand) and the screened molecules, so a
feature of one is comparable with a feature of the other.  Families kept: Donor, Acceptor,
Aromatic, Hydrophobe, PosIonizable, NegIonizable (ZnBinder is dropped: no metal handling here).

Hydrophobes: BaseFeatures lists single hydrophobic atoms and lumped groups (rings, t-butyl ...)
that overlap; one point per group is what a chemist means by "a hydrophobic group".  Atoms of an
aromatic ring are left to the Aromatic feature (a ring in a lipophilic pocket is marked there),
the rest are grouped by bonds, one feature at each group's centroid.  Fluorine is not counted as
an acceptor: it is a very weak one, and counting it floods the query with false constraints.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

FAMILIES = ("Donor", "Acceptor", "Aromatic", "Hydrophobe", "PosIonizable", "NegIonizable")
# Tolerance radius (Å) of a query feature: directional polar points are tighter than lumped ones.
RADII = {"Donor": 1.0, "Acceptor": 1.0, "Aromatic": 1.1, "Hydrophobe": 1.5, "PosIonizable": 1.2, "NegIonizable": 1.2}


@dataclass(frozen=True)
class FeatureDef:
    """A feature's family and the (0-based) atoms it sits on; its point is their centroid."""

    family: str
    atoms: tuple[int, ...]


@lru_cache(maxsize=1)
def _factory():
    from rdkit import RDConfig
    from rdkit.Chem import ChemicalFeatures

    return ChemicalFeatures.BuildFeatureFactory(os.path.join(RDConfig.RDDataDir, "BaseFeatures.fdef"))


def _hydrophobe_groups(mol, atoms: set[int]) -> list[tuple[int, ...]]:
    """Connected groups of the given atoms (bonds within the set)."""
    groups: list[tuple[int, ...]] = []
    seen: set[int] = set()
    for start in sorted(atoms):
        if start in seen:
            continue
        stack, group = [start], []
        seen.add(start)
        while stack:
            a = stack.pop()
            group.append(a)
            for nb in mol.GetAtomWithIdx(a).GetNeighbors():
                j = nb.GetIdx()
                if j in atoms and j not in seen:
                    seen.add(j)
                    stack.append(j)
        groups.append(tuple(sorted(group)))
    return groups


def feature_defs(mol) -> list[FeatureDef]:
    """The molecule's features in a fixed order (family as in FAMILIES, then atom indices)."""
    found: set[FeatureDef] = set()
    hydrophobic: set[int] = set()
    for feat in _factory().GetFeaturesForMol(mol):
        family, atoms = feat.GetFamily(), tuple(sorted(feat.GetAtomIds()))
        if family in ("Hydrophobe", "LumpedHydrophobe"):
            hydrophobic.update(atoms)
        elif family == "Acceptor" and mol.GetAtomWithIdx(atoms[0]).GetAtomicNum() == 9:
            continue
        elif family in FAMILIES:
            found.add(FeatureDef(family, atoms))
    aromatic = {a.GetIdx() for a in mol.GetAtoms() if a.GetIsAromatic()}
    for group in _hydrophobe_groups(mol, hydrophobic - aromatic):
        found.add(FeatureDef("Hydrophobe", group))
    return sorted(found, key=lambda f: (FAMILIES.index(f.family), f.atoms))


def feature_points(coords: np.ndarray, defs: list[FeatureDef]) -> np.ndarray:
    """Feature centres (n_features × 3) for one conformer's atom coordinates (n_atoms × 3)."""
    if not defs:
        return np.zeros((0, 3))
    return np.array([coords[list(d.atoms)].mean(axis=0) for d in defs])
