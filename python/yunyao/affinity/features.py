"""What the affinity model sees of a posed complex.

* The engine's own scores of the pose: AutoDock Vina and Vinardo (``vina --score_only``), intermolecular
  and total, and the torsional penalty; these need no training data.
* RF-Score-style element-pair contact counts between ligand and protein heavy atoms in two distance
  shells (0-4 Å and 4-8 Å), ligand element C/N/O/S/halogen x protein C/N/O/S.
* Ligand heavy atoms and rotatable bonds.

The same function serves training (crystal poses) and prediction (input or docked poses), with the
receptor prepared by the platform's own ``protein_prep`` step both times.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
import os
from typing import Sequence

import numpy as np
from rdkit import Chem
from rdkit.Chem import rdMolDescriptors

from ..dock_ligand import LigandError, to_pdbqt

VINA_TIMEOUT_S = 120
LIGAND_ELEMENTS = ("C", "N", "O", "S", "X")  # X: F, Cl, Br, I
PROTEIN_ELEMENTS = ("C", "N", "O", "S")
SHELLS = ((0.0, 4.0), (4.0, 8.0))
HALOGENS = {"F", "Cl", "Br", "I"}
SCORE_NAMES = ("vina_total", "vina_inter", "vina_torsion", "vinardo_total", "vinardo_inter")
CONTACT_NAMES = tuple(f"{l}-{p}@{int(lo)}-{int(hi)}" for lo, hi in SHELLS for l in LIGAND_ELEMENTS for p in PROTEIN_ELEMENTS)
FEATURE_NAMES = SCORE_NAMES + ("heavy_atoms", "rotatable_bonds") + CONTACT_NAMES

_ENERGY = re.compile(r"Estimated Free Energy of Binding\s*:\s*(-?[\d.]+)")
_INTER = re.compile(r"\(1\) Final Intermolecular Energy\s*:\s*(-?[\d.]+)")
_TORSION = re.compile(r"\(3\) Torsional Free Energy\s*:\s*(-?[\d.]+)")


class FeatureError(Exception):
    pass


def ligand_pdbqt(mol: Chem.Mol) -> str:
    """The pose as Vina reads it: hydrogens added at their geometric positions, Gasteiger charges."""
    return to_pdbqt(Chem.AddHs(mol, addCoords=True))


def vina_score(receptor_pdbqt: str, ligand_pdbqt_path: str, scoring: str) -> tuple[float, float, float]:
    """(total, intermolecular, torsional) kcal/mol of the pose as it is, from the engine's own output."""
    proc = subprocess.run(
        ["vina", "--receptor", receptor_pdbqt, "--ligand", ligand_pdbqt_path, "--score_only", "--autobox", "--scoring", scoring, "--cpu", "1"],
        capture_output=True, text=True, timeout=VINA_TIMEOUT_S,
    )
    found = [_ENERGY.search(proc.stdout), _INTER.search(proc.stdout), _TORSION.search(proc.stdout)]
    if proc.returncode != 0 or not all(found):
        raise FeatureError(f"Vina 无法为该构象打分：{(proc.stderr or proc.stdout).strip().splitlines()[-1:] or ['无输出']}")
    return tuple(float(m.group(1)) for m in found)  # type: ignore[union-attr,return-value]


def protein_heavy_atoms(receptor_pdb: str) -> tuple[np.ndarray, list[str]]:
    coords, elements = [], []
    with open(receptor_pdb, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if not line.startswith(("ATOM", "HETATM")):
                continue
            element = (line[76:78].strip() or line[12:16].strip()[:1]).capitalize()
            if element == "H":
                continue
            coords.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
            elements.append(element)
    return np.array(coords, dtype=float).reshape(-1, 3), elements


def contact_counts(protein: tuple[np.ndarray, list[str]], mol: Chem.Mol) -> list[float]:
    p_xyz, p_el = protein
    conf = mol.GetConformer()
    heavy = [a for a in mol.GetAtoms() if a.GetAtomicNum() > 1]
    l_xyz = np.array([list(conf.GetAtomPosition(a.GetIdx())) for a in heavy])
    l_el = ["X" if a.GetSymbol() in HALOGENS else a.GetSymbol() for a in heavy]
    dist = np.linalg.norm(l_xyz[:, None, :] - p_xyz[None, :, :], axis=2)
    counts = []
    for lo, hi in SHELLS:
        inside = (dist > lo) & (dist <= hi)
        for le in LIGAND_ELEMENTS:
            rows = np.array([e == le for e in l_el])
            for pe in PROTEIN_ELEMENTS:
                cols = np.array([e == pe for e in p_el])
                counts.append(float(inside[np.ix_(rows, cols)].sum()) if rows.any() and cols.any() else 0.0)
    return counts


def largest_fragment(mol: Chem.Mol) -> Chem.Mol:
    """A crystal ligand's counter-ion or bound metal (ADP + Mg²⁺) is not the ligand; Vina also reads one molecule only."""
    largest = max(Chem.GetMolFrags(mol, asMols=True, sanitizeFrags=False), key=lambda m: m.GetNumHeavyAtoms())
    # An unsanitised fragment has no ring information, which the rotatable-bond count needs.
    largest.UpdatePropertyCache(strict=False)
    Chem.FastFindRings(largest)
    return largest


def complex_features(receptor_pdb: str, receptor_pdbqt: str, mol: Chem.Mol, protein: tuple[np.ndarray, list[str]] | None = None) -> list[float]:
    """One row of FEATURE_NAMES for a posed ligand (RDKit molecule with 3D coordinates) in the receptor."""
    mol = largest_fragment(mol)
    with tempfile.TemporaryDirectory(prefix="yunyao-sign-") as tmp:
        path = os.path.join(tmp, "ligand.pdbqt")
        try:
            text = ligand_pdbqt(mol)
        except LigandError as err:  # e.g. boron, which Vina has no atom type for: this ligand only
            raise FeatureError(str(err)) from err
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        vina = vina_score(receptor_pdbqt, path, "vina")
        vinardo = vina_score(receptor_pdbqt, path, "vinardo")
    size = [float(mol.GetNumHeavyAtoms()), float(rdMolDescriptors.CalcNumRotatableBonds(mol))]
    return [vina[0], vina[1], vina[2], vinardo[0], vinardo[1], *size, *contact_counts(protein or protein_heavy_atoms(receptor_pdb), mol)]


def feature_matrix(rows: Sequence[Sequence[float]]) -> np.ndarray:
    return np.array(rows, dtype=float).reshape(-1, len(FEATURE_NAMES))
