"""Tests for yunyao.check_smiles: which typed or tabled SMILES RDKit cannot read, and its reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.join(HERE, "..")
sys.path.insert(0, PYDIR)

from yunyao.check_smiles import unreadable  # noqa: E402


class UnreadableTest(unittest.TestCase):
    def test_names_each_unreadable_line_with_rdkit_reason(self) -> None:
        problems = unreadable(enumerate(["CCO", "C(C)(C)(C)(C)C", "c1cccc1", "CC(=O)Oc1ccccc1C(=O)O"], start=1))
        self.assertEqual([p["line"] for p in problems], [2, 3])
        self.assertIn("Explicit valence for atom # 0 C, 5", problems[0]["reason"])
        self.assertIn("Can't kekulize mol", problems[1]["reason"])

    def test_command_prints_json(self) -> None:
        out = json.loads(_check("--smiles-json", json.dumps(["CCO", "xyz"])).stdout)
        self.assertEqual(out["molecules"], 2)
        self.assertEqual([p["smiles"] for p in out["unreadable"]], ["xyz"])

    def test_table_lines_are_the_files_own(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "t.csv")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write("name,smiles\nethanol,CCO\n\nring,C1CC\nempty,\n")
            out = json.loads(_check("--table", path, "--name", "mine.csv").stdout)
        self.assertEqual(out["molecules"], 3)
        self.assertEqual([(p["line"], p["smiles"]) for p in out["unreadable"]], [(4, "C1CC"), (5, "")])
        self.assertEqual(out["unreadable"][1]["reason"], "SMILES 为空")

    def test_table_without_smiles_column_is_refused_by_name(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "t.csv")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write("name,weight\nethanol,46\n")
            res = _check("--table", path, "--name", "mine.csv", check=False)
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: common.noSmilesColumn#{"file":"mine.csv","header":"name, weight"}', res.stderr)


def _check(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": PYDIR}
    return subprocess.run([sys.executable, "-m", "yunyao.check_smiles", *args], capture_output=True, text=True, env=env, check=check)


if __name__ == "__main__":
    unittest.main()
