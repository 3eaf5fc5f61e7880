"""PoseBusters-style pose checks (yunyao.pose_checks): validity flags on good and deliberately broken poses.

The good pose is the anilinopyrimidine docked into Aurora A (fixtures/aurka_pose.sdf, aurka_pocket.pdb)."""

import os
import unittest

import numpy as np
from rdkit import Chem
from rdkit.Chem import AllChem
from rdkit.Geometry import Point3D

from yunyao.pose_checks import CHECKS, check_pose, protein_atoms, summarise

FIX = os.path.join(os.path.dirname(__file__), "fixtures")


def good_pose():
    return Chem.MolFromMolFile(os.path.join(FIX, "aurka_pose.sdf"))


def embedded(smiles: str):
    mh = Chem.AddHs(Chem.MolFromSmiles(smiles))
    AllChem.EmbedMolecule(mh, randomSeed=7)
    AllChem.MMFFOptimizeMolecule(mh)
    return Chem.RemoveHs(mh)


class PoseChecks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.protein = protein_atoms(os.path.join(FIX, "aurka_pocket.pdb"))

    def test_protein_atoms_are_heavy_atoms_with_radii(self):
        xyz, radii = self.protein
        self.assertEqual(xyz.shape[1], 3)
        self.assertGreater(len(xyz), 100)
        self.assertEqual(len(xyz), len(radii))
        self.assertTrue(np.all(radii > 1.0))

    def test_docked_pose_passes_every_check(self):
        pose = good_pose()
        res = check_pose(pose, Chem.MolToSmiles(pose), self.protein)
        self.assertTrue(res["pb_valid"], res)
        self.assertEqual(res["pb_failed"], [])
        self.assertTrue(all(res[c] is True for c in CHECKS))

    def test_stretched_bond_fails_bond_lengths(self):
        pose = good_pose()
        conf = pose.GetConformer()
        bond = next(b for b in pose.GetBonds() if 1 in (b.GetBeginAtom().GetDegree(), b.GetEndAtom().GetDegree()))  # the methyl
        a, b = bond.GetBeginAtomIdx(), bond.GetEndAtomIdx()
        tip = b if pose.GetAtomWithIdx(b).GetDegree() == 1 else a
        base = a if tip == b else b
        pa, pt = np.array(conf.GetAtomPosition(base)), np.array(conf.GetAtomPosition(tip))
        new = pa + (pt - pa) * 2.0  # a 1.5 Å bond made 3 Å
        conf.SetAtomPosition(tip, Point3D(*new))
        res = check_pose(pose, None, None)
        self.assertFalse(res["pb_valid"])
        self.assertIn("bond_lengths", res["pb_failed"])
        self.assertIsNone(res["protein_clash"])  # no protein given: not applicable, not failed

    def test_flipped_chiral_centre_fails_stereo_only(self):
        smiles = "C[C@H](N)C(=O)Oc1ccccc1"
        pose = embedded(smiles)
        self.assertTrue(check_pose(pose, smiles)["pb_valid"])
        mirrored = Chem.Mol(pose)
        conf = mirrored.GetConformer()
        for i in range(mirrored.GetNumAtoms()):
            p = conf.GetAtomPosition(i)
            conf.SetAtomPosition(i, Point3D(-p.x, p.y, p.z))  # the mirror image: every bond and angle kept
        res = check_pose(mirrored, smiles)
        self.assertEqual(res["pb_failed"], ["stereo"])
        # no stereo in the input: nothing to preserve
        self.assertTrue(check_pose(mirrored, "CC(N)C(=O)Oc1ccccc1")["stereo"])

    def test_double_bond_stereo_compared(self):
        pose = embedded("C/C=C/CO")
        self.assertTrue(check_pose(pose, "C/C=C/CO")["stereo"])
        self.assertFalse(check_pose(pose, "C/C=C\\CO")["stereo"])

    def test_ligand_in_the_protein_fails_protein_clash(self):
        pose = good_pose()
        xyz, _ = self.protein
        conf = pose.GetConformer()
        centre = np.array(conf.GetPositions()).mean(axis=0)
        # move the ligand so that its centre sits on the protein atom farthest from the pocket centre
        target = xyz[np.argmax(np.linalg.norm(xyz - centre, axis=1))]
        shift = target - centre
        for i in range(pose.GetNumAtoms()):
            p = np.array(conf.GetAtomPosition(i)) + shift
            conf.SetAtomPosition(i, Point3D(*p))
        res = check_pose(pose, Chem.MolToSmiles(pose), self.protein)
        self.assertEqual(res["pb_failed"], ["protein_clash"])

    def test_folded_onto_itself_fails_internal_clash(self):
        pose = good_pose()
        conf = pose.GetConformer()
        # put a terminal atom onto a far atom of the molecule: bonds far off, and an internal clash
        d = Chem.GetDistanceMatrix(pose)
        i, j = np.unravel_index(np.argmax(d), d.shape)
        pj = conf.GetAtomPosition(int(j))
        conf.SetAtomPosition(int(i), Point3D(pj.x + 0.5, pj.y, pj.z))
        res = check_pose(pose, None, None)
        self.assertIn("internal_clash", res["pb_failed"])
        self.assertIn("bond_lengths", res["pb_failed"])

    def test_puckered_ring_fails_flatness(self):
        pose = good_pose()
        conf = pose.GetConformer()
        ring = next(r for r in pose.GetRingInfo().AtomRings() if pose.GetAtomWithIdx(r[0]).GetIsAromatic())
        p = conf.GetAtomPosition(ring[0])
        xyz = np.array([list(conf.GetAtomPosition(k)) for k in ring])
        normal = np.linalg.svd(xyz - xyz.mean(axis=0))[2][-1]
        conf.SetAtomPosition(ring[0], Point3D(*(np.array(p) + 0.6 * normal)))
        res = check_pose(pose, None, None)
        self.assertIn("aromatic_flatness", res["pb_failed"])

    def test_a_crashing_check_is_reported_not_raised(self):
        res = check_pose(Chem.MolFromSmiles("CCO"), None, None)  # no conformer
        self.assertIsNone(res["pb_valid"])
        self.assertTrue(res["pb_error"])
        self.assertEqual(summarise([res, check_pose(good_pose())])["valid"], 1)


