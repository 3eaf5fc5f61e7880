"""Tests for the docked poses' interactions: the PLIP report reader, PLIP itself on an Aurora A
pose, contact residues, and the size-aware score columns."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from yunyao.autodock.ligand_efficiency import efficiency, le_scale  # noqa: E402
from yunyao.plip_report import PlipReportError, read_report  # noqa: E402
from yunyao.pose_interactions import write_interactions  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures")
# PLIP 2.2.2 report of the whole prepared Aurora A (2C6E) with the pose of aurka_pose.sdf:
# besides the ligand it lists the ACE and NME caps as binding sites. The receptor has 2,161
# heavy atoms, so PLIP numbers the pose's first atom 2162.
REPORT = os.path.join(FIXTURES, "plip_report_aurka.xml")
POCKET = os.path.join(FIXTURES, "aurka_pocket.pdb")
POSE = os.path.join(FIXTURES, "aurka_pose.sdf")


def pose():
    from rdkit import Chem

    return next(iter(Chem.SDMolSupplier(POSE)))


class PlipReportTest(unittest.TestCase):
    def setUp(self) -> None:
        with open(REPORT, encoding="utf-8") as fh:
            self.records = read_report(fh.read(), "LIG", 2162)

    def test_reads_the_ligand_site_only_grouped_by_type(self) -> None:
        kinds = [r["type"] for r in self.records]
        self.assertEqual(kinds.count("hbond"), 2)
        self.assertEqual(kinds.count("hydrophobic"), 9)
        self.assertEqual(set(kinds), {"hbond", "hydrophobic"})
        hinge = next(r for r in self.records if r["residue"] == "A:ASP149")
        self.assertEqual((hinge["type"], hinge["distance"], hinge["detail"]), ("hbond", 3.84, "protein_donor"))

    def test_ligand_atoms_are_the_pose_atoms_at_plip_coordinates(self) -> None:
        positions = pose().GetConformer().GetPositions()
        for r in self.records:
            self.assertEqual(len(r["ligandAtoms"]), 1, r)
            atom = positions[r["ligandAtoms"][0] - 1]
            self.assertLess(max(abs(a - b) for a, b in zip(atom, r["ligand"])), 0.01, r)
            self.assertEqual(len(r["protein"]), 3)

    def test_malformed_report_is_a_reason(self) -> None:
        with self.assertRaisesRegex(PlipReportError, "不是合法的 XML"):
            read_report("<report><bindingsite>")
        self.assertEqual(read_report("<report><plipversion>2.2.2</plipversion></report>"), [])


class PlipEngineTest(unittest.TestCase):
    def run_on_fixture(self) -> tuple[dict, dict]:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "interactions.json")
            summary = write_interactions(POCKET, [("pocket1_ligand", 1, pose())], 1, out)
            with open(out, encoding="utf-8") as fh:
                return summary, json.load(fh)["poses"][0]

    def test_plip_finds_the_hinge_hydrogen_bond_and_the_contacts(self) -> None:
        summary, record = self.run_on_fixture()
        self.assertEqual((summary["posesAnalysed"], summary["failures"], summary["version"]), (1, 0, "2.2.2"))
        self.assertIn(("hbond", "A:ASP149"), {(r["type"], r["residue"]) for r in record["interactions"]})
        self.assertGreaterEqual(sum(r["type"] == "hydrophobic" for r in record["interactions"]), 5)
        residues = [c["residue"] for c in record["contacts"]]
        self.assertIn("A:ASP149", residues)
        self.assertTrue(all(c["distance"] <= 4.0 for c in record["contacts"]))
        self.assertEqual([c["distance"] for c in record["contacts"]], sorted(c["distance"] for c in record["contacts"]))

    def test_one_process_for_several_poses_reports_each_as_alone(self) -> None:
        from rdkit import Chem
        import numpy as np
        from rdkit.Chem import rdMolTransforms
        from yunyao.pose_interactions import complex_pdb, read_receptor, run_plip, run_plip_batch

        lines = read_receptor(POCKET)[0]
        moved = Chem.Mol(pose())
        rdMolTransforms.TransformConformer(moved.GetConformer(), np.array([[1, 0, 0, 1.5], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], dtype=float))
        complexes = [complex_pdb(lines, pose()), complex_pdb(lines, moved)]
        alone = [run_plip(*c) for c in complexes]
        batch = run_plip_batch(complexes)
        strip = lambda r: {k: v for k, v in r.items() if k != "seconds"}
        self.assertEqual([strip(r) for r in batch], [strip(r) for r in alone])
        self.assertNotEqual(batch[0]["interactions"], batch[1]["interactions"])
        # A complex PLIP cannot read fails the batch, which is run again one pose per process: only that pose fails.
        broken = run_plip_batch([complexes[0], ("not a PDB\n", 1), complexes[1]])
        self.assertEqual(strip(broken[0]), strip(alone[0]))
        self.assertEqual(strip(broken[2]), strip(alone[1]))
        self.assertIn("error", broken[1])

    def test_missing_plip_is_recorded_not_raised(self) -> None:
        with mock.patch("yunyao.pose_interactions.shutil.which", return_value=None):
            summary, record = self.run_on_fixture()
        self.assertEqual(summary["failures"], 1)
        self.assertIn("未安装 PLIP", record["error"])
        self.assertTrue(record["contacts"])


class LigandEfficiencyTest(unittest.TestCase):
    def test_le_is_score_per_heavy_atom(self) -> None:
        self.assertEqual(efficiency(-8.792, 20)["LE"], 0.44)
        self.assertEqual(efficiency(-6.0, 9)["LE"], 0.667)

    def test_fq_divides_by_reynolds_scale(self) -> None:
        # LE_scale(20) = 0.0715 + 7.5328/20 + 25.7079/400 − 361.4722/8000 = 0.4672; LE 0.4396
        self.assertAlmostEqual(le_scale(20), 0.4672, places=4)
        self.assertEqual(efficiency(-8.792, 20)["FQ"], 0.941)
        # A bigger molecule with the same score is less efficient.
        self.assertLess(efficiency(-8.792, 40)["FQ"], efficiency(-8.792, 20)["FQ"])

    def test_undefined_where_the_fit_or_the_score_is_missing(self) -> None:
        self.assertIsNone(efficiency(-5.0, 8)["FQ"])
        self.assertIsNotNone(efficiency(-5.0, 8)["LE"])
        self.assertEqual(efficiency(None, 20), {"heavy_atoms": 20, "LE": None, "FQ": None})


if __name__ == "__main__":
    unittest.main()
