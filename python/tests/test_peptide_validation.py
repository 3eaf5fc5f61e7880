"""The sequence checks of yunyao.pepsearch, in Python and through the command line (refused before any
simulation, with the YUNYAO_INPUT_ERROR line the platform shows and does not charge).
Run: /usr/bin/python3 -m unittest python.tests.test_peptide_validation  (a few seconds)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import unittest

PYTHON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, PYTHON_DIR)

from yunyao.common import InputError  # noqa: E402
from yunyao.pepsearch.sequence import check_sequence  # noqa: E402


class CheckSequence(unittest.TestCase):
    def refusal(self, raw: str) -> str:
        with self.assertRaises(InputError) as caught:
            check_sequence(raw)
        return str(caught.exception)

    def test_empty(self) -> None:
        for raw in ("", "  \n "):
            message = self.refusal(raw)
            self.assertIn("多肽序列不能为空", message)
            self.assertIn("peptide sequence cannot be empty!", message)

    def test_bad_letters_are_named_with_their_positions(self) -> None:
        message = self.refusal("GYDBETXTWG")
        self.assertIn("第 4 位 'B'", message)
        self.assertIn("第 7 位 'X'", message)
        self.assertNotIn("第 1 位", message)
        self.assertIn("非标准氨基酸", message)

    def test_many_bad_letters_are_counted_not_all_listed(self) -> None:
        message = self.refusal("1234567890AB")
        self.assertIn("等 11 处", message)

    def test_length_bounds(self) -> None:
        self.assertIn("长度为 1", self.refusal("G"))
        self.assertIn("2–50", self.refusal("A" * 51))
        self.assertEqual(check_sequence("G" * 50), "G" * 50)
        self.assertEqual(check_sequence("GA"), "GA")

    def test_case_and_spaces_are_forgiven(self) -> None:
        self.assertEqual(check_sequence(" gyd pet\ngtwg "), "GYDPETGTWG")


class CommandLine(unittest.TestCase):
    def run_cli(self, *args: str) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as folder:
            return subprocess.run(
                [sys.executable, "-m", "yunyao.pepsearch", *args], cwd=folder, capture_output=True, text=True,
                env={**os.environ, "PYTHONPATH": os.path.abspath(PYTHON_DIR)}, timeout=60,
            )

    def test_bad_sequence_is_refused_as_input_error(self) -> None:
        res = self.run_cli("--sequence=GYDPJTGTWG", "--seed=42")
        self.assertEqual(res.returncode, 2, res.stderr)
        self.assertIn("YUNYAO_INPUT_ERROR: ", res.stderr)
        self.assertIn("第 5 位 'J'", res.stderr)

    def test_empty_sequence_is_refused(self) -> None:
        res = self.run_cli("--sequence=", "--seed=42")
        self.assertEqual(res.returncode, 2, res.stderr)
        self.assertIn("多肽序列不能为空", res.stderr)

    def test_out_of_range_knob_is_refused(self) -> None:
        res = self.run_cli("--sequence=GYDPETGTWG", "--high-temperature=5000")
        self.assertEqual(res.returncode, 2, res.stderr)
        self.assertIn("--high-temperature", res.stderr)


if __name__ == "__main__":
    unittest.main()
