"""3D affinity (sign): reading ligands from each accepted source and deciding which are scored as posed
(3D, centroid inside the site) and which must be docked first.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_ligands
"""

from __future__ import annotations

import os
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

from rdkit import Chem  # noqa: E402

from yunyao.sign.ligands import load_ligands  # noqa: E402
from yunyao.sign.site import site_from_file  # noqa: E402
from yunyao.common import InputError, InputFile  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures")
POSE = os.path.join(FIXTURES, "aurka_pose.sdf")  # an anilinopyrimidine posed in the Aurora A pocket
CHINESE = "[\u4e00-\u9fff]"


def fixture(name: str) -> InputFile:
    return InputFile(os.path.join(FIXTURES, name), name, name.rsplit(".", 1)[1])


class Ligands(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory(prefix="test_affinity_ligands_")
        self.site = site_from_file(fixture("aurka_pocket.pdb"))
        self.pose = next(iter(Chem.SDMolSupplier(POSE, removeHs=False)))

    def tearDown(self) -> None:
        self.tmp.cleanup()

    def path(self, name: str) -> str:
        return os.path.join(self.tmp.name, name)

    def test_sdf_pose_inside_the_site_is_posed_and_one_moved_away_is_not(self) -> None:
        moved = Chem.Mol(self.pose)
        conf = moved.GetConformer()
        for i in range(moved.GetNumAtoms()):
            p = conf.GetAtomPosition(i)
            conf.SetAtomPosition(i, (p.x + 60.0, p.y, p.z))
        moved.SetProp("_Name", "moved")
        with Chem.SDWriter(self.path("two.sdf")) as writer:
            writer.write(self.pose)
            writer.write(moved)
        inside, outside = load_ligands([InputFile(self.path("two.sdf"), "two.sdf", "sdf")], None, self.site)
        self.assertEqual(inside.posed, "input")
        self.assertIsNotNone(inside.pose)
        self.assertEqual((outside.id, outside.pose, outside.posed), ("moved", None, ""))
        self.assertEqual(inside.smiles, outside.smiles)

    def test_zip_of_mol2_reads_every_member(self) -> None:
        from openbabel import pybel

        mol2 = pybel.readstring("sdf", Chem.MolToMolBlock(self.pose)).write("mol2")
        with zipfile.ZipFile(self.path("ligs.zip"), "w") as archive:
            archive.writestr("a/posed.mol2", mol2)
            with open(os.path.join(FIXTURES, "indole_2d.mol2"), encoding="utf-8") as fh:
                archive.writestr("flat.mol2", fh.read())
            archive.writestr("readme.txt", "not a ligand")
        ligands = load_ligands([InputFile(self.path("ligs.zip"), "ligs.zip", "zip")], None, self.site)
        self.assertEqual(len(ligands), 2)
        self.assertEqual([lig.posed for lig in ligands], ["input", ""])  # the flat drawing must be docked

    def test_smiles_table_and_presets_are_docked(self) -> None:
        with open(self.path("mols.csv"), "w", encoding="utf-8") as fh:
            fh.write("name,smiles\nphenol,Oc1ccccc1\nphenol,c1ccccc1O\n")
        ligands = load_ligands([InputFile(self.path("mols.csv"), "mols.csv", "csv")], None, self.site)
        self.assertEqual([lig.id for lig in ligands], ["phenol", "phenol_2"])  # ids stay unique
        self.assertTrue(all(lig.pose is None for lig in ligands))
        for preset in ("zinc", "approved"):
            ligands = load_ligands([], preset, self.site)
            self.assertTrue(10 <= len(ligands) <= 30, preset)
            self.assertTrue(all(Chem.MolFromSmiles(lig.smiles) is not None and lig.pose is None for lig in ligands), preset)

    def test_unreadable_record_is_a_row_error(self) -> None:
        with open(self.path("bad.sdf"), "w", encoding="utf-8") as fh:
            fh.write("bad\n\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0 0.0 Q 0\nM  END\n$$$$\n")
            fh.write(Chem.MolToMolBlock(self.pose) + "$$$$\n")
        bad, good = load_ligands([InputFile(self.path("bad.sdf"), "bad.sdf", "sdf")], None, self.site)
        self.assertRegex(bad.error or "", CHINESE)
        self.assertIsNone(good.error)

    def test_refusals_are_message_ids(self) -> None:
        with open(self.path("notzip.zip"), "w", encoding="utf-8") as fh:
            fh.write("plain text")
        for inp in (InputFile(self.path("notzip.zip"), "notzip.zip", "zip"), InputFile(POSE, "pose.pdf", "pdf")):
            with self.subTest(inp.name), self.assertRaises(InputError) as caught:
                load_ligands([inp], None, self.site)
            self.assertIn(caught.exception.code, ("common.notZip", "sign.ligandTypeUnsupported"))
            self.assertEqual(caught.exception.params.get("file"), inp.name)


if __name__ == "__main__":
    unittest.main()
