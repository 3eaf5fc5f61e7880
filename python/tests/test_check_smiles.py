"""Tests for yunyao.check_smiles: which typed SMILES RDKit cannot read, and its reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.join(HERE, "..")
sys.path.insert(0, PYDIR)

from yunyao.check_smiles import unreadable  # noqa: E402


class UnreadableTest(unittest.TestCase):
    def test_names_each_unreadable_line_with_rdkit_reason(self) -> None:
        problems = unreadable(["CCO", "C(C)(C)(C)(C)C", "c1cccc1", "CC(=O)Oc1ccccc1C(=O)O"])
        self.assertEqual([p["line"] for p in problems], [2, 3])
        self.assertIn("Explicit valence for atom # 0 C, 5", problems[0]["reason"])
        self.assertIn("Can't kekulize mol", problems[1]["reason"])

    def test_command_prints_json(self) -> None:
        env = {**os.environ, "PYTHONPATH": PYDIR}
        out = subprocess.run(
            [sys.executable, "-m", "yunyao.check_smiles", "--smiles-json", json.dumps(["CCO", "xyz"])],
            capture_output=True, text=True, env=env, check=True,
        ).stdout
        self.assertEqual([p["smiles"] for p in json.loads(out)], ["xyz"])


if __name__ == "__main__":
    unittest.main()
