"""3D affinity step (yunyao.sign) on a real receptor (PDB entry 5DPV, test-fixtures/pdb) with the
real engines: a crystal pose inside the site is scored as it is, a pose elsewhere (the same crystal ligand
moved off the site) and a SMILES are docked first, and unreadable rows (an SDF record, a SMILES) are
reported per row while the batch goes on.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_sign   (about 20 s on 2 busy cores)
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, PYTHON_DIR)

from receptor_support import prepare_receptor  # noqa: E402
from yunyao.params import write_params  # noqa: E402
from yunyao.messages import render  # noqa: E402

ENTRY = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv.pdb")
MMGBSA_FIXTURES = os.path.join(HERE, "..", "..", "test-fixtures", "mmgbsa")
# 5DN (AA35) binds Aurora A's allosteric site, the site here. The pose elsewhere is 5DN's crystal pose moved
# 25 Å off the site ("moved"): docking its one rotatable bond costs Vina a third of the CPU that SKE, the
# entry's other ligand (JNJ-7706621, ATP site ~20 Å away, eight rotatable bonds), cost as that pose.
CRYSTAL_SMILES = {"5DN": "OC(=O)c1cc(-c2cccc(Br)c2)nc2c(F)cccc12"}
MOVED_BY = (25.0, 0.0, 0.0)
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

        from yunyao.autodock.dock import box_around

        cls.tmp = tempfile.TemporaryDirectory(prefix="test_affinity_sign_")
        d = cls.tmp.name
        prepare_receptor(d, ENTRY)  # the run's receptor cache may hold it (test_dock prepares 5DPV too)
        allosteric = crystal_pose("5DN")
        with open(os.path.join(d, "sites.json"), "w", encoding="utf-8") as fh:
            json.dump([{"id": "allosteric", **box_around(allosteric.GetConformer().GetPositions().tolist())}], fh)
        with open(os.path.join(d, "poses.sdf"), "w", encoding="utf-8") as fh:
            moved = crystal_pose("5DN")
            moved.SetProp("_Name", "moved")
            conf = moved.GetConformer()
            for i in range(moved.GetNumAtoms()):
                p = conf.GetAtomPosition(i)
                conf.SetAtomPosition(i, (p.x + MOVED_BY[0], p.y + MOVED_BY[1], p.z + MOVED_BY[2]))
            for mol in (allosteric, moved):
                fh.write(Chem.MolToMolBlock(mol) + "$$$$\n")
            fh.write(BROKEN_RECORD + "$$$$\n")
        with open(os.path.join(d, "mols.csv"), "w", encoding="utf-8") as fh:
            fh.write("name,smiles\nphenol,Oc1ccccc1\nbroken_smiles,C1CC(\n")
        write_params(d, "sign", {"accuracy": 1, "seed": 7})
        cls.step = subprocess.run(
            [sys.executable, "-m", "yunyao.sign", "--receptor-pdb=protein_prepared.pdb", "--receptor-pdbqt=protein.pdbqt",
             '--ligands-json=[{"path": "poses.sdf", "name": "poses.sdf"}, {"path": "mols.csv", "name": "mols.csv"}]',
             "--site-json=sites.json", "--params=params.json", "--cpu=2"],
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
        return {r["ID"]: r for r in self.load("result.json")}

    def test_no_readable_ligand_is_refused_as_input_before_any_work(self) -> None:
        d = self.tmp.name
        with open(os.path.join(d, "broken.sdf"), "w", encoding="utf-8") as fh:
            fh.write(BROKEN_RECORD + "$$$$\n")
        res = subprocess.run(
            [sys.executable, "-m", "yunyao.sign", "--receptor-pdb=protein_prepared.pdb", "--receptor-pdbqt=protein.pdbqt",
             '--ligands-json=[{"path": "broken.sdf", "name": "broken.sdf"}]', "--site-json=sites.json", "--params=params.json", "--cpu=1"],
            cwd=d, env=ENV, capture_output=True, text=True, timeout=120,
        )
        self.assertEqual(res.returncode, 2, res.stderr)
        self.assertIn('YUNYAO_INPUT_ERROR: sign.noReadableLigands#{"source":"broken.sdf 第 1 行","reason":', res.stderr)

    def test_posed_inside_the_site_is_scored_as_input(self) -> None:
        row = self.rows()["5DN"]
        self.assertEqual(row["posed"], "input")
        self.assertIsNone(row["error"])
        self.assertLess(row["score"], -5)  # a crystal pose in its own pocket binds
        self.assertAlmostEqual(row["Kd"], 10 ** (9 - row["affinity"]), delta=row["Kd"] * 0.01)
        self.assertIsInstance(row["in_domain"], bool)

    def test_rows_carry_the_interval_and_the_domain(self) -> None:
        rows = self.rows()
        for row in rows.values():
            if row["affinity"] is None:
                self.assertIsNone(row["pk_low"])
                continue
            self.assertLess(row["pk_low"], row["affinity"])
            self.assertGreater(row["pk_high"], row["affinity"])
            # A note, in Chinese, exactly when the row is out of domain.
            self.assertEqual(row["domain_note"] is None, row["in_domain"], row)
            self.assertRegex(row["domain_note"] or "中", CHINESE)
        with open(os.path.join(self.tmp.name, "result.csv"), encoding="utf-8") as fh:
            header = next(csv.reader(fh))
        for column in ("affinity", "pk_low", "pk_high", "in_domain", "domain_note"):
            self.assertIn(column, header)
        interval = self.load("summary.json")["model"]["interval"]
        self.assertAlmostEqual(rows["5DN"]["pk_high"] - rows["5DN"]["pk_low"], 2 * interval["half_width"], delta=0.011)

    def test_smiles_and_a_pose_outside_the_site_are_docked(self) -> None:
        rows = self.rows()
        for name in ("phenol", "moved"):
            self.assertEqual(rows[name]["posed"], "docked", name)
            self.assertIsNotNone(rows[name]["affinity"], name)
        from rdkit import Chem

        # The moved pose was docked back into the site: its scored pose lies inside the box.
        site = self.load("sites.json")[0]
        pose = next(m for m in Chem.SDMolSupplier(os.path.join(self.tmp.name, "poses.sdf")) if m.GetProp("ID") == "moved")
        for c, mid, size in zip(pose.GetConformer().GetPositions().mean(axis=0), site["center"], site["size"]):
            self.assertLessEqual(abs(c - mid), size / 2)
        # One pose per ligand, so the docking engine does not re-rank (no Vinardo scoring, a Vina process per ligand).
        docking = self.load(os.path.join("docking", "summary.json"))
        self.assertEqual((docking["poses"], docking["docked"], docking["rerankSeconds"], docking["ranking"]), (1, 2, 0, None))
        for key in docking["seeds"]:
            self.assertNotIn("vinardo", self.load(os.path.join("checkpoint", "docking", key + ".json")))

    def test_malformed_rows_are_errors_and_the_batch_goes_on(self) -> None:
        rows = self.rows()
        failed = [r for r in rows.values() if r["error"]]
        self.assertEqual(len(failed), 2)
        self.assertIn("broken_smiles", rows)
        for row in failed:
            # The stored row keeps a message id; a reader (and result.csv) gets it in Chinese.
            self.assertRegex(render(row["error"]), CHINESE)
            self.assertIsNone(row["affinity"])
        self.assertEqual(self.load("summary.json")["counts"]["scored"], 3)

    def test_outputs_agree(self) -> None:
        from rdkit import Chem

        rows = self.rows()
        poses = [m for m in Chem.SDMolSupplier(os.path.join(self.tmp.name, "poses.sdf"))]
        self.assertEqual(sorted(m.GetProp("ID") for m in poses), sorted(k for k, r in rows.items() if r["affinity"] is not None))
        for mol in poses:
            self.assertAlmostEqual(float(mol.GetProp("pk")), rows[mol.GetProp("ID")]["affinity"], places=2)
        with open(os.path.join(self.tmp.name, "result.csv"), encoding="utf-8") as fh:
            table = list(csv.DictReader(fh))
            self.assertEqual(list(table[0]), ["index", "ID", "SMILES", "Kd", "affinity", "score", "posed", "in_domain", "error", "pk_low", "pk_high", "domain_note"])
            self.assertEqual([r["ID"] for r in table], [r["ID"] for r in self.load("result.json")])
        # The CSV is for people: its message fields in Chinese (result.json keeps the ids the server renders).
        for line, row in zip(table, self.load("result.json")):
            for field in ("error", "domain_note"):
                self.assertEqual(line[field], render(row[field]) if row[field] else "", (field, row))
                if row[field]:
                    self.assertRegex(line[field], CHINESE)
                    self.assertNotRegex(line[field], r"^[a-z]+\.[A-Za-z]+(#|$)")
        summary = self.load("summary.json")
        self.assertRegex(summary["model"]["data_sha256"], "^[0-9a-f]{64}$")
        self.assertTrue(summary["engines"]["vina"])
        self.assertEqual(summary["site"]["id"], "allosteric")
        progress = self.load("progress.json")
        self.assertEqual(progress["done"], progress["total"])


class P38Poses(unittest.TestCase):
    """The benchmark's p38 poses (Open Babel MOL2), both posed in their own site, so nothing is docked: lig_p38a_2v was
    scored, then broke the pose writer and with it the whole result (issue 29). The step runs whole, then split in two
    chunks (``--chunk=I/N``, as the platform's StepChunks run it) and merged; in this process, to load the model once."""

    OUTPUTS = ("result.json", "result.csv", "poses.sdf", "complex.pdb", "summary.json")

    @classmethod
    def setUpClass(cls) -> None:
        from unittest import mock

        cls.tmp = tempfile.TemporaryDirectory(prefix="test_affinity_sign_p38_")
        d = cls.tmp.name
        prepare_receptor(d, os.path.join(MMGBSA_FIXTURES, "p38_pocket.pdb"))
        shutil.copy(os.path.join(MMGBSA_FIXTURES, "p38_poses.zip"), d)
        with zipfile.ZipFile(os.path.join(d, "p38_poses.zip")) as archive:
            archive.extract("lig_p38a_2v.mol2", d)
        write_params(d, "sign", {"accuracy": 1, "seed": 42})
        cls.run_sign()
        cls.whole = {name: cls.read(name) for name in cls.OUTPUTS}
        for name in cls.OUTPUTS:
            os.remove(os.path.join(d, name))
        split = ["--checkpoint-dir=split"]
        for i in range(2):
            cls.run_sign(*split, f"--chunk={i}/2", f"--progress=.progress-{i}.json")
        cls.after_chunks = sorted(name for name in cls.OUTPUTS if os.path.exists(os.path.join(d, name)))
        # A chunk run again (a retry) and the merge find every ligand in the checkpoint: scoring again would fail them.
        with mock.patch("yunyao.sign.scoring.vina_score", side_effect=AssertionError("scored again")):
            cls.run_sign(*split, "--chunk=0/2", "--progress=.progress-0.json")
            cls.run_sign(*split)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    @classmethod
    def run_sign(cls, *extra: str) -> None:
        from yunyao.sign.sign import main

        cwd = os.getcwd()
        os.chdir(cls.tmp.name)
        try:
            main(["--receptor-pdb=protein_prepared.pdb", "--receptor-pdbqt=protein.pdbqt",
                  '--ligands-json=[{"path": "p38_poses.zip", "name": "p38_poses.zip"}]',
                  '--site-file-json=[{"path": "lig_p38a_2v.mol2", "name": "lig_p38a_2v.mol2"}]', "--params=params.json", "--cpu=1", *extra])
        finally:
            os.chdir(cwd)

    @classmethod
    def read(cls, name: str) -> str:
        with open(os.path.join(cls.tmp.name, name), encoding="utf-8") as fh:
            return fh.read()

    def test_every_scored_pose_is_written(self) -> None:
        from rdkit import Chem

        rows = json.loads(self.whole["result.json"])
        self.assertEqual({r["ID"]: r["error"] for r in rows}, {"lig_p38a_3fly": None, "lig_p38a_2v": None})
        poses = list(Chem.SDMolSupplier(os.path.join(self.tmp.name, "poses.sdf")))
        self.assertEqual(sorted(m.GetProp("ID") for m in poses), ["lig_p38a_2v", "lig_p38a_3fly"])

    def test_split_in_chunks_gives_the_same_outputs(self) -> None:
        self.assertEqual(self.after_chunks, [])  # a chunk writes only into the checkpoint
        for i in range(2):
            self.assertEqual(json.loads(self.read(f".progress-{i}.json")), {"done": 1, "total": 1, "unit": "ligands"})
        for name in self.OUTPUTS:
            self.assertEqual(self.read(name), self.whole[name], name)


class PoseWriting(unittest.TestCase):
    """A pose RDKit cannot write is its own row's error; the other rows and poses are kept."""

    def test_an_unwritable_pose_fails_its_row_only(self) -> None:
        from rdkit import Chem
        from rdkit.Chem import AllChem

        from yunyao.sign.ligands import Ligand
        from yunyao.sign.sign import write_poses
        from yunyao.sign.site import Box

        good = Chem.AddHs(Chem.MolFromSmiles("c1ccccc1O"))
        AllChem.EmbedMolecule(good, randomSeed=1)
        # A five-membered all-aromatic carbon ring: read unsanitised, it has no Kekulé form to write.
        bad = Chem.MolFromSmiles("c1cccc1", sanitize=False)
        bad.UpdatePropertyCache(strict=False)
        AllChem.Compute2DCoords(bad)
        ligands = [Ligand("bad", "c1cccc1", "t", pose=bad, posed="input"), Ligand("phenol", "Oc1ccccc1", "t", pose=Chem.RemoveHs(good), posed="input")]
        rows = [{"index": i + 1, "ID": l.id, "Kd": 1000.0, "affinity": 6.0, "score": -6.0, "posed": "input", "in_domain": True, "error": None} for i, l in enumerate(ligands)]
        with tempfile.TemporaryDirectory(prefix="test_affinity_sign_write_") as d:
            path = os.path.join(d, "poses.sdf")
            write_poses(ligands, rows, Box("site", [0.0, 0.0, 0.0], [20.0, 20.0, 20.0]), path)
            self.assertEqual([m.GetProp("ID") for m in Chem.SDMolSupplier(path)], ["phenol"])
        self.assertRegex(rows[0]["error"], CHINESE)
        self.assertNotIn("Kekulize", rows[0]["error"])
        self.assertEqual([rows[0][k] for k in ("Kd", "affinity", "score", "in_domain")], [None] * 4)
        self.assertEqual((rows[1]["affinity"], rows[1]["error"]), (6.0, None))


if __name__ == "__main__":
    unittest.main()
