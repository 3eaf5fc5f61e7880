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
from yunyao.pepsearch.clustering import Cluster  # noqa: E402
from yunyao.pepsearch.models import Model, superposed_on_first  # noqa: E402

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


class Superpose(unittest.TestCase):
    def test_a_moved_copy_of_model_1_lands_on_it_and_a_different_shape_stays_different(self) -> None:
        traj = shapes()
        helix = traj.xyz[0].astype(np.float64)
        turn = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])  # 90° about z
        moved = helix @ turn.T + np.array([3.0, -2.0, 1.0])
        models = [Model(Cluster([0], 0), p, 0.0) for p in (helix, moved, traj.xyz[1].astype(np.float64))]
        out = superposed_on_first(traj.topology, models)
        self.assertLess(float(np.abs(out[0].positions_nm - helix).max()), 1e-5)  # model 1 stays put
        self.assertLess(float(np.abs(out[1].positions_nm - helix).max()), 1e-4)
        ca = traj.topology.select("name CA")
        self.assertLess(np.linalg.norm(out[2].positions_nm[ca].mean(0) - helix[ca].mean(0)), 1e-4)  # centred on model 1


if __name__ == "__main__":
    unittest.main()
