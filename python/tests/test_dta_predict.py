"""graph_dta step (python -m yunyao.graph_dta.predict) with the committed Davis and KIBA models.

A known Davis ordering (PIM2: staurosporine pKd 8.72 above AT-7519, no binding at 5.0), malformed
rows reported while the batch goes on, the output files and provenance, and the applicability domain.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_dta_predict   (a few seconds)
"""

from __future__ import annotations

import csv
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from tests.dta_support import AT7519, LYSOZYME, PIM2, PYTHON_DIR, STAUROSPORINE, load_json, run_step, write_inputs  # noqa: E402
from yunyao.messages import render  # noqa: E402

MOLECULES = (
    "id,smiles\n"
    f"staurosporine,{STAUROSPORINE}\n"
    "unbalanced,C1CC(\n"
    f"AT-7519,{AT7519}\n"
    "pentavalent,CC(C)(C)(C)(C)C\n"
)
# The Davis run on PIM2 also carries two small non-drugs, for the ligand domain: one step run serves
# both PIM2 test classes.
PIM2_MOLECULES = MOLECULES + "aspirin,CC(=O)Oc1ccccc1C(=O)O\nethanol,CCO\n"
_pim2_run: tuple = ()


def pim2_davis() -> tuple:
    """(folder, completed process) of the one Davis run on PIM2 with PIM2_MOLECULES."""
    global _pim2_run
    if not _pim2_run:
        _pim2_run = predict("pim2.fasta", f">PIM2\n{PIM2}\n", PIM2_MOLECULES, "davis")
    return _pim2_run


def predict(protein_name: str, protein_text: str, molecules: str, model: str):
    tmp = tempfile.mkdtemp(prefix="dta-test-")
    res = run_step("yunyao.graph_dta.predict", write_inputs(tmp, protein_name, protein_text, molecules, model), tmp)
    return tmp, res


class DavisPredictionTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.dir, cls.res = pim2_davis()

    def test_step_succeeds(self) -> None:
        self.assertEqual(self.res.returncode, 0, self.res.stderr)

    def test_strong_binder_ranks_above_non_binder(self) -> None:
        rows = {r["ID"]: r for r in load_json(self.dir, "result.json")}
        strong, weak = rows["staurosporine"], rows["AT-7519"]
        self.assertGreater(strong["affinity"], weak["affinity"] + 1.0)
        self.assertAlmostEqual(strong["Kd"], 10 ** (9 - strong["affinity"]), delta=strong["Kd"] * 1e-3)

    def test_malformed_rows_are_reported_and_the_batch_continues(self) -> None:
        rows = load_json(self.dir, "result.json")
        self.assertEqual([r["index"] for r in rows], [1, 2, 3, 4, 5, 6])
        self.assertEqual([r["error"] is None for r in rows], [True, False, True, False, True, True])
        # result.json is what the server stores and renders per reader: it keeps the id.
        self.assertIn("common.smilesParenthesesAt", rows[1]["error"])
        self.assertIn("graph_dta.smilesUnparsable#", rows[3]["error"])
        self.assertIsNone(rows[3]["affinity"])
        self.assertIsNone(rows[3]["Kd"])
        # result.csv is for people: the same reason in Chinese, from the catalogue.
        with open(os.path.join(self.dir, "result.csv"), encoding="utf-8") as fh:
            table = list(csv.DictReader(fh))
        self.assertNotIn("common.", table[1]["error"])
        self.assertIn("括号不匹配", table[1]["error"])
        self.assertEqual(table[1]["error"], render(rows[1]["error"]))
        self.assertIn("无法解析", table[3]["error"])

    def test_csv_has_the_same_rows(self) -> None:
        with open(os.path.join(self.dir, "result.csv"), encoding="utf-8") as fh:
            table = list(csv.DictReader(fh))
        self.assertEqual(list(table[0].keys()), ["index", "ID", "SMILES", "Kd", "affinity", "error", "affinity_low", "affinity_high", "distinct_from_typical", "in_domain", "domain_note"])
        self.assertEqual([r["ID"] for r in table], ["staurosporine", "unbalanced", "AT-7519", "pentavalent", "aspirin", "ethanol"])
        self.assertEqual(table[1]["affinity"], "")

    def test_summary_carries_provenance_counts_and_domain(self) -> None:
        summary = load_json(self.dir, "summary.json")
        self.assertEqual(summary["model"]["name"], "davis")
        self.assertRegex(summary["model"]["data_sha256"], r"^[0-9a-f]{64}$")
        self.assertIn("ci", summary["model"]["validation"])
        self.assertIn("torch", summary["engines"])
        self.assertIn("rdkit", summary["engines"])
        self.assertEqual(summary["counts"], {"molecules": 6, "predicted": 4, "failed": 2, "in_domain": 2})
        histogram = summary["histogram"]
        self.assertEqual((sum(histogram["count"]), histogram["valid_count"], histogram["total_count"]), (4, 4, 6))
        self.assertEqual(len(histogram["interval"]), 11)
        protein = summary["protein"]
        self.assertEqual((protein["name"], protein["length"]), ("PIM2", len(PIM2)))
        self.assertTrue(protein["in_domain"])
        self.assertEqual(protein["nearest_training_protein"], "PIM2")
        self.assertGreater(protein["nearest_training_identity"], 0.95)
        self.assertEqual(summary["warnings"], [])

    def test_a_long_sequence_is_read_to_the_model_length_with_a_warning(self) -> None:
        folder, res = predict("long.fasta", ">four copies of PIM2\n" + PIM2 * 4 + "\n", f"smiles\n{AT7519}\n", "davis")
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertIn("只读取前 1200 个", load_json(folder, "summary.json")["warnings"][0])


class LigandDomainAndIntervalTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.dir, cls.res = pim2_davis()
        cls.rows = {r["ID"]: r for r in load_json(cls.dir, "result.json") if r["error"] is None}

    def test_small_non_drugs_against_a_kinase_are_flagged_with_a_reason(self) -> None:
        self.assertEqual(self.res.returncode, 0, self.res.stderr)
        self.assertTrue(self.rows["staurosporine"]["in_domain"])
        self.assertIsNone(self.rows["staurosporine"]["domain_note"])
        for name in ("aspirin", "ethanol"):
            self.assertFalse(self.rows[name]["in_domain"], name)
            self.assertTrue(self.rows[name]["domain_note"].startswith("graph_dta.ligandHeavyAtoms#"), name)
            self.assertIn("重原子", render(self.rows[name]["domain_note"]))
        self.assertTrue(self.rows["AT-7519"]["in_domain"])  # the other kinase inhibitor
        self.assertEqual(load_json(self.dir, "summary.json")["counts"]["in_domain"], 2)

    def test_every_prediction_has_an_ordered_interval(self) -> None:
        for row in self.rows.values():
            self.assertLessEqual(row["affinity_low"], row["affinity"])
            self.assertLessEqual(row["affinity"], row["affinity_high"])
            self.assertIsInstance(row["distinct_from_typical"], bool)
        self.assertTrue(self.rows["staurosporine"]["distinct_from_typical"])  # pKd ~8.7, far above the floor of 5
        interval = load_json(self.dir, "summary.json")["model"]["interval"]
        self.assertEqual(interval["level"], 0.9)
        self.assertGreater(interval["coverage"], 0.85)

    def test_a_point_mutant_is_noted_as_beyond_the_model(self) -> None:
        mutant = PIM2[:100] + ("A" if PIM2[100] != "A" else "G") + PIM2[101:]
        folder, res = predict("pim2_mut.fasta", f">PIM2 mutant\n{mutant}\n", f"smiles\n{STAUROSPORINE}\n", "davis")
        self.assertEqual(res.returncode, 0, res.stderr)
        protein = load_json(folder, "summary.json")["protein"]
        self.assertEqual(protein["point_mutations"], [f"{mutant[100]}101"])
        row = load_json(folder, "result.json")[0]
        self.assertFalse(row["in_domain"])
        self.assertIn("graph_dta.proteinPointMutations#", row["domain_note"])
        self.assertIn("点突变", render(row["domain_note"]))
        self.assertEqual(self.rows["staurosporine"]["in_domain"], True)  # the unmutated sequence is not noted


class KibaAndDomainTest(unittest.TestCase):
    def test_kiba_gives_scores_without_kd_and_flags_a_non_kinase(self) -> None:
        folder, res = predict("lysozyme.txt", LYSOZYME, MOLECULES, "kiba")
        self.assertEqual(res.returncode, 0, res.stderr)
        rows = load_json(folder, "result.json")
        self.assertIsInstance(rows[0]["affinity"], float)
        self.assertIsNone(rows[0]["Kd"])
        summary = load_json(folder, "summary.json")
        self.assertEqual(summary["model"]["name"], "kiba")
        self.assertFalse(summary["protein"]["in_domain"])
        self.assertLess(summary["protein"]["nearest_training_identity"], 0.6)

    def test_bad_sequence_is_refused_in_chinese(self) -> None:
        _, res = predict("bad.fasta", ">bad\nMKV1LAAGJ" + PIM2 + "\n", MOLECULES, "davis")
        self.assertEqual(res.returncode, 2)
        self.assertIn("YUNYAO_INPUT_ERROR: ", res.stderr)
        self.assertIn('YUNYAO_INPUT_ERROR: graph_dta.sequenceBadLetter#{"file":"bad.fasta","pos":8,"letter":"J"', res.stderr)

    def test_no_usable_molecule_is_refused_before_pytorch_loads(self) -> None:
        tmp = tempfile.mkdtemp(prefix="dta-test-")
        # A "torch" first on the path that fails on import: the refusal must come before any model work.
        os.makedirs(os.path.join(tmp, "no_torch", "torch"))
        with open(os.path.join(tmp, "no_torch", "torch", "__init__.py"), "w", encoding="utf-8") as fh:
            fh.write("raise ImportError('PyTorch was imported for a refused input')\n")
        args = write_inputs(tmp, "pim2.fasta", PIM2, "smiles\nC1CC(\n", "davis")
        res = run_step("yunyao.graph_dta.predict", args, tmp, env={"PYTHONPATH": os.pathsep.join([os.path.join(tmp, "no_torch"), PYTHON_DIR])})
        self.assertEqual(res.returncode, 2, res.stderr)
        self.assertIn('YUNYAO_INPUT_ERROR: graph_dta.nothingPredicted#{"count":1,"reason":', res.stderr)
        self.assertIn("common.recordUnparsable", res.stderr)  # the first row's reason


if __name__ == "__main__":
    unittest.main()
