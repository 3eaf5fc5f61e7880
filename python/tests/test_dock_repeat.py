"""A seeded docking repeats: receptor preparation that rebuilds missing side chains, then docking,
each run twice in separate processes and folders, must give the same bytes and the same result rows.
This is the suite's fresh-run repeat of the docking step (test_dock only repeats jobs from checkpoints).

Fixture: test-fixtures/pdb/5dpv_trimmed_sidechains.pdb, residues 127-176 of PDB entry 5DPV chain A
with the side chains beyond CB deleted from six residues (GLN127, LEU130, GLU131, PHE133, GLU134,
ARG137), so PDBFixer must rebuild 27 heavy atoms.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_dock_repeat   (about 30 s)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
TRIMMED = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv_trimmed_sidechains.pdb")
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}
sys.path.insert(0, PYTHON_DIR)

from yunyao.params import write_params  # noqa: E402

# Phenylacetic acid near the rebuilt side chains of GLN127 / GLU131 / GLU134.
MOLS = "name,smiles\nphenylacetate,OC(=O)Cc1ccccc1\n"


def read(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


def prepare_and_dock(folder: str) -> None:
    os.makedirs(folder)
    shutil.copy(TRIMMED, os.path.join(folder, "in.pdb"))
    with open(os.path.join(folder, "mols.csv"), "w", encoding="utf-8") as fh:
        fh.write(MOLS)
    prep = subprocess.run(
        [sys.executable, "-m", "yunyao.protein_prep", "--input=in.pdb", "--summary=prep_summary.json", "--rows=prep_rows.json", "--skip-vina-check"],
        cwd=folder, env=ENV, capture_output=True, text=True, timeout=300,
    )
    assert prep.returncode == 0, prep.stderr
    centre = rebuilt_centre(os.path.join(folder, "protein_prepared.pdb"))
    with open(os.path.join(folder, "sites.json"), "w", encoding="utf-8") as fh:
        json.dump([{"id": "rebuilt", "center": centre, "size": [16, 16, 16]}], fh)
    write_params(folder, "autodock", {"accuracy": 2, "posture": 3, "seed": 11, "keep_hetero": []})
    dock = subprocess.run(
        [sys.executable, "-m", "yunyao.autodock", "--receptor=protein.pdbqt", "--receptor-pdb=protein_prepared.pdb",
         '--ligands-json=[{"path": "mols.csv", "name": "mols.csv"}]', "--sites=sites.json", "--params=params.json", "--cpu=1"],
        cwd=folder, env=ENV, capture_output=True, text=True, timeout=300,
    )
    assert dock.returncode == 0, dock.stderr


def rebuilt_centre(prepared_pdb: str) -> list[float]:
    """Centroid of the rebuilt side chains' heavy atoms (residues 127-137), where the box goes."""
    xyz = [
        (float(l[30:38]), float(l[38:46]), float(l[46:54]))
        for l in open(prepared_pdb, encoding="utf-8")
        if l.startswith("ATOM") and 127 <= int(l[22:26]) <= 137 and l[12:16].strip() not in ("N", "CA", "C", "O")
        and l[76:78].strip() != "H"
    ]
    return [round(sum(p[i] for p in xyz) / len(xyz), 3) for i in range(3)]


class SeededDockingRepeats(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.TemporaryDirectory(prefix="test_dock_repeat_")
        cls.runs = [os.path.join(cls.tmp.name, name) for name in ("first", "second")]
        for folder in cls.runs:
            prepare_and_dock(folder)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    def test_side_chains_were_rebuilt(self) -> None:
        with open(os.path.join(self.runs[0], "prep_summary.json"), encoding="utf-8") as fh:
            self.assertEqual(json.load(fh)["missingAtomsAdded"], 27)

    def test_same_receptor_bytes(self) -> None:
        for name in ("protein_prepared.pdb", "protein.pdbqt"):
            with self.subTest(file=name):
                self.assertEqual(read(os.path.join(self.runs[0], name)), read(os.path.join(self.runs[1], name)))

    def test_same_poses(self) -> None:
        first, second = (read(os.path.join(folder, "poses.sdf")) for folder in self.runs)
        self.assertIn(b"phenylacetate", first)
        self.assertEqual(first, second)

    def test_same_result_rows(self) -> None:
        """Everything ran in both (nothing from a checkpoint), to the same rows: scores, prepared SMILES, contacts."""
        summaries = [json.loads(read(os.path.join(folder, "summary.json"))) for folder in self.runs]
        self.assertEqual([(s["ranThisRun"], s["resumedFromCheckpoint"]) for s in summaries], [(1, 0), (1, 0)])
        first, second = (json.loads(read(os.path.join(folder, "result.json"))) for folder in self.runs)
        self.assertEqual([r["ligand"] for r in first], ["phenylacetate"])
        self.assertEqual(first, second)


if __name__ == "__main__":
    unittest.main()
