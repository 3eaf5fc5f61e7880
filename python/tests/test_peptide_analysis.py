"""What yunyao.pepsearch says about a model: DSSP letters, helix share, compactness, end-to-end
distance and RMSD, on an ideal α helix against the polyproline-II start chain.
Run: /usr/bin/python3 -m unittest python.tests.test_peptide_analysis  (a few seconds)
"""

from __future__ import annotations

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import mdtraj  # noqa: E402
from openmm import unit  # noqa: E402

from yunyao.pepsearch.analysis import describe  # noqa: E402
from yunyao.pepsearch.chain import build_peptide  # noqa: E402

SEQUENCE = "AEAAAKEAAAKA"
ALPHA_PHI, ALPHA_PSI = -57.0, -47.0


def shapes() -> mdtraj.Trajectory:
    """Frame 0: α helix; frame 1: the PPII chain (same atoms, both built the same way)."""
    frames, topology = [], None
    for phi, psi in ((ALPHA_PHI, ALPHA_PSI), (-75.0, 145.0)):
        topology, positions = build_peptide(SEQUENCE, phi, psi)
        frames.append(positions.value_in_unit(unit.nanometer))
    return mdtraj.Trajectory(np.array(frames), mdtraj.Topology.from_openmm(topology))


class Describe(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.helix, cls.ppii = describe(shapes())

    def test_helix_is_called_a_helix(self) -> None:
        self.assertEqual(len(self.helix["ss"]), len(SEQUENCE))
        self.assertIn("HHHHHH", self.helix["ss"])
        self.assertGreater(self.helix["helix_percent"], 50.0)
        self.assertEqual(self.helix["strand_percent"], 0.0)

    def test_ppii_chain_is_coil_and_less_compact(self) -> None:
        self.assertEqual(self.ppii["ss"], "C" * len(SEQUENCE))
        self.assertGreater(self.ppii["radius_of_gyration_a"], self.helix["radius_of_gyration_a"])
        # an α helix rises 1.5 Å per residue: 11 steps ≈ 16.5 Å between the end Cα atoms
        self.assertAlmostEqual(self.helix["end_to_end_a"], 16.5, delta=1.5)
        self.assertGreater(self.ppii["end_to_end_a"], 25.0)

    def test_rmsd_is_to_the_first_model(self) -> None:
        self.assertEqual(self.helix["ca_rmsd_to_model1_a"], 0.0)
        self.assertGreater(self.ppii["ca_rmsd_to_model1_a"], 3.0)


if __name__ == "__main__":
    unittest.main()
