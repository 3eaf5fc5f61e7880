"""Protein sequences of graph_dta uploads (yunyao.graph_dta.sequence): FASTA, plain text, PDB, refusals.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_dta_sequence
"""

from __future__ import annotations

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from tests.dta_support import AURORA_A_PDB, PIM2  # noqa: E402
from yunyao.common import InputError, InputFile  # noqa: E402
from yunyao.graph_dta.sequence import read_protein  # noqa: E402
from yunyao.messages import render  # noqa: E402


def read(name: str, text: str):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return read_protein(InputFile(path, name, name.rsplit(".", 1)[1]))


class SequenceTest(unittest.TestCase):
    def test_fasta_first_record_is_used_and_extra_ones_are_named(self) -> None:
        text = f">sp|Q9P1W9|PIM2_HUMAN\n{PIM2[:60]}\n{PIM2[60:]}\n>second\nMKVL\n>third\nMKVA\n"
        protein = read("pim2.fasta", text)
        self.assertEqual(protein.sequence, PIM2)
        self.assertEqual(protein.name, "sp|Q9P1W9|PIM2_HUMAN")
        self.assertEqual(len(protein.warnings), 1)
        self.assertIn("second", protein.warnings[0])
        self.assertIn("3 条序列", protein.warnings[0])

    def test_plain_text_lower_case_with_numbers_and_stop(self) -> None:
        text = "1 " + PIM2[:50].lower() + "\n51 " + PIM2[50:] + "*\n"
        self.assertEqual(read("pim2.txt", text).sequence, PIM2)

    def test_letter_that_is_no_amino_acid_is_refused_with_its_position(self) -> None:
        bad = PIM2[:11] + "J" + PIM2[12:]
        with self.assertRaises(InputError) as ctx:
            read("bad.fasta", ">bad\n" + bad + "\n")
        self.assertEqual(ctx.exception.code, "graph_dta.sequenceBadLetter")
        self.assertIn("第 12 位", render(str(ctx.exception)))
        self.assertIn("J", str(ctx.exception))

    def test_too_short_and_empty_are_refused(self) -> None:
        with self.assertRaisesRegex(InputError, "^graph_dta.sequenceTooShort#"):
            read("short.fasta", ">p\nMKVLAAG\n")
        with self.assertRaisesRegex(InputError, "^graph_dta.noSequence#"):
            read("empty.fasta", ">only a header\n")

    def test_pdb_gives_the_first_chain_from_its_residues(self) -> None:
        with open(AURORA_A_PDB, encoding="utf-8") as fh:
            protein = read("5dpv.pdb", fh.read())
        # 5DPV chain A: Aurora A kinase domain, observed residues from Gln127 on (SEQRES starts MGRQ...)
        self.assertTrue(protein.sequence.startswith("QWALEDFEIGRPLGKGKFGNVYLAREK"), protein.sequence[:30])
        self.assertEqual(len(protein.sequence), 257)
        self.assertIn("链 A", protein.name)

    def test_pdb_without_protein_is_refused(self) -> None:
        with self.assertRaisesRegex(InputError, "^graph_dta.noResidues#"):
            read("water.pdb", "HETATM    1  O   HOH A   1       0.000   0.000   0.000  1.00  0.00           O\nEND\n")


if __name__ == "__main__":
    unittest.main()
