"""Tests for yunyao.admet (uses the shipped models in python/yunyao/admet/models)."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.join(HERE, "..")
sys.path.insert(0, PYDIR)
# One OpenMP thread for the step's runs, which are forked from this process with xgboost loaded (step_process),
# so set before xgboost loads here.
os.environ["OMP_NUM_THREADS"] = "1"

from rdkit import Chem  # noqa: E402
from rdkit.Chem import Crippen, Descriptors  # noqa: E402

from yunyao.admet import endpoints as E  # noqa: E402
from yunyao.admet import features as F  # noqa: E402
from yunyao.admet.predictor import MODEL_DIR, Predictor  # noqa: E402
from yunyao.messages import render  # noqa: E402
from tests.step_process import run_module  # noqa: E402

CAFFEINE = "Cn1cnc2c1c(=O)n(C)c(=O)n2C"
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"
# Acetanilide, the first row of TDC's hia_hou/train_val.csv: a molecule the HIA_Hou model was trained on.
HIA_TRAINING_SMILES = "CC(=O)Nc1ccccc1"
ROW_HEAD = ["index", "ID", "SMILES", "name", "Smiles", *F.PHYSCHEM_KEYS]
ROW_TAIL = ["ad_similarity", "out_of_domain", "error"]


def run_cli(args: list[str], cwd: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(PYDIR))
    return run_module("yunyao.admet", args, cwd, env=env, timeout=120, preload=("yunyao.admet.predictor", "xgboost", "sklearn"))


class AdmetPredictor(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.pred = Predictor()
        with open(os.path.join(MODEL_DIR, "manifest.json"), encoding="utf-8") as fh:
            cls.manifest = json.load(fh)
        cls.rows = cls.pred.rows_for(
            [("caffeine", CAFFEINE), ("aspirin", ASPIRIN), ("bad", "C1CC(N"), ("benzene", "c1ccccc1"), ("empty", "")]
        )

    def row(self, name: str) -> dict:
        return next(r for r in self.rows if r["name"] == name)

    def test_manifest_covers_catalogue(self) -> None:
        names = [e["name"] for e in self.manifest["endpoints"]]
        self.assertEqual(names, [e.name for e in E.ENDPOINTS])
        for e in self.manifest["endpoints"]:
            self.assertTrue(os.path.isfile(os.path.join(MODEL_DIR, e["file"])), e["file"])
            for key in ("group", "task", "metric", "unit", "training_size", "heldout_metric", "cv_mean", "cv_std",
                        "params", "ad_threshold", "data_sha256", "validation"):
                self.assertIn(key, e)
            v = e["validation"]
            self.assertEqual(len(v["scores"]), 5, e["name"])
            self.assertGreater(v["sd"], 0, e["name"])
        for key in ("rdkit", "xgboost", "scikit-learn", "numpy"):
            self.assertIn(key, self.manifest["versions"])

    def test_caffeine_crosses_bbb(self) -> None:
        self.assertGreater(self.row("caffeine")["BBB_Martins"], 0.5)

    def test_aspirin_physchem(self) -> None:
        r = self.row("aspirin")
        mol = Chem.MolFromSmiles(ASPIRIN)
        self.assertAlmostEqual(r["logP"], Crippen.MolLogP(mol), delta=0.1)
        self.assertAlmostEqual(r["molecular_weight"], 180.16, delta=0.01)
        self.assertAlmostEqual(r["molecular_weight"], Descriptors.MolWt(mol), delta=0.01)
        self.assertEqual(r["hydrogen_bond_donors"], 1)
        self.assertEqual(r["Lipinski"], 4)
        self.assertEqual(r["stereo_centers"], 0)
        self.assertAlmostEqual(r["tpsa"], 63.6, delta=0.1)
        self.assertTrue(0 < r["QED"] < 1)

    def test_every_endpoint_in_row_and_ranges(self) -> None:
        for name in ("caffeine", "aspirin", "benzene"):
            r = self.row(name)
            self.assertIsNone(r["error"])
            self.assertEqual(list(r)[: len(ROW_HEAD)], ROW_HEAD)
            self.assertEqual(list(r)[-3:], ROW_TAIL)
            for e in self.manifest["endpoints"]:
                v = r[e["name"]]
                self.assertIsInstance(v, float, e["name"])
                if e["task"] == "binary":
                    self.assertTrue(0.0 <= v <= 1.0, (e["name"], v))
                self.assertIn(e["name"], r["ad_similarity"])
                self.assertTrue(0.0 <= r["ad_similarity"][e["name"]] <= 1.0)
            self.assertTrue(set(r["out_of_domain"]) <= set(r["ad_similarity"]))

    def test_regression_units(self) -> None:
        b = self.row("benzene")
        self.assertTrue(-3.0 < b["Solubility_AqSolDB"] < 0.5, b["Solubility_AqSolDB"])  # measured logS -1.64
        a = self.row("aspirin")
        self.assertGreater(a["Half_Life_Obach"], 0)  # hours, back-transformed from log10
        self.assertTrue(0 <= a["PPBR_AZ"] <= 110)

    def test_bad_smiles_is_an_error_row(self) -> None:
        self.assertEqual([r["index"] for r in self.rows], [1, 2, 3, 4, 5])
        bad = self.row("bad")
        self.assertIn("无法解析 SMILES", bad["error"])
        self.assertEqual(bad["Smiles"], "C1CC(N")
        self.assertIsNone(bad["BBB_Martins"])
        self.assertIsNone(bad["molecular_weight"])
        self.assertIsNotNone(self.row("empty")["error"])
        self.assertIsNone(self.row("aspirin")["error"])

    def test_training_molecule_is_in_domain(self) -> None:
        r = self.pred.rows_for([("t", HIA_TRAINING_SMILES)])[0]
        self.assertEqual(r["ad_similarity"]["HIA_Hou"], 1.0)
        self.assertNotIn("HIA_Hou", r["out_of_domain"])


class AdmetStepProgram(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        os.makedirs(os.path.join(self.dir.name, "inputs"))

    def write(self, name: str, text: str) -> str:
        path = os.path.join("inputs", name)
        with open(os.path.join(self.dir.name, path), "w", encoding="utf-8") as fh:
            fh.write(text)
        return path

    def test_batch_writes_three_files(self) -> None:
        path = self.write("0_mols.csv", f"ID,SMILES\ncaf,{CAFFEINE}\nasp,{ASPIRIN}\nbroken,C1CC(N\n")
        res = run_cli([f"--inputs-json={json.dumps([{'path': path, 'name': 'mols.csv'}])}", "--output=admet.csv"], self.dir.name)
        self.assertEqual(res.returncode, 0, res.stderr)
        for f in ("admet.csv", "rows.json", "summary.json"):
            self.assertTrue(os.path.isfile(os.path.join(self.dir.name, f)), f)
        with open(os.path.join(self.dir.name, "summary.json"), encoding="utf-8") as fh:
            summary = json.load(fh)
        self.assertEqual((summary["molecules"], summary["predicted"], summary["failed"]), (3, 2, 1))
        self.assertEqual(len(summary["endpoints"]), len(E.ENDPOINTS))
        for k in ("rdkit", "xgboost", "scikit-learn", "numpy", "admet-models"):
            self.assertTrue(summary["engines"][k], k)
        with open(os.path.join(self.dir.name, "rows.json"), encoding="utf-8") as fh:
            rows = json.load(fh)
        self.assertEqual([r["name"] for r in rows], ["caf", "asp", "broken"])
        self.assertEqual(rows[0]["Smiles"], CAFFEINE)
        self.assertIn("无法解析", rows[2]["error"])
        with open(os.path.join(self.dir.name, "admet.csv"), encoding="utf-8", newline="") as fh:
            table = list(csv.reader(fh))
        self.assertEqual(table[0][:3], ["index", "name", "Smiles"])
        self.assertEqual(table[0][-2:], ["out_of_domain", "error"])
        self.assertIn("BBB_Martins", table[0])
        self.assertEqual(len(table), 4)
        self.assertEqual(table[3][-1], render(rows[2]["error"]))  # the CSV is for people: the reason in Chinese
        self.assertIn("无法解析", table[3][-1])

    def test_no_parsable_molecule_fails(self) -> None:
        path = self.write("0_bad.smi", "C1CC(N x\nnot_a_smiles y\n")
        res = run_cli([f"--inputs-json={json.dumps([{'path': path, 'name': 'bad.smi'}])}", "--output=admet.csv"], self.dir.name)
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: admet.noParsableMolecules#{"records":2,', res.stderr)

    def test_no_parsable_molecule_is_refused_before_the_models_load(self) -> None:
        from unittest import mock

        from yunyao.admet import __main__ as step
        from yunyao.common import InputError

        path = self.write("0_bad.smi", "C1CC(N x\n\n")
        cwd = os.getcwd()
        os.chdir(self.dir.name)
        self.addCleanup(os.chdir, cwd)
        args = step.parse_args([f"--inputs-json={json.dumps([{'path': path, 'name': 'bad.smi'}])}"])
        one = self.write("1_one.smi", "C1CC(N x\nCCO y\n")
        with mock.patch("yunyao.admet.predictor.Predictor", side_effect=AssertionError("the models were loaded")):
            with self.assertRaises(InputError) as refused:
                step.batch(args)
            # One molecule that parses is enough to go on to the models.
            with self.assertRaisesRegex(AssertionError, "the models were loaded"):
                step.batch(step.parse_args([f"--inputs-json={json.dumps([{'path': one, 'name': 'one.smi'}])}"]))
        self.assertEqual(refused.exception.code, "admet.noParsableMolecules")
        self.assertEqual(refused.exception.params, {"records": 1, "example": "无法解析 SMILES：C1CC(N"})

    def test_too_many_molecules_fails(self) -> None:
        path = self.write("0_many.smi", "CCO\n" * 6)
        res = run_cli([f"--inputs-json={json.dumps([{'path': path, 'name': 'many.smi'}])}", "--max-molecules=5"], self.dir.name)
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: admet.tooManyMolecules#{"max":"5"}', res.stderr)

    def test_single_molecule_mode(self) -> None:
        res = run_cli(["--smiles", CAFFEINE], self.dir.name)
        self.assertEqual(res.returncode, 0, res.stderr)
        row = json.loads(res.stdout)
        self.assertEqual(row["Smiles"], CAFFEINE)
        self.assertGreater(row["BBB_Martins"], 0.5)
        self.assertEqual(os.listdir(self.dir.name), ["inputs"])  # writes nothing


if __name__ == "__main__":
    unittest.main()