class PoseCheckOutputs(unittest.TestCase):
    def test_sd_tags_row_fields_and_csv_columns(self):
        import csv
        import tempfile

        from yunyao.autodock.dock import pose_check_fields, set_pose_checks
        from yunyao.autodock.scores_csv import write_scores_csv

        good, bad = good_pose(), good_pose()
        set_pose_checks(good, {"pb_valid": True, "pb_failed": []})
        set_pose_checks(bad, {"pb_valid": False, "pb_failed": ["bond_lengths", "stereo"]})
        self.assertEqual(bad.GetProp("pb_failed"), "bond_lengths,stereo")
        row = {"ID": "p_x", "ligand": "x", "pocket": "p", "SMILES": "C", "score": [-7.0]}
        row.update(pose_check_fields([bad, good]))
        self.assertEqual(row["pb_valid"], False)
        self.assertEqual(row["pb_failed"], ["bond_lengths", "stereo"])
        self.assertEqual(row["pb_poses"], [False, True])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "scores.csv")
            write_scores_csv([row, {"ID": "e", "ligand": "e", "pocket": "", "SMILES": "C", "score": [], "error": "x"}], path)
            with open(path, encoding="utf-8-sig") as fh:
                lines = list(csv.DictReader(fh))
        self.assertEqual(lines[0]["pb_valid"], "false")
        self.assertEqual(lines[0]["pb_failed"], "bond_lengths stereo")
        self.assertEqual(lines[1]["pb_valid"], "")


if __name__ == "__main__":
    unittest.main()
