"""Binding free energy (yunyao.dynamic) end to end on a p38 pocket fragment, at picosecond settings.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_mmgbsa_pipeline
The fixture (test-fixtures/mmgbsa, CC-BY-4.0) is 20 residues of p38 around lig_p38a_2v, so one run
takes a few seconds on one core.
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
# 0.2 ps of equilibration, 0.4 ps of production (the module's parameters), a snapshot every 0.1 ps: 4 snapshots,
# so that the killed run (below), stopped after its first, has about a second of work left when the signal comes.
# Each snapshot is an MM/GBSA score and a per-residue decomposition (two GB energies per pocket residue). With
# 0.5 nm of water around the pocket (periodic images one cutoff apart) the minimisation and the steps cost about
# half of what 0.6 nm did.
TINY_PARAMS = {"btime": 0.0002, "stime": 0.0004, "seed": 7}
EQUILIBRATION_STEPS, PRODUCTION_STEPS = 50, 100  # of 4 fs
SNAPSHOTS = 4
TINY = ["--snapshot-ps=0.1", "--padding-nm=0.5", "--cpu=1", "--params=params.json"]
# The CPU platform, also for the runs forked from this process (step_process), which keep its environment.
os.environ["YUNYAO_MMGBSA_PLATFORM"] = "CPU"
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}
# What the step imports, loaded once here for the runs forked from this process.
PRELOAD = ("yunyao.dynamic.cli", "yunyao.dynamic.ligand_run", "pdbfixer", "parmed", "mdtraj")
sys.path.insert(0, PYTHON_DIR)

from tests.step_process import run_module  # noqa: E402
from yunyao.messages import render  # noqa: E402
from yunyao.params import write_params  # noqa: E402


def stage(workdir: str, zip_name: str, extra: tuple[str, ...]) -> list[str]:
    """The step's inputs in ``workdir``; its arguments."""
    shutil.copy(os.path.join(FIXTURES, "p38_pocket.pdb"), workdir)
    shutil.copy(os.path.join(FIXTURES, zip_name), os.path.join(workdir, "poses.zip"))
    write_params(workdir, "dynamic", TINY_PARAMS)
    return [
        "--protein=p38_pocket.pdb", '--ligands-json=[{"path": "poses.zip", "name": "poses.zip"}]', "--checkpoint-dir=checkpoint",
        "--progress=progress.json", "--out-dir=out", *TINY, *extra,
    ]


def start(workdir: str, zip_name: str, extra: tuple[str, ...] = ()) -> subprocess.Popen:
    """A run in a process of its own (a fresh interpreter), to be signalled."""
    cmd = [sys.executable, "-m", "yunyao.dynamic", *stage(workdir, zip_name, extra)]
    return subprocess.Popen(cmd, cwd=workdir, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def run(workdir: str, zip_name: str = "p38_one_good_one_bad.zip", extra: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    return run_module("yunyao.dynamic", stage(workdir, zip_name, extra), workdir, env=ENV, timeout=600, preload=PRELOAD)


def rows(workdir: str) -> list[dict]:
    with open(os.path.join(workdir, "out", "result.json"), encoding="utf-8") as fh:
        return json.load(fh)


def frame_records(workdir: str) -> list[dict]:
    with open(os.path.join(workdir, "checkpoint", "lig_p38a_2v", "frames.jsonl"), encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def checkpoint_step(workdir: str) -> int:
    """The step of the ligand's latest checkpoint (-1 before the first)."""
    try:
        with open(os.path.join(workdir, "checkpoint", "lig_p38a_2v", "meta.json"), encoding="utf-8") as fh:
            return json.load(fh)["step"]
    except FileNotFoundError:
        return -1


def past_first_snapshot(workdir: str) -> bool:
    if not os.path.isfile(os.path.join(workdir, "checkpoint", "lig_p38a_2v", "frames.jsonl")):
        return False
    taken = frame_records(workdir)
    return bool(taken) and checkpoint_step(workdir) > taken[0]["step"]


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
        ns = round((EQUILIBRATION_STEPS + PRODUCTION_STEPS) * 4e-6, 6)
        self.assertEqual((progress["done"], progress["total"], progress["unit"]), (ns, ns, "ns"))
        self.assertEqual(progress["estimate"]["label"], "dG")
        self.assertTrue(math.isfinite(progress["estimate"]["value"]))

    def test_a_killed_run_resumes_where_it_stopped(self) -> None:
        workdir = self.workdir("killed")
        proc = start(workdir, "p38_one_good_one_bad.zip", ("--checkpoint-every-s=0",))
        deadline = time.monotonic() + 500
        # The kill lands mid-production, after a checkpoint past the first snapshot, with snapshots still to take
        # (about a second of work: hence the frequent look).
        while not past_first_snapshot(workdir) and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=300)
        self.assertEqual(proc.returncode, 2, err[-2000:])
        self.assertIn("YUNYAO_ERROR: dynamic.interrupted", err)
        stopped_at = checkpoint_step(workdir)
        self.assertGreater(stopped_at, EQUILIBRATION_STEPS)  # past equilibration: the resume must not start from zero
        resumed = run(workdir, extra=("--checkpoint-every-s=0",))
        self.assertEqual(resumed.returncode, 0, resumed.stderr[-2000:])
        self.assertIn(f"从检查点继续：lig_p38a_2v 第 {stopped_at} 步", resumed.stderr)
        self.assertEqual(self.good_row(workdir)["snapshots"], SNAPSHOTS)
        # Up to the kill this second process, a fresh interpreter, repeats the first one exactly (same seed, one
        # thread: the repeatability check), and those snapshots are kept, not redone.
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
