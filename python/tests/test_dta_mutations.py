"""Davis's named mutants written into their sequences (``yunyao.graph_dta.mutations``).

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_dta_mutations   (instant)
"""

from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from yunyao.graph_dta.mutations import apply_named_mutations  # noqa: E402

# A made-up 60-residue "kinase": distinct letters where the names below point, then a plain tail.
WILD = "MSTAKLEVRGQWNDPHYFIC" + "G" * 40


class MutationTest(unittest.TestCase):
    def test_substitutions_and_deletions_in_the_genes_numbering(self) -> None:
        names = ["KIN", "KIN(A4W)", "KIN(A4WL6R)p", "KIN(K5E7del)", "KIN(ITD)"]
        out, report = apply_named_mutations(names, [WILD] * 5, 1200)
        self.assertEqual(out[0], WILD)
        self.assertEqual(out[1], WILD[:3] + "W" + WILD[4:])
        self.assertEqual(out[2], WILD[:3] + "WK" + "R" + WILD[6:])
        self.assertEqual(out[3], WILD[:4] + WILD[7:])  # K5..E7 removed
        self.assertEqual(out[4], WILD)  # nothing the name spells out
        self.assertEqual(sorted(report.applied), ["KIN(A4W)", "KIN(A4WL6R)p", "KIN(K5E7del)"])
        self.assertEqual(report.not_applied, {})

    def test_a_shifted_numbering_is_found_from_three_named_positions(self) -> None:
        shifted = "GGG" + WILD  # the construct starts three residues earlier than the gene's numbering
        names = ["KIN(A4W)", "KIN(L6R)", "KIN(V8D)"]
        out, report = apply_named_mutations(names, [shifted] * 3, 1200)
        self.assertEqual(out[0], "GGG" + WILD[:3] + "W" + WILD[4:])
        self.assertIn("+3", report.applied["KIN(V8D)"])

    def test_residues_that_do_not_fit_are_reported_and_left_alone(self) -> None:
        out, report = apply_named_mutations(["KIN(W4A)"], [WILD], 1200)
        self.assertEqual(out, [WILD])
        self.assertIn("KIN(W4A)", report.not_applied)

    def test_a_mutation_past_the_read_length_is_reported(self) -> None:
        _, report = apply_named_mutations(["KIN(Y17F)"], [WILD], 10)
        self.assertIn("past the 10 residues", report.not_applied["KIN(Y17F)"])


if __name__ == "__main__":
    unittest.main()
