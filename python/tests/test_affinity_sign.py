"""3D affinity step (yunyao.affinity.sign) on a real receptor (PDB entry 5DPV, test-fixtures/pdb) with the
real engines: a crystal pose inside the site is scored as it is, a pose elsewhere and a SMILES are docked
first, and unreadable rows (an SDF record, a SMILES) are reported per row while the batch goes on.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_sign   (about 40 s on 2 busy cores)
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, PYTHON_DIR)

ENTRY = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv.pdb")
# 5DN (AA35) binds Aurora A's allosteric site, SKE (JNJ-7706621) its ATP site ~20 Å away; the site is 5DN's.
CRYSTAL_SMILES = {"5DN": "OC(=O)c1cc(-c2cccc(Br)c2)nc2c(F)cccc12", "SKE": "Nc1nc(Nc2ccc(cc2)S(N)(=O)=O)nn1C(=O)c1c(F)cccc1F"}
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}
CHINESE = "[\u4e00-\u9fff]"
BROKEN_RECORD = "broken\n  junk\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0 0.0 Q 0\nM  END\n"


def crystal_pose(code: str):
    """A crystal ligand from the entry's HETATM records, bond orders from its SMILES."""
    from rdkit import Chem
    from rdkit.Chem import AllChem

    with open(ENTRY, encoding="utf-8") as fh:
        records = "".join(l for l in fh if l.startswith("HETATM") and l[17:20] == code)
    mol = AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(CRYSTAL_SMILES[code]), Chem.MolFromPDBBlock(records))
    mol.SetProp("_Name", code)
    return mol


class Sign(unittest.TestCase):
    tmp: tempfile.TemporaryDirectory
    step: subprocess.CompletedProcess

    @classmethod
    def setUpClass(cls) -> None:
        from rdkit import Chem

        from yunyao.dock import box_around

        cls.tmp = tempfile.TemporaryDirectory(prefix="test_affinity_sign_")
        d = cls.tmp.name
        with open(ENTRY, encoding="utf-8") as src, open(os.path.join(d, "in.pdb"), "w", encoding="utf-8") as dst:
            dst.write(src.read())
        prep = subprocess.run(
            [sys.executable, "-m", "yunyao.protein_prep", "--input=in.pdb", "--log=prep.log", "--summary=prep.json", "--rows=prep_rows.json"],
            cwd=d, env=ENV, capture_output=True, text=True, timeout=300,
        )
        assert prep.returncode == 0, prep.stderr
        allosteric = crystal_pose("5DN")
        with open(os.path.join(d, "sites.json"), "w", encoding="utf-8") as fh:
            json.dump([{"id": "allosteric", **box_around(allosteric.GetConformer().GetPositions().tolist())}], fh)
        with open(os.path.join(d, "poses.sdf"), "w", encoding="utf-8") as fh:
            for mol in (allosteric, crystal_pose("SKE")):
                fh.write(Chem.MolToMolBlock(mol) + "$$$$\n")
            fh.write(BROKEN_RECORD + "$$$$\n")
        with open(os.path.join(d, "mols.csv"), "w", encoding="utf-8") as fh:
            fh.write("name,smiles\nphenol,Oc1ccccc1\nbroken_smiles,C1CC(\n")
        cls.step = subprocess.run(
            [sys.executable, "-m", "yunyao.affinity.sign", "--receptor-pdb=protein_prepared.pdb", "--receptor-pdbqt=protein.pdbqt",
             '--ligands-json=[{"path": "poses.sdf", "name": "poses.sdf"}, {"path": "mols.csv", "name": "mols.csv"}]',
             "--site-json=sites.json", "--exhaustiveness=1", "--seed=7", "--cpu=2"],
            cwd=d, env=ENV, capture_output=True, text=True, timeout=600,
        )

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    def load(self, name: str):
        with open(os.path.join(self.tmp.name, name), encoding="utf-8") as fh:
            return json.load(fh)

    def rows(self) -> dict[str, dict]:
        self.assertEqual(self.step.returncode, 0, self.step.stdout + self.step.stderr)
        return {r["id"]: r for r in self.load("result.json")}

    def test_posed_inside_the_site_is_scored_as_input(self) -> None:
        row = self.rows()["5DN"]
        self.assertEqual(row["posed"], "input")
        self.assertIsNone(row["error"])
        self.assertLess(row["vina_score"], -5)  # a crystal pose in its own pocket binds
        self.assertAlmostEqual(row["kd_m"], 10 ** -row["pk"], delta=row["kd_m"] * 0.01)
        self.assertIsInstance(row["in_domain"], bool)

    def test_rows_carry_the_interval_and_the_domain(self) -> None:
        rows = self.rows()
        for row in rows.values():
            if row["pk"] is None:
                self.assertIsNone(row["pk_low"])
                continue
            self.assertLess(row["pk_low"], row["pk"])
            self.assertGreater(row["pk_high"], row["pk"])
            # A note, in Chinese, exactly when the row is out of domain.
            self.assertEqual(row["domain_note"] is None, row["in_domain"], row)
            self.assertRegex(row["domain_note"] or "中", CHINESE)
        with open(os.path.join(self.tmp.name, "result.csv"), encoding="utf-8") as fh:
            header = next(csv.reader(fh))
        for column in ("pk", "pk_low", "pk_high", "in_domain", "domain_note"):
            self.assertIn(column, header)
        interval = self.load("summary.json")["model"]["interval"]
        self.assertAlmostEqual(rows["5DN"]["pk_high"] - rows["5DN"]["pk_low"], 2 * interval["half_width"], delta=0.011)

    def test_smiles_and_a_pose_outside_the_site_are_docked(self) -> None:
        rows = self.rows()
        for name in ("phenol", "SKE"):
            self.assertEqual(rows[name]["posed"], "docked", name)
            self.assertIsNotNone(rows[name]["pk"], name)

    def test_malformed_rows_are_errors_and_the_batch_goes_on(self) -> None:
        rows = self.rows()
        failed = [r for r in rows.values() if r["error"]]
        self.assertEqual(len(failed), 2)
        self.assertIn("broken_smiles", rows)
        for row in failed:
            self.assertRegex(row["error"], CHINESE)
            self.assertIsNone(row["pk"])
        self.assertEqual(self.load("summary.json")["counts"]["scored"], 3)

    def test_outputs_agree(self) -> None:
        from rdkit import Chem

        rows = self.rows()
        poses = [m for m in Chem.SDMolSupplier(os.path.join(self.tmp.name, "poses.sdf"))]
        self.assertEqual(sorted(m.GetProp("ID") for m in poses), sorted(k for k, r in rows.items() if r["pk"] is not None))
        for mol in poses:
            self.assertAlmostEqual(float(mol.GetProp("pk")), rows[mol.GetProp("ID")]["pk"], places=2)
        with open(os.path.join(self.tmp.name, "result.csv"), encoding="utf-8") as fh:
            self.assertEqual([r["id"] for r in csv.DictReader(fh)], [r["id"] for r in self.load("result.json")])
        summary = self.load("summary.json")
        self.assertRegex(summary["model"]["data_sha256"], "^[0-9a-f]{64}$")
        self.assertTrue(summary["engines"]["vina"])
        self.assertEqual(summary["site"]["id"], "allosteric")
        progress = self.load("progress.json")
        self.assertEqual(progress["done"], progress["total"])


if __name__ == "__main__":
    unittest.main()
