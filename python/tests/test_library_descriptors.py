"""Unit tests for yunyao.library.descriptors."""

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

from yunyao.library.descriptors import CsvOptions, run  # noqa: E402

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

    def test_flags_metal_pains_and_pattern_fingerprint(self) -> None:
        path = self.write("f.smi", "S=C1SC(=Cc2ccccc2)C(=O)N1 rhodanine\nN.N.Cl[Pt]Cl cisplatin\nOB(O)c1ccccc1 boronic\nCC(=O)Oc1ccccc1C(=O)O aspirin\n")
        rhodanine, cisplatin, boronic, aspirin = self.lines(path)[:4]
        self.assertEqual(rhodanine["pains"], "ene_rhod_A(235)")
        self.assertFalse(rhodanine["has_metal"])
        self.assertTrue(cisplatin["has_metal"])
        # Boron is a metalloid kept as a non-metal (boronic acid drugs such as bortezomib stay in).
        self.assertFalse(boronic["has_metal"])
        self.assertIsNone(aspirin["pains"])
        self.assertEqual(len(aspirin["pattern_fp"]), 2048)
        # The screen's promise: a contained pattern's bits are a subset of the molecule's.
        query = Chem.PatternFingerprint(Chem.MolFromSmiles("c1ccccc1"), fpSize=2048).ToBitString()
        self.assertTrue(all(m == "1" for q, m in zip(query, aspirin["pattern_fp"]) if q == "1"))

    def test_csv_name_column_and_keep(self) -> None:
        path = self.write("drugs.csv", "id,name,smiles,source\n1,aspirin,CC(=O)Oc1ccccc1C(=O)O,DrugCentral:FDA+EMA\n2,piracetam,NC(=O)CN1CCCC1=O,DrugCentral:EMA\n")
        out = io.StringIO()
        run(path, 0, None, out, CsvOptions(name_column="name", keep="source~FDA"))
        rows = [json.loads(l) for l in out.getvalue().splitlines()]
        self.assertEqual(rows[0]["name"], "aspirin")
        self.assertEqual(rows[1], {"i": 1, "skipped": True})
        self.assertEqual(rows[-1], {"end": True, "records": 2})


if __name__ == "__main__":
    unittest.main()
