"""What the affinity model sees of a posed complex: element-pair contact counts in distance shells.

A count is the number of protein–ligand heavy-atom pairs of one element pair (protein C/N/O/S x ligand
Br/C/Cl/F/I/N/O/P/S) whose distance is at most the cutoff, exactly as the training tables
(``pdbbind-features``, the ECIF repository's ELEMENTS descriptors) define it:

* protein: ``ATOM`` records only (no waters, ions, cofactors), hydrogens dropped, element from columns 77-78;
* ligand: the pose's atoms, hydrogens dropped, no sanitising.

The model reads the counts at 4, 5, 6, 7 and 8 Å as five shells (0-4, 4-5, ..., 7-8 Å). Nothing beyond
8 Å: users upload whole proteins or pocket cut-outs (residues within 10 Å of the ligand), and PDBbind's own
pocket files, compared with the training tables' whole-protein counts, keep every pair up to 8 Å but lose
3-8 % of those between 8 and 10 Å (their residue selection is not exactly "any atom within 10 Å"). Up to
8 Å the same complex uploaded as a whole protein or as such a pocket gives the same features and the same
prediction.

The engine's own Vina score of the pose is computed as well: the rows show it, the model does not use it
(the 9,299 training complexes carry no structures to score).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from typing import Sequence

import numpy as np
from rdkit import Chem

from ..autodock.ligand import LigandError, to_pdbqt
from ..common import vina_env

VINA_TIMEOUT_S = 120
PROTEIN_ELEMENTS = ("C", "N", "O", "S")
LIGAND_ELEMENTS = ("Br", "C", "Cl", "F", "I", "N", "O", "P", "S")
# The training tables' column order: protein element major, ligand element minor.
PAIR_NAMES = tuple(f"{p}-{l}" for p in PROTEIN_ELEMENTS for l in LIGAND_ELEMENTS)
CUTOFFS = (4.0, 5.0, 6.0, 7.0, 8.0)
SHELL_NAMES = tuple(f"{lo:g}-{hi:g}" for lo, hi in zip((0.0,) + CUTOFFS[:-1], CUTOFFS))
FEATURE_NAMES = tuple(f"{pair}@{shell}" for shell in SHELL_NAMES for pair in PAIR_NAMES)
_SUM_NAMES = tuple(f"all@{s}" for s in SHELL_NAMES) + tuple(f"ligand {l}" for l in LIGAND_ELEMENTS) + tuple(f"protein {p}" for p in PROTEIN_ELEMENTS)
# What the trees read (``model_inputs``): the counts, their sums, and every count and sum as a share of all contacts.
INPUT_NAMES = FEATURE_NAMES + _SUM_NAMES + tuple(f"share {n}" for n in _SUM_NAMES + FEATURE_NAMES)

_ENERGY = re.compile(r"Estimated Free Energy of Binding\s*:\s*(-?[\d.]+)")

Atoms = tuple[np.ndarray, np.ndarray]  # coordinates (n, 3), element symbols (n,)


class FeatureError(Exception):
    pass


def protein_heavy_atoms(receptor_pdb: str) -> Atoms:
    coords, elements = [], []
    with open(receptor_pdb, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if not line.startswith("ATOM"):
                continue
            # A PDB without element columns: the atom name's first letter (C, N, O, S, H for protein atoms).
            element = (line[76:78].strip() or line[12:16].strip().lstrip("0123456789")[:1]).capitalize()
            if element in ("H", "D"):
                continue
            coords.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
            elements.append(element)
    return np.array(coords, dtype=float).reshape(-1, 3), np.array(elements, dtype=str)


def ligand_heavy_atoms(mol: Chem.Mol) -> Atoms:
    heavy = [a.GetIdx() for a in mol.GetAtoms() if a.GetAtomicNum() > 1]
    xyz = mol.GetConformer().GetPositions()[heavy] if heavy else np.zeros((0, 3))
    return np.asarray(xyz, dtype=float).reshape(-1, 3), np.array([mol.GetAtomWithIdx(i).GetSymbol() for i in heavy], dtype=str)


def pair_counts(protein: Atoms, ligand: Atoms, cutoffs: Sequence[float]) -> np.ndarray:
    """(len(cutoffs), 36) cumulative counts: pairs of each element pair within each cutoff (distance <= cutoff)."""
    p_xyz, p_el = protein
    l_xyz, l_el = ligand
    out = np.zeros((len(cutoffs), len(PAIR_NAMES)))
    if not len(p_xyz) or not len(l_xyz):
        return out
    # Only protein atoms inside the ligand's box grown by the largest cutoff can count: a whole protein
    # of 50,000 atoms shrinks to the few thousand near the ligand before the distance matrix.
    reach = max(cutoffs)
    near = np.all((p_xyz >= l_xyz.min(axis=0) - reach) & (p_xyz <= l_xyz.max(axis=0) + reach), axis=1)
    p_xyz, p_el = p_xyz[near], p_el[near]
    dist = np.sqrt(((l_xyz[:, None, :] - p_xyz[None, :, :]) ** 2).sum(axis=2))
    for pi, pe in enumerate(PROTEIN_ELEMENTS):
        cols = p_el == pe
        for li, le in enumerate(LIGAND_ELEMENTS):
            rows = l_el == le
            if cols.any() and rows.any():
                d = dist[np.ix_(rows, cols)].ravel()
                out[:, pi * len(LIGAND_ELEMENTS) + li] = [(d <= c).sum() for c in cutoffs]
    return out


def shells(cumulative: np.ndarray) -> np.ndarray:
    """Cumulative counts at CUTOFFS -> counts per shell, flattened in FEATURE_NAMES order."""
    return np.diff(cumulative, axis=0, prepend=np.zeros((1, cumulative.shape[1]))).ravel()


def model_inputs(counts: np.ndarray) -> np.ndarray:
    """Rows of FEATURE_NAMES -> rows of INPUT_NAMES. A tree splits on one feature at a time, so it cannot
    form a sum or a ratio itself: the contacts per shell, per ligand element and per protein element, and
    each count and sum as a share of all contacts within 8 Å (the make-up of the contact surface whatever
    the ligand's size) are given to it. Year-blocked CV: R 0.644 -> 0.660 with the deeper booster
    (docs/models/affinity.md)."""
    grid = counts.reshape(len(counts), len(CUTOFFS), len(PROTEIN_ELEMENTS), len(LIGAND_ELEMENTS))
    sums = np.hstack([grid.sum(axis=(2, 3)), grid.sum(axis=(1, 2)), grid.sum(axis=(1, 3))])
    total = counts.sum(axis=1, keepdims=True) + 1.0
    return np.hstack([counts, sums, sums / total, counts / total])


def complex_features(protein: Atoms, mol: Chem.Mol) -> np.ndarray:
    """One row of FEATURE_NAMES for a posed ligand (RDKit molecule with 3D coordinates) in the protein."""
    return shells(pair_counts(protein, ligand_heavy_atoms(mol), CUTOFFS))


def largest_fragment(mol: Chem.Mol) -> Chem.Mol:
    """A crystal ligand's counter-ion or bound metal (ADP + Mg²⁺) is not the ligand; Vina also reads one molecule only."""
    largest = max(Chem.GetMolFrags(mol, asMols=True, sanitizeFrags=False), key=lambda m: m.GetNumHeavyAtoms())
    # An unsanitised fragment has no ring information, which the PDBQT writer's rotatable bonds need.
    largest.UpdatePropertyCache(strict=False)
    Chem.FastFindRings(largest)
    return largest


def vina_score(receptor_pdbqt: str, mol: Chem.Mol) -> float:
    """AutoDock Vina's score (kcal/mol) of the pose as it is, from the engine's own output."""
    with tempfile.TemporaryDirectory(prefix="yunyao-sign-") as tmp:
        path = os.path.join(tmp, "ligand.pdbqt")
        try:
            # Hydrogens at their geometric positions and Gasteiger charges, as the docking step writes ligands.
            text = to_pdbqt(Chem.AddHs(mol, addCoords=True))
        except LigandError as err:  # e.g. boron, which Vina has no atom type for: this ligand only
            raise FeatureError(str(err)) from err
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        proc = subprocess.run(
            ["vina", "--receptor", receptor_pdbqt, "--ligand", path, "--score_only", "--autobox", "--cpu", "1"],
            capture_output=True, text=True, timeout=VINA_TIMEOUT_S, env=vina_env(),
        )
    found = _ENERGY.search(proc.stdout)
    if proc.returncode != 0 or not found:
        raise FeatureError(f"Vina 无法为该构象打分：{(proc.stderr or proc.stdout).strip().splitlines()[-1:] or ['无输出']}")
    return float(found.group(1))
