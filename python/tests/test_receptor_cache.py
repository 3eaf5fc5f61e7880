"""Prepared receptors shared between tasks (yunyao.receptor_cache through yunyao.protein_prep --cache-dir),
on the 20-residue p38 pocket of test-fixtures/mmgbsa (a few seconds per preparation).

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_receptor_cache
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import unittest

from tests.receptor_support import PREP_PRELOAD
from tests.step_process import run_module

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
# The preparations are forked from this process with OpenMM loaded (step_process): with one thread, as
# yunyao.protein_prep sets before it loads OpenMM.
os.environ["OPENMM_CPU_THREADS"] = "1"
POCKET = os.path.join(HERE, "..", "..", "test-fixtures", "mmgbsa", "p38_pocket.pdb")
OUTPUTS = ("protein_prepared.pdb", "protein.pdbqt", "prep-rows.json")


class ReceptorCache(unittest.TestCase):
    """Every test starts from one task's preparation of the pocket, the cache's first entry."""

    root: str
    cache: str
    first: tuple[subprocess.CompletedProcess[str], str]

    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.TemporaryDirectory()
        cls.root = cls.tmp.name
        cls.cache = os.path.join(cls.root, "cache")
        cls.first = cls.prepare("first")
        assert cls.first[0].returncode == 0, cls.first[0].stderr

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    @classmethod
    def prepare(cls, task: str, *extra: str, text: str | None = None) -> tuple[subprocess.CompletedProcess[str], str]:
        """One task's preparation in its own folder, as the worker runs it, with the shared cache."""
        workdir = os.path.join(cls.root, task)
        os.makedirs(workdir)
        if text is None:
            shutil.copy(POCKET, os.path.join(workdir, "p38.pdb"))
        else:
            with open(os.path.join(workdir, "p38.pdb"), "w", encoding="utf-8") as fh:
                fh.write(text)
        proc = run_module(
            "yunyao.protein_prep",
            ["--input=p38.pdb", "--name=p38.pdb", "--out-pdb=protein_prepared.pdb", "--out-pdbqt=protein.pdbqt", "--log=prep.log",
             "--summary=prep-summary.json", "--rows=prep-rows.json",
             # No Vina check of the receptor: it is one more setting of the key, not what the cache does, and each
             # check is a Vina process (about 2 s of CPU) in every one of the four preparations below.
             "--skip-vina-check", f"--cache-dir={cls.cache}", *extra],
            workdir, env={**os.environ, "PYTHONPATH": PYTHON_DIR}, timeout=300, preload=PREP_PRELOAD,
        )
        return proc, workdir

    def entries(self) -> list[str]:
        return sorted(e for e in os.listdir(self.cache) if not e.startswith("."))

    def test_a_second_task_gets_the_same_files_from_the_cache_and_says_so(self) -> None:
        a = self.first[1]
        entries = self.entries()
        second, b = self.prepare("second")
        self.assertEqual(second.returncode, 0, second.stderr)
        for name in OUTPUTS:
            with open(os.path.join(a, name), "rb") as fa, open(os.path.join(b, name), "rb") as fb:
                self.assertEqual(fa.read(), fb.read(), name)
        with open(os.path.join(b, "prep-summary.json"), encoding="utf-8") as fh:
            summary = json.load(fh)
        self.assertTrue(summary["cacheHit"])
        self.assertGreater(summary["hydrogensAdded"], 0)
        with open(os.path.join(a, "prep-summary.json"), encoding="utf-8") as fh:
            self.assertFalse(json.load(fh).get("cacheHit", False))
        with open(os.path.join(b, "prep.log"), encoding="utf-8") as fh:
            self.assertIn("沿用此前任务已处理的同一蛋白结构", fh.read())
        self.assertEqual(self.entries(), entries)

    def test_other_settings_or_bytes_prepare_anew(self) -> None:
        before = len(self.entries())
        other_ph, _ = self.prepare("ph6", "--ph=6.0")
        self.assertEqual(other_ph.returncode, 0, other_ph.stderr)
        with open(POCKET, encoding="utf-8") as fh:
            other_bytes, c = self.prepare("edited", text="REMARK   1 AN EDITED COPY\n" + fh.read())
        self.assertEqual(other_bytes.returncode, 0, other_bytes.stderr)
        with open(os.path.join(c, "prep-summary.json"), encoding="utf-8") as fh:
            self.assertFalse(json.load(fh).get("cacheHit", False))
        self.assertEqual(len(self.entries()), before + 2)

    def test_a_refused_input_leaves_no_entry(self) -> None:
        entries = self.entries()
        refused, _ = self.prepare("refused", text="this is not a PDB file\n")
        self.assertNotEqual(refused.returncode, 0)
        self.assertEqual(self.entries(), entries)


if __name__ == "__main__":
    unittest.main()
