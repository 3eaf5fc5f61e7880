"""yunyao.perform refuses a file with no molecule as the input's fault (free), before optimising anything."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, PYTHON_DIR)

from yunyao.params import write_params  # noqa: E402


class OptimizeInput(unittest.TestCase):
    def run_on(self, name: str, text: str, structure: str = "2D") -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as fh:
                fh.write(text)
            manifest = json.dumps([{"path": name, "name": name}])
            write_params(tmp, "perform", {"structure": structure})
            return subprocess.run(
                [sys.executable, "-m", "yunyao.perform", f"--inputs-json={manifest}", "--params=params.json", "--output=out.sdf"],
                cwd=tmp, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": PYTHON_DIR},
            )

    def test_a_mol2_without_molecule_records_is_an_input_refusal(self) -> None:
        res = self.run_on("empty.mol2", "this is not a mol2 file\n", "3D")
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: common.noMol2Records#{"file":"empty.mol2"}', res.stderr)

    def test_a_format_the_structure_does_not_take_is_an_input_refusal(self) -> None:
        res = self.run_on("poses.mol2", "@<TRIPOS>MOLECULE\n", "2D")
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: perform.inputFormatUnsupported#{"file":"poses.mol2","structure":"2D"', res.stderr)

    def test_a_table_with_no_readable_molecule_is_an_input_refusal(self) -> None:
        res = self.run_on("empty.sdf", "\n")
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: common.noMolecules#{"file":"empty.sdf"}', res.stderr)


if __name__ == "__main__":
    unittest.main()
