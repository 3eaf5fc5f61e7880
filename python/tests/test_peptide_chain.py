"""The starting chain of yunyao.pepsearch: ideal backbone geometry, trans peptide bonds, the PPII
dihedrals it was built with, and a complete peptide after PDBFixer.
Run: /usr/bin/python3 -m unittest python.tests.test_peptide_chain  (a few seconds)
"""

from __future__ import annotations

import io
import math
import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yunyao.pepsearch import chain  # noqa: E402


def dihedral(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> float:
    b0, b1, b2 = a - b, c - b, d - c
    b1 = b1 / np.linalg.norm(b1)
    v = b0 - np.dot(b0, b1) * b1
    w = b2 - np.dot(b2, b1) * b1
    return math.degrees(math.atan2(np.dot(np.cross(b1, v), w), np.dot(v, w)))


def angle(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> float:
    u, v = a - b, c - b
    return math.degrees(math.acos(np.dot(u, v) / np.linalg.norm(u) / np.linalg.norm(v)))


class Backbone(unittest.TestCase):
    def setUp(self) -> None:
        self.residues = chain.backbone(6)

    def test_bond_lengths_are_ideal(self) -> None:
        for i, res in enumerate(self.residues):
            self.assertAlmostEqual(np.linalg.norm(res["CA"] - res["N"]), chain.N_CA, places=3)
            self.assertAlmostEqual(np.linalg.norm(res["C"] - res["CA"]), chain.CA_C, places=3)
            self.assertAlmostEqual(np.linalg.norm(res["O"] - res["C"]), chain.C_O, places=3)
            if i > 0:
                self.assertAlmostEqual(np.linalg.norm(res["N"] - self.residues[i - 1]["C"]), chain.C_N, places=3)

    def test_angles_and_dihedrals(self) -> None:
        for prev, res in zip(self.residues, self.residues[1:]):
            self.assertAlmostEqual(angle(prev["CA"], prev["C"], res["N"]), chain.ANGLE_CA_C_N, places=2)
            self.assertAlmostEqual(angle(prev["C"], res["N"], res["CA"]), chain.ANGLE_C_N_CA, places=2)
            self.assertAlmostEqual(angle(res["N"], res["CA"], res["C"]), chain.ANGLE_N_CA_C, places=2)
            omega = dihedral(prev["CA"], prev["C"], res["N"], res["CA"])
            self.assertAlmostEqual(abs(omega), 180.0, places=2, msg="peptide bond must be trans")
            self.assertAlmostEqual(dihedral(prev["C"], res["N"], res["CA"], res["C"]), chain.PPII_PHI, places=2)
            self.assertAlmostEqual(dihedral(prev["N"], prev["CA"], prev["C"], res["N"]), chain.PPII_PSI, places=2)

    def test_carbonyl_is_in_the_peptide_plane_opposite_the_next_nitrogen(self) -> None:
        for prev, res in zip(self.residues, self.residues[1:]):
            self.assertAlmostEqual(abs(dihedral(prev["O"], prev["C"], res["N"], res["CA"])), 0.0, places=1)

    def test_no_backbone_atoms_clash(self) -> None:
        xyz = np.array([atom for res in self.residues for atom in res.values()])
        distances = np.linalg.norm(xyz[:, None] - xyz[None], axis=-1)[np.triu_indices(len(xyz), k=1)]
        self.assertGreater(distances.min(), 1.2)


class FullPeptide(unittest.TestCase):
    def test_pdbfixer_completes_every_residue_with_charged_termini(self) -> None:
        from openmm import app

        topology, positions = chain.build_peptide("GWPK")
        names = [r.name for r in topology.residues()]
        self.assertEqual(names, ["GLY", "TRP", "PRO", "LYS"])
        atoms = {(a.residue.index, a.name) for a in topology.atoms()}
        self.assertIn((3, "OXT"), atoms)
        self.assertIn((0, "H3"), atoms)
        self.assertIn((3, "HZ3"), atoms)  # Lys side chain amine charged at pH 7
        self.assertIn((1, "CH2"), atoms)  # Trp ring complete
        # amber14 accepts it: every atom matches a template
        app.ForceField("amber14-all.xml").createSystem(topology)
        out = io.StringIO()
        app.PDBFile.writeFile(topology, positions, out)
        self.assertIn("OXT", out.getvalue())


if __name__ == "__main__":
    unittest.main()
