"""yunyao.pepsearch's implicit solvent: the built-in GBSAOBCForce that replaces implicit/obc2.xml's
CustomGBForce (for speed) must give the same energy and forces.
Run: /usr/bin/python3 -m unittest python.tests.test_peptide_solvent  (a few seconds)
"""

from __future__ import annotations

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import openmm  # noqa: E402
from openmm import app, unit  # noqa: E402

from yunyao.pepsearch.chain import build_peptide  # noqa: E402
from yunyao.pepsearch.simulation import SOLVENT_FILES, create_system  # noqa: E402


def energy_and_forces(system: openmm.System, positions) -> tuple[float, np.ndarray]:
    context = openmm.Context(system, openmm.VerletIntegrator(0.001), openmm.Platform.getPlatformByName("Reference"))
    context.setPositions(positions)
    state = context.getState(getEnergy=True, getForces=True)
    return (
        state.getPotentialEnergy().value_in_unit(unit.kilojoule_per_mole),
        state.getForces(asNumpy=True).value_in_unit(unit.kilojoule_per_mole / unit.nanometer),
    )


class BuiltinObc(unittest.TestCase):
    def test_same_energy_and_forces_as_obc2_xml(self) -> None:
        topology, positions = build_peptide("KWDE")
        reference = app.ForceField("amber14-all.xml", SOLVENT_FILES["obc2"]).createSystem(
            topology, nonbondedMethod=app.NoCutoff, constraints=app.HBonds, hydrogenMass=4.0 * unit.amu
        )
        ours = create_system(topology, "obc2")
        self.assertTrue(any(isinstance(f, openmm.GBSAOBCForce) for f in ours.getForces()))
        self.assertFalse(any(isinstance(f, openmm.CustomGBForce) for f in ours.getForces()))
        e_ref, f_ref = energy_and_forces(reference, positions)
        e_ours, f_ours = energy_and_forces(ours, positions)
        self.assertAlmostEqual(e_ours, e_ref, delta=0.01)
        self.assertLess(np.abs(f_ours - f_ref).max(), 0.1)


if __name__ == "__main__":
    unittest.main()
