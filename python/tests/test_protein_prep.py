"""Receptor preparation (yunyao.protein_prep) on a real structure (PDB entry 5DPV, test-fixtures/pdb).

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_protein_prep
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

from tests.receptor_support import PREP_PRELOAD
from tests.step_process import run_module

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.join(HERE, "..")
sys.path.insert(0, PYTHON_DIR)
# The preparations are forked from this process with OpenMM loaded (step_process): with one thread, as
# yunyao.protein_prep sets before it loads OpenMM.
os.environ["OPENMM_CPU_THREADS"] = "1"

# 5dpv: Aurora A, chain A, 259 residues; HETATM SKE (ATP site), 5DN (allosteric site), 37 waters; no ions.
PROTEIN = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv.pdb")


def hetatm(serial: int, name: str, resname: str, chain: str, resseq: int, xyz: tuple[float, float, float], element: str) -> str:
    return (
        f"HETATM{serial:>5} {name:<4} {resname:>3} {chain}{resseq:>4}    "
        f"{xyz[0]:8.3f}{xyz[1]:8.3f}{xyz[2]:8.3f}  1.00 20.00          {element:>2}\n"
    )


def protein_text() -> str:
    with open(PROTEIN, encoding="utf-8") as fh:
        return fh.read()


def protein_with(extra_records: str) -> str:
    """The entry with extra HETATM records before its closing MASTER/END lines."""
    body = [l for l in protein_text().splitlines(keepends=True) if not l.startswith(("MASTER", "END"))]
    return "".join(body) + extra_records + "END\n"


def first_residues(count: int, hetatm: bool = False) -> str:
    """The entry's first ``count`` residues (with its HETATM records if asked): an excerpt keeps
    a preparation to a few seconds where the test is about the hetero groups, not the protein."""
    lines = protein_text().splitlines(keepends=True)
    first = int(next(l for l in lines if l.startswith("ATOM"))[22:26])
    kept = [l for l in lines if (l.startswith("ATOM") and int(l[22:26]) < first + count) or (hetatm and l.startswith("HETATM"))]
    return "".join(kept)


def first_water_xyz() -> tuple[float, float, float]:
    water = next(l for l in protein_text().splitlines() if l.startswith("HETATM") and l[17:20] == "HOH")
    return (float(water[30:38]), float(water[38:46]), float(water[46:54]))


def atom_lines(path: str) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        return [l for l in fh if l.startswith(("ATOM", "HETATM"))]


class ProteinPrep(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name: str) -> str:
        return os.path.join(self.dir.name, name)

    def write(self, name: str, text: str) -> str:
        with open(self.path(name), "w", encoding="utf-8") as fh:
            fh.write(text)
        return name

    def run_prep(self, input_name: str, *extra: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(PYTHON_DIR)}
        return run_module(
            "yunyao.protein_prep", [f"--input={input_name}", f"--name={input_name}", *extra], self.dir.name, env=env, timeout=300,
            preload=PREP_PRELOAD,
        )

    def summary(self) -> dict:
        with open(self.path("summary.json"), encoding="utf-8") as fh:
            return json.load(fh)

    def log(self) -> str:
        with open(self.path("prep.log"), encoding="utf-8") as fh:
            return fh.read()

    def test_real_protein_waters_and_ligands_removed_hydrogens_added(self) -> None:
        waters = "".join(hetatm(9000 + i, "O", "HOH", "A", 600 + i, (10.0 + 3 * i, 5.0, 5.0), "O") for i in range(3))
        name = self.write("5dpv_wet.pdb", protein_with(waters))
        res = self.run_prep(name)
        self.assertEqual(res.returncode, 0, res.stderr)
        s = self.summary()
        removed = {r["resname"]: r["groups"] for r in s["removedHetero"]}
        self.assertEqual(removed, {"HOH": 37 + 3, "SKE": 1, "5DN": 1})
        self.assertEqual(s["removedWaters"], 40)
        self.assertEqual(s["keptCofactors"], [])
        self.assertEqual(s["altlocAtomsDropped"], 22)
        # The 6-residue internal gap after residue 157 and both termini are reported, not built.
        self.assertEqual(len(s["missingResiduesNotBuilt"]), 3)
        self.assertEqual(s["missingResiduesBuilt"], 0)
        self.assertEqual(s["protonation"], "pdb2pqr+propka")
        # 2,112 measured for the 2,135 heavy atoms; a failed protonation adds none or a few hundred.
        self.assertGreater(s["hydrogensAdded"], 2000)
        self.assertEqual(s["vinaCheck"], "passed")
        for key in ("pdbfixer", "openmm", "pdb2pqr", "propka", "openbabel"):
            self.assertIn(key, s["engine"])

        lines = atom_lines(self.path("protein_prepared.pdb"))
        self.assertEqual(s["atomsAfter"], len(lines))
        resnames = {l[17:20].strip() for l in lines}
        self.assertFalse(resnames & {"HOH", "SKE", "5DN"})
        self.assertEqual({l[21] for l in lines}, {"A"})
        self.assertEqual(sum(1 for l in lines if l[76:78].strip() == "H"), s["hydrogensAdded"])
        # First residue keeps its number (pdb2pqr --keep-chain, no renumbering).
        first_in = next(l for l in protein_text().split("\n") if l.startswith("ATOM"))
        self.assertEqual(lines[0][22:26], first_in[22:26])
        # pH 7.4 was honoured: nearly all carboxylates stay deprotonated (obabel -h would
        # protonate them all); PROPKA may shift a buried one.
        asp = {l[22:27] for l in lines if l[17:20] == "ASP"}
        asp_h = {l[22:27] for l in lines if l[17:20] == "ASP" and l[12:16].strip() == "HD2"}
        self.assertGreater(len(asp), 5)
        self.assertLessEqual(len(asp_h), len(asp) // 5)

        pdbqt = atom_lines(self.path("protein.pdbqt"))
        self.assertEqual(len(pdbqt), s["pdbqtAtoms"])
        self.assertGreater(len(pdbqt), 2000)
        self.assertTrue(any(abs(float(l[70:76])) > 0.01 for l in pdbqt), "Gasteiger charges written")
        self.assertIn("HD", {l[77:79].strip() for l in pdbqt})
        self.assertNotIn("ROOT", open(self.path("protein.pdbqt"), encoding="utf-8").read())
        log = self.log()
        self.assertIn("HOH ×40", log)
        self.assertIn("pdb2pqr", log)

    def test_kept_cofactor_and_ions_survive(self) -> None:
        # 5dpv has no metal ion: one Mg2+ is put in the first crystal water's place.
        mg = hetatm(9200, "MG", "MG", "A", 700, first_water_xyz(), "MG")
        name = self.write("5dpv_mg.pdb", first_residues(40, hetatm=True) + mg + "END\n")
        res = self.run_prep(name, "--keep-het=SKE,mg,HEM", "--ph=7.0")
        self.assertEqual(res.returncode, 0, res.stderr)
        s = self.summary()
        self.assertEqual({r["resname"]: r["groups"] for r in s["keptCofactors"]}, {"SKE": 1, "MG": 1})
        self.assertEqual({r["resname"] for r in s["removedHetero"]}, {"HOH", "5DN"})
        lines = atom_lines(self.path("protein_prepared.pdb"))
        ske = [l for l in lines if l[17:20] == "SKE"]
        self.assertEqual(sum(1 for l in ske if l[76:78].strip() != "H"), 27)
        self.assertTrue(any(l[76:78].strip() == "H" for l in ske), "kept ligand protonated")
        self.assertFalse(any(l[17:20] == "5DN" for l in lines))
        mg_lines = [l for l in lines if l[17:20].strip() == "MG"]
        self.assertEqual(len(mg_lines), 1, "ions get no hydrogens")
        pdbqt = atom_lines(self.path("protein.pdbqt"))
        self.assertTrue(any(l[17:20] == "SKE" for l in pdbqt))
        self.assertEqual(sum(1 for l in pdbqt if l[77:79].strip() == "Mg"), 1)
        self.assertTrue(any("HEM" in w for w in s["warnings"]), "a missing cofactor is reported")

    def test_unsupported_vina_type_is_stripped_with_warning(self) -> None:
        mo = hetatm(9100, "MO", "MO", "A", 800, (0.0, 0.0, 20.0), "MO")
        name = self.write("5dpv_mo.pdb", first_residues(40) + mo + "END\n")
        res = self.run_prep(name, "--keep-het=MO")
        self.assertEqual(res.returncode, 0, res.stderr)
        s = self.summary()
        self.assertEqual(s["strippedAtomTypes"], {"Mo": 1})
        self.assertTrue(any("Mo" in w for w in s["warnings"]))
        self.assertEqual(s["vinaCheck"], "passed")
        self.assertTrue(any(l[17:20].strip() == "MO" for l in atom_lines(self.path("protein_prepared.pdb"))))
        self.assertFalse(any(l[77:79].strip() == "Mo" for l in atom_lines(self.path("protein.pdbqt"))))

    def test_malformed_line_fails_with_line_number(self) -> None:
        lines = [l for l in protein_text().split("\n") if l.startswith("ATOM")][:40]
        lines.insert(0, "HEADER    TEST")
        bad = lines[12]
        lines[12] = bad[:30] + "   abc.de" + bad[39:]
        name = self.write("broken.pdb", "\n".join(lines) + "\nEND\n")
        res = self.run_prep(name)
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: common.pdbLineUnparsable#{"file":"broken.pdb","line":13,"reason":{"code":"common.atomCoordsNotNumbers"}', res.stderr)
        self.assertIn("失败", self.log())

    def test_non_pdb_text_fails_with_line_number(self) -> None:
        lines = [l for l in protein_text().split("\n") if l.startswith("ATOM")][:5]
        lines.insert(3, "this is not a pdb line")
        name = self.write("text.pdb", "\n".join(lines) + "\n")
        res = self.run_prep(name)
        self.assertEqual(res.returncode, 2)
        self.assertIn('common.pdbLineNotPdb#{"file":"text.pdb","line":4,', res.stderr)

    def test_only_hetatm_fails_clearly(self) -> None:
        het = [l for l in protein_text().split("\n") if l.startswith("HETATM")]
        name = self.write("ligand_only.pdb", "\n".join(het) + "\nEND\n")
        res = self.run_prep(name)
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_INPUT_ERROR: common.pdbNoProteinOnly#{"file":"ligand_only.pdb",', res.stderr)
        self.assertIn("SKE", res.stderr)

    def test_empty_file_fails_clearly(self) -> None:
        name = self.write("empty.pdb", "\n\n")
        res = self.run_prep(name)
        self.assertEqual(res.returncode, 2)
        self.assertIn('common.pdbEmpty#{"file":"empty.pdb"}', res.stderr)

    def test_pdbfixer_fallback_when_pdb2pqr_fails(self) -> None:
        from yunyao import protein_prep

        # A 40-residue excerpt keeps this in-process run short.
        self.write("small.pdb", first_residues(40) + "END\n")
        cwd = os.getcwd()
        os.chdir(self.dir.name)
        self.addCleanup(os.chdir, cwd)
        with mock.patch.object(protein_prep, "run_pdb2pqr", return_value="simulated failure"):
            protein_prep.main(["--input=small.pdb", "--name=small.pdb", "--skip-vina-check"])
            s = self.summary()
            # OpenMM places the new hydrogens randomly before minimising them: a second run
            # must still give the same receptor, or a seeded docking run would not repeat.
            protein_prep.main(["--input=small.pdb", "--name=small.pdb", "--skip-vina-check", "--out-pdb=again.pdb", "--out-pdbqt=again.pdbqt"])
        self.assertEqual(s["protonation"], "pdbfixer")
        self.assertGreater(s["hydrogensAdded"], 100)
        self.assertTrue(any("simulated failure" in w for w in s["warnings"]))
        self.assertIn("addMissingHydrogens", self.log())
        self.assertEqual(atom_lines(self.path("protein_prepared.pdb")), atom_lines(self.path("again.pdb")))


if __name__ == "__main__":
    unittest.main()
