"""yunyao.pepsearch end to end on a 5-residue peptide with tiny settings (picoseconds): the files and
their columns, the same seed giving identical models, and a run stopped by SIGTERM that resumes from
its checkpoints to the very same result. About 30-60 s on one core.
Run: /usr/bin/python3 -m unittest python.tests.test_peptide_pipeline
"""

from __future__ import annotations

import csv
import glob
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SEQUENCE = "GEWTW"
TINY = [
    "--params=params.json", "--cpu=1", "--models=3", "--replicas=2", "--cycles=2",
    "--heat-ps=1", "--anneal-ps=1", "--sample-ps=1", "--snapshots=4", "--cluster-cutoff=1.0",
    "--checkpoint-dir=checkpoint", "--progress=progress.json", "--out-dir=out",
]
OUTPUTS = ("result.json", "result.csv", "models.pdb")


sys.path.insert(0, PYTHON_DIR)

from yunyao.params import write_params  # noqa: E402


def start(folder: str, *extra: str) -> subprocess.Popen:
    write_params(folder, "pepsearch", {"sequence": SEQUENCE, "seed": 42})
    return subprocess.Popen(
        [sys.executable, "-m", "yunyao.pepsearch", *TINY, *extra], cwd=folder, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": PYTHON_DIR},
    )


def finish(proc: subprocess.Popen) -> tuple[int, str]:
    _, err = proc.communicate(timeout=300)
    return proc.returncode, err


def read(folder: str, name: str) -> str:
    with open(os.path.join(folder, "out", name), encoding="utf-8") as fh:
        return fh.read()


def pdb_atoms(text: str) -> list[str]:
    """The coordinate lines (the header's creation date differs from run to run)."""
    return [line for line in text.splitlines() if line.startswith(("ATOM", "HETATM", "MODEL", "REMARK"))]


class PeptidePipeline(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.TemporaryDirectory()
        cls.first = os.path.join(cls.tmp.name, "first")
        cls.second = os.path.join(cls.tmp.name, "second")
        os.makedirs(cls.first)
        os.makedirs(cls.second)
        cls.code, cls.err = finish(start(cls.first))

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    def test_writes_ranked_models_with_their_descriptions(self) -> None:
        self.assertEqual(self.code, 0, self.err)
        rows = json.loads(read(self.first, "result.json"))
        self.assertGreaterEqual(len(rows), 1)
        self.assertLessEqual(len(rows), 3)
        self.assertEqual([r["rank"] for r in rows], list(range(1, len(rows) + 1)))
        sizes = [r["cluster_size"] for r in rows]
        self.assertEqual(sizes, sorted(sizes, reverse=True))
        for row in rows:
            self.assertEqual(len(row["ss"]), len(SEQUENCE))
            self.assertTrue(set(row["ss"]) <= set("HEC"))
            self.assertLess(row["energy_kcal_mol"], 0.0)
            self.assertGreater(row["radius_of_gyration_a"], 2.0)
            self.assertTrue(os.path.exists(os.path.join(self.first, "out", row["model_file"])))
        self.assertEqual(rows[0]["ca_rmsd_to_model1_a"], 0.0)
        with open(os.path.join(self.first, "out", "result.csv"), encoding="utf-8") as fh:
            self.assertEqual(len(list(csv.DictReader(fh))), len(rows))
        self.assertEqual(read(self.first, "models.pdb").count("ENDMDL"), len(rows))

    def test_summary_and_progress(self) -> None:
        summary = json.loads(read(self.first, "summary.json"))
        self.assertEqual(summary["sequence"], SEQUENCE)
        self.assertEqual(summary["snapshots"], 2 * 2 * 4)
        self.assertEqual(summary["engines"]["OpenMM"], "7.7")
        self.assertIn("amber14-all.xml", summary["force_field"])
        self.assertEqual(summary["sampling"]["seed"], 42)
        with open(os.path.join(self.first, "progress.json"), encoding="utf-8") as fh:
            self.assertEqual(json.load(fh), {"done": 4, "total": 4, "unit": "cycles"})

    def test_stopped_run_resumes_to_the_same_models(self) -> None:
        proc = start(self.second)
        deadline = time.time() + 120
        while not glob.glob(os.path.join(self.second, "checkpoint", "*", "r*_c*.npz")):
            self.assertIsNone(proc.poll(), "the run ended before its first cycle was checkpointed")
            self.assertLess(time.time(), deadline)
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        code, err = finish(proc)
        self.assertEqual(code, 2, err)
        self.assertIn("YUNYAO_ERROR: ", err)
        self.assertIn("pepsearch.interrupted", err)
        self.assertFalse(os.path.exists(os.path.join(self.second, "out", "result.json")))

        code, err = finish(start(self.second))
        self.assertEqual(code, 0, err)
        self.assertEqual(read(self.second, "result.json"), read(self.first, "result.json"))
        self.assertEqual(read(self.second, "result.csv"), read(self.first, "result.csv"))
        self.assertEqual(pdb_atoms(read(self.second, "models.pdb")), pdb_atoms(read(self.first, "models.pdb")))


if __name__ == "__main__":
    unittest.main()
