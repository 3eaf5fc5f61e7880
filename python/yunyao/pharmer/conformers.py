"""Standardised molecules and their seeded ETKDGv3 conformer ensembles.

Every molecule, screened or reference, goes through ``standardise``: the largest fragment (salts
and solvents dropped), neutralised where a neutral form exists (RDKit's Uncharger).  The ionisable
feature patterns of BaseFeatures.fdef match the neutral acids and bases, so the reference's charged
crystal form and a library's neutral SMILES give the same features.

Ensembles: ETKDGv3 (Wang et al., J. Chem. Inf. Model. 60:2044, 2020), up to ``count`` conformers
pruned at 0.5 Å RMSD.  No force-field cleanup: MMFF94 doubled the cold cost per molecule (0.4 →
1.0 s for 28 conformers of a flexible amide) while moving feature points far less than their
1.0–1.5 Å tolerance radii.  The seed is fixed per run, so the same SMILES gives the same ensemble
on every machine with the same RDKit.
"""

from __future__ import annotations

from typing import Optional

PRUNE_RMS = 0.5


class ConformerError(Exception):
    """The molecule cannot be embedded (a reason in Chinese)."""


def standardise(mol):
    """Largest fragment, neutralised, sanitised; None when RDKit cannot sanitise it."""
    from rdkit import Chem
    from rdkit.Chem.MolStandardize import rdMolStandardize

    try:
        mol = rdMolStandardize.LargestFragmentChooser(preferOrganic=True).choose(mol)
        mol = rdMolStandardize.Uncharger().uncharge(mol)
        Chem.SanitizeMol(mol)
    except (ValueError, RuntimeError):
        return None
    return mol


def canonical_smiles(mol) -> str:
    from rdkit import Chem

    return Chem.MolToSmiles(Chem.RemoveHs(mol), isomericSmiles=True)


def embed(smiles: str, count: int, seed: int):
    """The molecule of a standardised SMILES with hydrogens and its conformers; raises ConformerError."""
    from rdkit import Chem
    from rdkit.Chem import AllChem

    mol: Optional[Chem.Mol] = Chem.MolFromSmiles(smiles)
    if mol is None:
        raise ConformerError("SMILES 无法解析")
    mol = Chem.AddHs(mol)
    params = AllChem.ETKDGv3()
    params.randomSeed = seed
    params.pruneRmsThresh = PRUNE_RMS
    params.numThreads = 1
    ids = list(AllChem.EmbedMultipleConfs(mol, numConfs=count, params=params))
    if not ids:
        # Strained or crowded molecules: random starting coordinates often embed where ETKDG's do not.
        params.useRandomCoords = True
        ids = list(AllChem.EmbedMultipleConfs(mol, numConfs=count, params=params))
    if not ids:
        raise ConformerError("无法生成三维构象（ETKDGv3 嵌入失败）")
    return mol


def with_coords(mol, coords):
    """A copy of ``mol`` with one conformer at ``coords`` (n_atoms × 3)."""
    from rdkit import Chem
    from rdkit.Geometry import Point3D

    moved = Chem.Mol(mol)
    moved.RemoveAllConformers()
    conf = Chem.Conformer(mol.GetNumAtoms())
    for i, (x, y, z) in enumerate(coords):
        conf.SetAtomPosition(i, Point3D(float(x), float(y), float(z)))
    moved.AddConformer(conf, assignId=True)
    return moved
