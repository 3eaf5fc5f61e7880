"""Unit tests for yunyao.library_descriptors."""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rdkit import Chem  # noqa: E402
from rdkit.Chem import Crippen, Descriptors, rdMolDescriptors  # noqa: E402

from yunyao.library_descriptors import run  # noqa: E402

PUBCHEM = "/usr/share/RDKit/Projects/DbCLI/testData/pubchem.200.sdf"


class LibraryDescriptors(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def write(self, name: str, text: str) -> str:
        path = os.path.join(self.dir.name, name)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        return path

    def lines(self, path: str, start: int = 0, fmt: str | None = None) -> list[dict]:
        out = io.StringIO()
        run(path, start, fmt, out)
        return [json.loads(l) for l in out.getvalue().splitlines()]

    def test_smiles_file_with_header_and_bad_records(self) -> None:
        path = self.write("set.smi", "smiles name\nCC(=O)Oc1ccccc1C(=O)O aspirin\nC1CC broken ring\n\nCN(C)(C)(C)C pentavalent\nc1ccccc1\n")
        rows = self.lines(path)
        self.assertEqual(rows[-1], {"end": True, "records": 4})
        aspirin, ring, valence, benzene = rows[:4]
        self.assertEqual(aspirin["name"], "aspirin")
        mol = Chem.MolFromSmiles("CC(=O)Oc1ccccc1C(=O)O")
        self.assertEqual(aspirin["smiles"], Chem.MolToSmiles(mol))
        self.assertAlmostEqual(aspirin["tpsa"], rdMolDescriptors.CalcTPSA(mol))
        self.assertAlmostEqual(aspirin["logp"], Crippen.MolLogP(mol))
        self.assertAlmostEqual(aspirin["mw"], Descriptors.MolWt(mol))
        self.assertEqual((aspirin["n_ring"], aspirin["n_rot"], aspirin["hbd"], aspirin["hba"]), (1, 2, 1, 3))
        self.assertEqual(ring["i"], 1)
        self.assertIn("cannot parse SMILES", ring["error"])
        self.assertIn("valence", valence["error"].lower())
        self.assertEqual(benzene["name"], "set-4")

    def test_start_skips_records(self) -> None:
        path = self.write("s.smi", "C a\nCC b\nCCC c\n")
        rows = self.lines(path, start=2)
        self.assertEqual([r["i"] for r in rows[:-1]], [2])
        self.assertEqual(rows[0]["name"], "c")
        self.assertEqual(rows[-1]["records"], 3)

    def test_csv_finds_columns(self) -> None:
        path = self.write("t.csv", 'ID,Other,Canonical_SMILES\nm1,"x, y",CCO\nm2,z,not_a_smiles\n')
        rows = self.lines(path)
        self.assertEqual(rows[0]["name"], "m1")
        self.assertEqual(rows[0]["smiles"], "CCO")
        self.assertIn("error", rows[1])

    def test_sdf_records_and_names(self) -> None:
        with open(PUBCHEM, encoding="utf-8") as fh:
            text = fh.read()
        first_two = "$$$$\n".join(text.split("$$$$\n")[:2]) + "$$$$\n"
        path = self.write("p.sdf", first_two + "garbage\n\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n$$$$\n")
        rows = self.lines(path)
        self.assertEqual(rows[0]["name"], "6603170")
        self.assertIn("smiles", rows[1])
        self.assertIn("error", rows[2])
        self.assertEqual(rows[-1]["records"], 3)


if __name__ == "__main__":
    unittest.main()
