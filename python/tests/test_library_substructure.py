"""Unit tests for yunyao.library.substructure: the exact match after the SQL fingerprint screen."""

from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import io  # noqa: E402
import json  # noqa: E402

from yunyao.common import InputError  # noqa: E402
from yunyao.library.flags import annotate  # noqa: E402
from yunyao.library.substructure import matching_ids, read_pattern  # noqa: E402

CANDIDATES = ["1\tCC(=O)Oc1ccccc1C(=O)O\n", "2\tCCO\n", "5\tNC12CC3CC(CC(C3)C1)C2\n", "9\tCC(=O)OCC\n"]


class LibrarySubstructure(unittest.TestCase):
    def test_reads_smiles_first_then_smarts(self) -> None:
        self.assertEqual(read_pattern("c1ccccc1")[0], "smiles")
        self.assertEqual(read_pattern("[CX3](=O)[OX2H1]")[0], "smarts")
        with self.assertRaises(InputError):
            read_pattern("[C,")

    def test_matches_exactly(self) -> None:
        self.assertEqual(matching_ids(read_pattern("c1ccccc1")[1], CANDIDATES), [1])
        # A SMILES pattern does not pin hydrogens: C(=O)O finds the acid and both esters.
        self.assertEqual(matching_ids(read_pattern("C(=O)O")[1], CANDIDATES), [1, 9])
        self.assertEqual(matching_ids(read_pattern("[CX3](=O)[OX2H1]")[1], CANDIDATES), [1])
        self.assertEqual(matching_ids(read_pattern("C1C2CC3CC1CC(C2)C3")[1], CANDIDATES), [5])


class LibraryFlagsBackfill(unittest.TestCase):
    def test_annotates_readable_molecules_by_id(self) -> None:
        out = io.StringIO()
        annotate(["3\tOc1ccccc1O\n", "4\tnot a smiles\n", "8\tN.N.Cl[Pt]Cl\n"], out)
        rows = [json.loads(line) for line in out.getvalue().splitlines()]
        self.assertEqual([(r["id"], r["has_metal"], r["pains"]) for r in rows], [(3, False, "catechol_A(92)"), (8, True, None)])
        self.assertEqual(len(rows[0]["pattern_fp"]), 2048)


if __name__ == "__main__":
    unittest.main()
