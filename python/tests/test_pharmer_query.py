"""Pharmacophore query (yunyao.pharmer.query) on a real complex, 5DT0 (Aurora A + SKE), with the
real engines (RDKit, PLIP, Open Babel).  Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_pharmer_query
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pharmer_support import FIXTURES, ComplexCase, query_args, run  # noqa: E402


class PharmerQuery(ComplexCase):
    query: dict

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        res = run(cls.dir, "query", *query_args(), "--out=-")
        assert res.returncode == 0, res.stderr
        cls.query = json.loads(res.stdout)

    def test_features_of_the_bound_ligand_with_the_hinge_hydrogen_bonds_enabled(self) -> None:
        features = self.query["features"]
        self.assertEqual([f["id"] for f in features], [f"F{i}" for i in range(1, len(features) + 1)])
        # The aminotriazole's N–H···O=C and N···H–N hydrogen bonds to the hinge residue Ala213.
        hinge = {(f["family"], f["interaction"]) for f in features if f["partner"] == "ALA213A"}
        self.assertEqual(hinge, {("Donor", "hbond"), ("Acceptor", "hbond")})
        self.assertTrue(all(f["enabled"] == f["interacting"] for f in features))
        self.assertGreater(len(self.query["excluded"]), 100)
        self.assertEqual(self.query["reference"]["files"][0]["method"], "plip")
        self.assertEqual(set(self.query["engines"]), {"rdkit", "plip", "openbabel"})

    def test_same_inputs_give_the_same_ids_and_points(self) -> None:
        res = run(self.dir, "query", *query_args(), "--out=again.json", fresh=True)
        self.assertEqual(res.returncode, 0, res.stderr)
        with open(os.path.join(self.dir, "again.json"), encoding="utf-8") as fh:
            again = json.load(fh)
        self.assertEqual(again["features"], self.query["features"])

    def test_two_references_pool_their_features_and_the_first_is_the_shape(self) -> None:
        shutil.copy(os.path.join(self.dir, "ske.sdf"), os.path.join(self.dir, "copy.sdf"))
        manifest = '[{"path":"ske.sdf","name":"ske.sdf"},{"path":"copy.sdf","name":"copy.sdf"}]'
        res = run(self.dir, "query", "--receptor=protein.pdb", f"--reference-json={manifest}", "--out=-")
        self.assertEqual(res.returncode, 0, res.stderr)
        pooled = json.loads(res.stdout)
        n = len(self.query["features"])
        self.assertEqual(len(pooled["features"]), 2 * n)
        self.assertEqual(pooled["features"][n]["atoms"][0], self.query["features"][0]["atoms"][0] + 27)
        self.assertEqual(pooled["reference"]["name"], "ske.sdf")

    def test_refuses_a_malformed_reference_naming_the_file(self) -> None:
        with open(os.path.join(self.dir, "bad.sdf"), "w", encoding="utf-8") as fh:
            fh.write("not a molecule\n\n\n  3  2  0  0\nM  END\n$$$$\n")
        res = run(self.dir, "query", *query_args("bad.sdf", "bad.sdf"), "--out=-")
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: pharmer.referenceUnreadable#{"file":"bad.sdf"', res.stderr)

    def test_refuses_a_flat_reference_and_one_far_from_the_protein(self) -> None:
        from rdkit import Chem
        from rdkit.Chem import AllChem

        flat = Chem.MolFromSmiles("c1ccccc1O")
        AllChem.Compute2DCoords(flat)
        Chem.MolToMolFile(flat, os.path.join(self.dir, "flat.sdf"))
        res = run(self.dir, "query", *query_args("flat.sdf", "flat.sdf"), "--out=-")
        self.assertIn('pharmer.referenceNot3d#{"file":"flat.sdf"}', res.stderr)
        far = Chem.MolFromMolFile(os.path.join(self.dir, "ske.sdf"))
        conf = far.GetConformer()
        for i in range(far.GetNumAtoms()):
            p = conf.GetAtomPosition(i)
            conf.SetAtomPosition(i, (p.x + 60.0, p.y, p.z))
        Chem.MolToMolFile(far, os.path.join(self.dir, "far.sdf"))
        res = run(self.dir, "query", *query_args("far.sdf", "far.sdf"), "--out=-")
        self.assertIn("YUNYAO_INPUT_ERROR: pharmer.ligandFarFromProtein#", res.stderr)

    def test_refuses_a_protein_without_atoms(self) -> None:
        with open(os.path.join(self.dir, "empty.pdb"), "w", encoding="utf-8") as fh:
            fh.write("HEADER    NOTHING\nEND\n")
        res = run(self.dir, "query", "--receptor=empty.pdb", '--reference-json=[{"path":"ske.sdf","name":"ske.sdf"}]', "--out=-")
        self.assertIn("YUNYAO_INPUT_ERROR: pharmer.proteinNoAtoms#", res.stderr)

    def test_a_protonated_receptor_still_gives_the_interacting_features(self) -> None:
        # rdkit-data's prepared Aurora A (2C6E, 2,173 hydrogens) with the docking tests' pose.
        receptor = "/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb"
        shutil.copy(os.path.join(FIXTURES, "aurka_pose.sdf"), os.path.join(self.dir, "pose.sdf"))
        res = run(self.dir, "query", f"--receptor={receptor}", '--reference-json=[{"path":"pose.sdf","name":"pose.sdf"}]', "--out=-")
        self.assertEqual(res.returncode, 0, res.stderr)
        found = {(f["family"], f["partner"], f["interaction"]) for f in json.loads(res.stdout)["features"] if f["interacting"]}
        self.assertTrue({("Donor", "LYS37A", "hbond"), ("Acceptor", "ASP149A", "hbond")} <= found, found)

    def test_a_pdb_reference_has_its_bond_orders_perceived(self) -> None:
        from rdkit import Chem

        ske = Chem.MolFromMolFile(os.path.join(self.dir, "ske.sdf"))
        Chem.MolToPDBFile(ske, os.path.join(self.dir, "ske.pdb"))
        res = run(self.dir, "query", *query_args("ske.pdb", "ske.pdb"), "--out=-")
        self.assertEqual(res.returncode, 0, res.stderr)
        from_pdb = json.loads(res.stdout)
        self.assertTrue(from_pdb["reference"]["files"][0]["bondOrdersPerceived"])
        self.assertEqual(Chem.CanonSmiles(from_pdb["reference"]["smiles"]), Chem.CanonSmiles(self.query["reference"]["smiles"]))


if __name__ == "__main__":
    unittest.main()
