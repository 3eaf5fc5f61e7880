"""How well one placed conformer overlays one reference: shape Tanimoto and the fraction of the
reference's enabled features it reproduces, and the placements that are tried.

Placements (poses) of a conformer, both rigid:
* the feature superposition of the hard match (match.best_alignment), when the conformer has one;
* Open3DALIGN on the reference with Crippen atom contributions (Tosco, Balle & Shiri, J. Comput.
  Aided Mol. Des. 25:777, 2011; RDKit ``rdMolAlign.GetCrippenO3A``): an atom-by-atom alignment
  that needs no feature correspondence, so a molecule that matches only some features, or none,
  is still placed over the reference and scored rather than left unranked.

Features reproduced in a pose: each enabled query feature of the reference is paired with at most
one conformer feature of its family lying within the query feature's tolerance radius, nearest
pairs first (the same radii the hard match uses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

# O3A's lowest accuracy level (options bits 0–1 = 3): on the test complex's 51 molecules (SKE and
# the NCI decoys, 10 conformers each) the best shape Tanimoto per molecule came within 0.007 of the
# highest level's on average, at 1.3 instead of 9 ms per conformer.
O3A_FAST = 3



@dataclass
class Overlay:
    shape: float  # shape Tanimoto with the reference, 0–1
    pairs: list[tuple[int, int]]  # (enabled query feature index, conformer feature index)
    rmsd: Optional[float]  # of the paired feature points; None when nothing pairs
    fraction: float  # paired / the reference's enabled features

    @property
    def combo(self) -> float:
        """ROCS's TanimotoCombo (shape + feature term, 0–2) halved to 0–1."""
        return (self.shape + self.fraction) / 2


def shape_tanimoto(placed, reference) -> float:
    """RDKit's Gaussian-grid shape Tanimoto of a placed molecule (heavy atoms, one conformer) with the reference."""
    from rdkit.Chem import rdShapeHelpers

    return 1.0 - rdShapeHelpers.ShapeTanimotoDist(placed, reference, ignoreHs=True)


def paired_features(
    q_fam: list[str], q_pts: np.ndarray, q_rad: np.ndarray, wanted: list[int], c_fam: list[str], c_pts: np.ndarray
) -> list[tuple[int, int]]:
    """One-to-one pairs (query index in ``wanted``, conformer index) of the same family within the query radius, nearest first."""
    candidates = []
    for i in wanted:
        for j, fam in enumerate(c_fam):
            if fam == q_fam[i]:
                d = float(np.linalg.norm(c_pts[j] - q_pts[i]))
                if d <= q_rad[i]:
                    candidates.append((d, i, j))
    used_q: set[int] = set()
    used_c: set[int] = set()
    pairs = []
    for _d, i, j in sorted(candidates):
        if i not in used_q and j not in used_c:
            used_q.add(i)
            used_c.add(j)
            pairs.append((i, j))
    return sorted(pairs)


def overlay(
    q_fam: list[str], q_pts: np.ndarray, q_rad: np.ndarray, wanted: list[int], reference, placed, c_fam: list[str], c_pts: np.ndarray
) -> Overlay:
    """A placed conformer (``placed``: heavy atoms; ``c_pts``: its feature points) against one reference and its enabled features ``wanted``."""
    pairs = paired_features(q_fam, q_pts, q_rad, wanted, c_fam, c_pts)
    rmsd = float(np.sqrt(np.mean([np.sum((c_pts[j] - q_pts[i]) ** 2) for i, j in pairs]))) if pairs else None
    return Overlay(shape_tanimoto(placed, reference), pairs, rmsd, len(pairs) / len(wanted))


class O3APlacer:
    """Crippen O3A placements of one molecule's conformers on each reference (contributions computed once)."""

    def __init__(self, mol, references: list) -> None:
        from rdkit import Chem
        from rdkit.Chem import rdMolDescriptors

        # Heavy atoms only, as the references are; AddHs put the hydrogens last, so indices agree.
        self.heavy = Chem.RemoveHs(mol)
        self.contribs = rdMolDescriptors._CalcCrippenContribs(self.heavy)
        self.references = references
        self.ref_contribs = [rdMolDescriptors._CalcCrippenContribs(r) for r in references]

    def placed(self, conformer_id: int, rotation: np.ndarray, translation: np.ndarray):
        """The heavy-atom molecule with only that conformer, moved."""
        from rdkit import Chem
        from rdkit.Chem import rdMolTransforms

        mol = Chem.Mol(self.heavy, confId=conformer_id)
        matrix = np.eye(4)
        matrix[:3, :3], matrix[:3, 3] = rotation, translation
        rdMolTransforms.TransformConformer(mol.GetConformer(), matrix)
        return mol

    def transform(self, conformer_id: int, ref: int) -> tuple[np.ndarray, np.ndarray]:
        """Rotation (3×3) and translation placing the conformer on reference ``ref``."""
        from rdkit.Chem import rdMolAlign

        o3a = rdMolAlign.GetCrippenO3A(
            self.heavy, self.references[ref], self.contribs, self.ref_contribs[ref], prbCid=conformer_id, options=O3A_FAST
        )
        _rmsd, matrix = o3a.Trans()
        matrix = np.array(matrix)
        return matrix[:3, :3], matrix[:3, 3]
