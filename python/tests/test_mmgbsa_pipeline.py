"""Binding free energy (yunyao.dynamic) end to end on a p38 pocket fragment, at picosecond settings.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_mmgbsa_pipeline
The fixture (test-fixtures/mmgbsa, CC-BY-4.0) is 20 residues of p38 around lig_p38a_2v, so one run
takes under a minute on one core.
"""

from __future__ import annotations

import csv
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.join(HERE, "..")
FIXTURES = os.path.join(HERE, "..", "..", "test-fixtures", "mmgbsa")
# 0.4 ps of equilibration, 0.75 ps of production (the module's parameters), a snapshot every 0.25 ps: 3 snapshots,
# the fewest that leave the killed run (below) one snapshot after the kill. Each snapshot is an MM/GBSA score and a
# per-residue decomposition (two GB energies per pocket residue), the bulk of a run's CPU.
TINY_PARAMS = {"btime": 0.0004, "stime": 0.00075, "seed": 7}
SNAPSHOTS = 3
TINY = ["--snapshot-ps=0.25", "--padding-nm=0.6", "--cpu=1", "--params=params.json"]
sys.path.insert(0, PYTHON_DIR)

from yunyao.messages import render  # noqa: E402
from yunyao.params import write_params  # noqa: E402


def start(workdir: str, zip_name: str, extra: tuple[str, ...] = ()) -> subprocess.Popen:
    shutil.copy(os.path.join(FIXTURES, "p38_pocket.pdb"), workdir)
    shutil.copy(os.path.join(FIXTURES, zip_name), os.path.join(workdir, "poses.zip"))
    write_params(workdir, "dynamic", TINY_PARAMS)
    cmd = [
        sys.executable, "-m", "yunyao.dynamic", "--protein=p38_pocket.pdb",
        '--ligands-json=[{"path": "poses.zip", "name": "poses.zip"}]', "--checkpoint-dir=checkpoint",
        "--progress=progress.json", "--out-dir=out", *TINY, *extra,
    ]
    env = {**os.environ, "PYTHONPATH": PYTHON_DIR, "YUNYAO_MMGBSA_PLATFORM": "CPU"}
    return subprocess.Popen(cmd, cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def run(workdir: str, zip_name: str = "p38_one_good_one_bad.zip", extra: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    proc = start(workdir, zip_name, extra)
    out, err = proc.communicate(timeout=600)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def rows(workdir: str) -> list[dict]:
    with open(os.path.join(workdir, "out", "result.json"), encoding="utf-8") as fh:
        return json.load(fh)


def frame_records(workdir: str) -> list[dict]:
    with open(os.path.join(workdir, "checkpoint", "lig_p38a_2v", "frames.jsonl"), encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


class Pipeline(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.TemporaryDirectory()
        cls.first = os.path.join(cls.tmp.name, "first")
        os.makedirs(cls.first)
        cls.result = run(cls.first)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    def workdir(self, name: str) -> str:
        path = os.path.join(self.tmp.name, name)
        os.makedirs(path)
        return path

    def good_row(self, workdir: str) -> dict:
        return next(r for r in rows(workdir) if r["ID"] == "lig_p38a_2v")

    def test_components_are_finite_and_add_up_to_the_total(self) -> None:
        self.assertEqual(self.result.returncode, 0, self.result.stderr[-2000:])
        row = self.good_row(self.first)
        parts = [row[k] for k in ("vdw", "elec", "polar", "nonpolar")]
        self.assertAlmostEqual(row["dG"], sum(parts), delta=0.01)
        self.assertEqual(row["snapshots"], SNAPSHOTS)
        self.assertLess(row["vdw"], 0)  # the pose sits in the pocket: real contacts
        self.assertGreater(row["polar"], 0)  # burying polar groups costs solvation
        self.assertLess(row["dG"], 0)
        for key in ("dG_sem", "vdw_sem", "elec_sem", "polar_sem", "nonpolar_sem"):
            self.assertGreaterEqual(row[key], 0)
        self.assertTrue(row["charge_method"].startswith("AM1-ESP"))

    def test_a_bad_mol2_becomes_its_own_error_row(self) -> None:
        bad = next(r for r in rows(self.first) if r["ID"] == "broken")
        self.assertTrue(bad["error"].startswith("dynamic.fileUnparsable#"), bad["error"])  # the id, rendered per reader
        self.assertIn("broken.mol2", bad["error"])
        self.assertIsNone(bad["dG"])
        with open(os.path.join(self.first, "out", "result.csv"), encoding="utf-8") as fh:
            table = list(csv.DictReader(fh))
        self.assertEqual([r["ID"] for r in table], ["broken", "lig_p38a_2v"])
        self.assertEqual(table[0]["error"], render(bad["error"]))  # the CSV is for people: the reason in Chinese
        self.assertIn("无法解析", table[0]["error"])

    def test_result_files(self) -> None:
        out = os.path.join(self.first, "out")
        with open(os.path.join(out, "decomposition.json"), encoding="utf-8") as fh:
            top = json.load(fh)["lig_p38a_2v"]
        self.assertTrue(0 < len(top) <= 15)
        self.assertEqual(top, sorted(top, key=lambda r: r["total"]))
        self.assertRegex(top[0]["residue"], r"^[A-Z]:[A-Z]{3}\d+")
        self.assertAlmostEqual(top[0]["total"], top[0]["vdw"] + top[0]["elec"] + top[0]["solv"], delta=0.01)
        with open(os.path.join(out, "rmsd.json"), encoding="utf-8") as fh:
            rmsd = json.load(fh)["lig_p38a_2v"]
        self.assertEqual(len(rmsd["time_ps"]), SNAPSHOTS)
        self.assertTrue(all(0 <= v < 5 for v in rmsd["rmsd"]))
        with open(os.path.join(out, "traj_lig_p38a_2v.pdb"), encoding="utf-8") as fh:
            text = fh.read()
        self.assertEqual(text.count("MODEL"), SNAPSHOTS)
        self.assertNotIn("HOH", text)
        with open(os.path.join(out, "summary.json"), encoding="utf-8") as fh:
            summary = json.load(fh)
        self.assertEqual(summary["engine"]["openmm"][:3], "7.7")
        self.assertEqual(summary["salt"], "NaCl")
        self.assertGreater(summary["ligands"]["lig_p38a_2v"]["nsPerDay"], 0)
        with open(os.path.join(self.first, "progress.json"), encoding="utf-8") as fh:
            progress = json.load(fh)
        self.assertEqual((progress["done"], progress["total"], progress["unit"]), (0.001152, 0.001152, "ns"))  # 100 + 188 steps of 4 fs
        self.assertEqual(progress["estimate"]["label"], "dG")
        self.assertTrue(math.isfinite(progress["estimate"]["value"]))

    def test_a_killed_run_resumes_where_it_stopped(self) -> None:
        workdir = self.workdir("killed")
        proc = start(workdir, "p38_one_good_one_bad.zip", ("--checkpoint-every-s=0",))
        frames = os.path.join(workdir, "checkpoint", "lig_p38a_2v", "frames.jsonl")
        deadline = time.monotonic() + 500
        # Two snapshots in: the kill lands mid-production, after a checkpoint past the first one.
        while not (os.path.isfile(frames) and len(frame_records(workdir)) >= 2) and time.monotonic() < deadline:
            time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=300)
        self.assertEqual(proc.returncode, 2, err[-2000:])
        self.assertIn("YUNYAO_ERROR: dynamic.interrupted", err)
        with open(os.path.join(workdir, "checkpoint", "lig_p38a_2v", "meta.json"), encoding="utf-8") as fh:
            stopped_at = json.load(fh)["step"]
        self.assertGreater(stopped_at, 100)  # past equilibration: the resume must not start from zero
        resumed = run(workdir, extra=("--checkpoint-every-s=0",))
        self.assertEqual(resumed.returncode, 0, resumed.stderr[-2000:])
        self.assertIn(f"从检查点继续：lig_p38a_2v 第 {stopped_at} 步", resumed.stderr)
        self.assertEqual(self.good_row(workdir)["snapshots"], SNAPSHOTS)
        # Up to the kill this second process repeats the first one exactly (same seed, one thread: the
        # repeatability check), and those snapshots are kept, not redone.
        # After it the Langevin noise differs (OpenMM's CPU checkpoint does not restore it), so only the
        # count is compared there.
        kept = [f for f in frame_records(workdir) if f["step"] < stopped_at]
        self.assertTrue(kept)
        self.assertEqual(kept, frame_records(self.first)[: len(kept)])


class AllBad(unittest.TestCase):
    def test_every_pose_bad_fails_with_the_first_reason(self) -> None:
        with tempfile.TemporaryDirectory() as workdir:
            with zipfile.ZipFile(os.path.join(FIXTURES, "p38_one_good_one_bad.zip")) as src:
                broken = src.read("broken.mol2")
            only_bad = os.path.join(workdir, "only_bad.zip")
            with zipfile.ZipFile(only_bad, "w") as dst:
                dst.writestr("broken.mol2", broken)
            result = run(workdir, only_bad)  # an absolute path: start() copies it as poses.zip
            self.assertEqual(result.returncode, 2)
            self.assertIn('YUNYAO_INPUT_ERROR: dynamic.fileUnparsable#{"file":"poses.zip/broken.mol2"', result.stderr)


if __name__ == "__main__":
    unittest.main()
