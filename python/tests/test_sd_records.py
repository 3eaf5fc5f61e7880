"""Molecules written one record at a time (yunyao.sd_records): a molecule RDKit cannot write is reported
with a Chinese reason and leaves nothing half-written; the others are written.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_sd_records
"""

from __future__ import annotations

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

CHINESE = "[\u4e00-\u9fff]"


def unkekulizable():
    """An all-aromatic five-membered carbon ring, read unsanitised: it has no Kekulé form to write."""
    from rdkit import Chem

    mol = Chem.MolFromSmiles("c1cccc1", sanitize=False)
    mol.UpdatePropertyCache(strict=False)
    return mol


class SdRecords(unittest.TestCase):
    def test_one_record_with_its_properties(self) -> None:
        from rdkit import Chem

        from yunyao.sd_records import sd_record

        mol = Chem.MolFromSmiles("CCO")
        mol.SetProp("score", "-7.1")
        text = sd_record(mol)
        self.assertTrue(text.endswith("$$$$\n"))
        self.assertIn(">  <score>  (1) \n-7.1", text)

    def test_an_unwritable_molecule_is_a_chinese_reason_without_rdkit_words(self) -> None:
        from yunyao.sd_records import MoleculeWriteError, molblock, sd_record

        for write in (sd_record, molblock):
            with self.assertRaises(MoleculeWriteError) as caught:
                write(unkekulizable())
            self.assertRegex(str(caught.exception), CHINESE)
            self.assertNotIn("Kekulize", str(caught.exception))

    def test_write_sd_keeps_the_writable_ones_and_names_the_others(self) -> None:
        from rdkit import Chem

        from yunyao.sd_records import write_sd

        good = [Chem.MolFromSmiles(s) for s in ("CCO", "c1ccccc1")]
        with tempfile.TemporaryDirectory(prefix="test_sd_records_") as d:
            path = os.path.join(d, "out.sdf")
            failed = write_sd(path, [("ethanol", good[0]), ("bad", unkekulizable()), ("benzene", good[1])])
            self.assertEqual(list(failed), ["bad"])
            self.assertEqual([Chem.MolToSmiles(m) for m in Chem.SDMolSupplier(path)], ["CCO", "c1ccccc1"])
            self.assertEqual(os.listdir(d), ["out.sdf"])


if __name__ == "__main__":
    unittest.main()
