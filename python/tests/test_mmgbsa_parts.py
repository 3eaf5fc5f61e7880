"""Pieces of yunyao.dynamic that need no simulation: GAFF lookups, standard errors, pose reading.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_mmgbsa_parts
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from yunyao.common import InputError, InputFile  # noqa: E402
from yunyao.dynamic import system  # noqa: E402
from yunyao.dynamic import gaff  # noqa: E402
from yunyao.dynamic.analysis import mean_sem  # noqa: E402
from yunyao.dynamic.poses import read_poses  # noqa: E402
from yunyao.dynamic.scoring import Scorer, born_radii  # noqa: E402

FIXTURES = os.path.join(HERE, "..", "..", "test-fixtures", "mmgbsa")


class GaffLookup(unittest.TestCase):
    def test_a_term_in_gaff_dat_is_found_in_either_direction(self) -> None:
        angles = gaff.parameter_set().angle_types
        forward, substituted = gaff.find_term(angles, ("ca", "ca", "ha"))
        backward, _ = gaff.find_term(angles, ("ha", "ca", "ca"))
        self.assertFalse(substituted)
        self.assertAlmostEqual(forward.theteq, backward.theteq)

    def test_a_term_open_babel_types_but_gaff_dat_lacks_comes_from_the_nearest_type(self) -> None:
        # Open Babel types a pyrimidine ring carbon 'cd' beside 'ca'; gaff.dat has no ha-ca-cd angle.
        self.assertNotIn(("ha", "ca", "cd"), gaff.parameter_set().angle_types)
        term, substituted = gaff.find_term(gaff.parameter_set().angle_types, ("ha", "ca", "cd"))
        self.assertTrue(substituted)
        self.assertAlmostEqual(term.theteq, 120, delta=3)

    def test_an_improper_names_its_centre_third(self) -> None:
        found = gaff.find_improper("c", ("o", "n", "c3"))
        self.assertIsNotNone(found)
        self.assertAlmostEqual(found[0].phi_k, 10.5)


class StandardError(unittest.TestCase):
    def test_one_snapshot_has_no_error(self) -> None:
        self.assertEqual(mean_sem([-20.0]), (-20.0, None))

    def test_few_snapshots_use_the_plain_sem(self) -> None:
        mean, sem = mean_sem([1.0, 2.0, 3.0])
        self.assertAlmostEqual(sem, 1 / math.sqrt(3))

    def test_many_snapshots_use_block_means(self) -> None:
        # A slow drift: neighbours are correlated, so the block SEM exceeds the naive one.
        values = [float(i // 4) for i in range(20)]
        _, sem = mean_sem(values)
        naive = (sum((v - sum(values) / 20) ** 2 for v in values) / 19) ** 0.5 / math.sqrt(20)
        self.assertGreater(sem, naive)


class Receptor(unittest.TestCase):
    def test_a_receptor_without_protein_atoms_is_the_input_s_fault_so_free(self) -> None:
        ligand_only = "HETATM    1  C1  LIG A   1       0.000   0.000   0.000  1.00  0.00           C\n"
        with tempfile.TemporaryDirectory() as tmp, self.assertRaises(InputError) as ctx:
            system.prepare_receptor(ligand_only, "ligand_only.pdb", 1, os.path.join(tmp, "receptor.pdb"))
        self.assertEqual(ctx.exception.message, {"code": "dynamic.proteinNoAtoms", "params": {"file": "ligand_only.pdb"}})

    def test_a_receptor_pdbfixer_cannot_repair_is_the_input_s_fault_so_free(self) -> None:
        # Twelve residues of one atom each: PDBFixer has no template to build them from.
        ca_only = "\n".join(f"ATOM  {i + 1:5d}  CA  ALA A{i + 1:4d}    {3.8 * i:8.3f}   0.000   0.000  1.00  0.00           C" for i in range(12))
        with tempfile.TemporaryDirectory() as tmp, self.assertRaises(InputError) as ctx:
            system.prepare_receptor(ca_only, "ca_only.pdb", 1, os.path.join(tmp, "receptor.pdb"))
        self.assertEqual((ctx.exception.code, ctx.exception.params["file"]), ("dynamic.proteinUnfixable", "ca_only.pdb"), str(ctx.exception))


class Decomposition(unittest.TestCase):
    def test_the_gb_cross_term_equals_the_two_charge_switched_gb_energies(self) -> None:
        """The per-residue GB term (GBn2's pair term at Born radii read in one evaluation) against the
        definition it replaced: for a quadratic energy, (E(ligand + residue) − E(ligand − residue)) / 2
        with every other charge off, two full GB evaluations of the complex per residue."""
        import numpy as np
        import openmm
        from openmm import app, unit

        with tempfile.TemporaryDirectory() as tmp:
            receptor_pdb = os.path.join(tmp, "receptor.pdb")
            with open(os.path.join(FIXTURES, "p38_pocket.pdb"), encoding="utf-8") as fh:
                system.prepare_receptor(fh.read(), "p38_pocket.pdb", 1, receptor_pdb)
            pdb = app.PDBFile(receptor_pdb)
        omm_system = app.ForceField(system.PROTEIN_FF).createSystem(pdb.topology, nonbondedMethod=app.NoCutoff)
        xyz = np.array(pdb.positions.value_in_unit(unit.nanometer))
        # One residue of the pocket plays the ligand; the decomposition's arithmetic does not care what it is.
        residues = list(pdb.topology.residues())
        ligand = [a.index for a in residues[len(residues) // 2].atoms()]
        receptor = [a.index for a in pdb.topology.atoms() if a.index not in set(ligand)]
        scorer = Scorer(pdb.topology, omm_system, xyz, ligand, receptor, 0.15)
        self.assertGreater(len(scorer.residues), 3)

        context = scorer.gb["complex"]
        force = next(f for f in context.getSystem().getForces() if isinstance(f, openmm.CustomGBForce))
        complex_xyz = xyz[scorer.complex_atoms]

        def energy_with_charges(scale: np.ndarray) -> float:
            for n in range(force.getNumParticles()):
                params = list(force.getParticleParameters(n))
                params[0] = float(scorer.charge[scorer.complex_atoms[n]] * scale[n])
                force.setParticleParameters(n, params)
            force.updateParametersInContext(context)
            context.setPositions(complex_xyz)
            return context.getState(getEnergy=True).getPotentialEnergy().value_in_unit(unit.kilojoule_per_mole) / 4.184

        where = {atom: n for n, atom in enumerate(scorer.complex_atoms)}
        radii = born_radii(scorer.radii, complex_xyz)
        decomposed = scorer.decompose(xyz)
        for label, atoms in scorer.residues:
            switched = []
            for sign in (1.0, -1.0):
                scale = np.zeros(len(scorer.complex_atoms))
                scale[[where[a] for a in ligand]] = 1.0
                scale[[where[a] for a in atoms]] = sign
                switched.append(energy_with_charges(scale))
            reference = (switched[0] - switched[1]) / 2
            self.assertAlmostEqual(scorer.gb_cross(xyz, radii, atoms), reference, delta=1e-3, msg=label)
            # The residue's solvation term is that cross term plus its buried surface's share (≤ 0: burying is favourable).
            self.assertTrue(-1.5 < decomposed[label][2] - scorer.gb_cross(xyz, radii, atoms) <= 1e-9, label)


class Poses(unittest.TestCase):
    def test_every_mol2_in_the_zip_is_a_pose_and_a_bad_one_carries_its_reason(self) -> None:
        poses = read_poses([InputFile(os.path.join(FIXTURES, "p38_one_good_one_bad.zip"), "poses.zip", "zip")])
        by_id = {p.id: p for p in poses}
        self.assertEqual(sorted(by_id), ["broken", "lig_p38a_2v"])
        self.assertIsNone(by_id["lig_p38a_2v"].error)
        self.assertIn("poses.zip/broken.mol2", by_id["broken"].error)

    def test_ids_are_file_name_safe_and_distinct(self) -> None:
        with zipfile.ZipFile(os.path.join(FIXTURES, "p38_poses.zip")) as src:
            mol2 = src.read("lig_p38a_2v.mol2")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "odd.zip")
            with zipfile.ZipFile(path, "w") as dst:
                dst.writestr("a/配体 1.mol2", mol2)
                dst.writestr("b/配体 1.mol2", mol2)
            ids = [p.id for p in read_poses([InputFile(path, "odd.zip", "zip")])]
        self.assertEqual(len(set(ids)), 2)
        self.assertTrue(all(all(c.isascii() and (c.isalnum() or c in "_.-") for c in i) for i in ids))


if __name__ == "__main__":
    unittest.main()
