"""What yunyao.pepsearch refuses before any simulation. The sequence is the module's parameter: the form
checks it once (2–50 standard one-letter codes, with the user's messages), and the step reads it from
params.json against the module's exported schema, so a sequence that did not pass the form stops the
step as the platform's fault. The engine's own sampling knobs are still checked by the step.
Run: /usr/bin/python3 -m unittest python.tests.test_peptide_validation  (a few seconds)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import unittest

from tests.step_process import run_module

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, PYTHON_DIR)

from yunyao.messages import render  # noqa: E402
from yunyao.params import write_params  # noqa: E402


class CommandLine(unittest.TestCase):
    def run_cli(self, sequence: str, *args: str) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as folder:
            write_params(folder, "pepsearch", {"sequence": sequence, "seed": 42})
            return run_module(
                "yunyao.pepsearch", ["--params=params.json", *args], folder, env={**os.environ, "PYTHONPATH": PYTHON_DIR}, timeout=60,
                preload=("yunyao.pepsearch.predict",),
            )

    def test_a_sequence_the_form_would_refuse_stops_the_step_as_the_platform_s_fault(self) -> None:
        for sequence in ("GYDPJTGTWG", "", "G", "A" * 51, "gydpetgtwg"):
            res = self.run_cli(sequence)
            self.assertEqual(res.returncode, 2, res.stderr)
            self.assertIn("YUNYAO_PLATFORM_ERROR: ", res.stderr)
            self.assertIn("参数 sequence：", render(res.stderr.split("YUNYAO_PLATFORM_ERROR: ", 1)[1].strip()))

    def test_out_of_range_knob_is_refused(self) -> None:
        res = self.run_cli("GYDPETGTWG", "--high-temperature=5000")
        self.assertEqual(res.returncode, 2, res.stderr)
        self.assertIn("--high-temperature", res.stderr)


if __name__ == "__main__":
    unittest.main()
