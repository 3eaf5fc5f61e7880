"""The receptor preparation the engine tests start from (yunyao.protein_prep), through the test run's receptor cache.

A test run (scripts/vitest/receptor-cache.global.ts, passed on by packages/modules/shared/python-unit.test.ts) names
one receptor cache in YY_TEST_RECEPTOR_CACHE, as one long-running platform has one: test_affinity_sign and test_dock
both start from PDB entry 5DPV, and the second file restores the first's receptor instead of preparing it again
(5 s of CPU: PDBFixer, pdb2pqr/PROPKA, Open Babel). Without the variable (a file run by hand) every preparation runs.
The preparation itself is test_protein_prep's, the cache test_receptor_cache's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
RUN_CACHE_ENV = "YY_TEST_RECEPTOR_CACHE"
# What yunyao.protein_prep loads, for preparations forked from a test process (step_process). That process sets
# OPENMM_CPU_THREADS=1 before it loads them, as protein_prep does before it loads OpenMM, which reads it then.
PREP_PRELOAD = ("yunyao.protein_prep", "pdbfixer", "openmm.app", "openbabel.openbabel")


def prepare_receptor(folder: str, source: str) -> None:
    """protein_prepared.pdb and protein.pdbqt from ``source`` in ``folder``, with the same arguments (and so the same
    cache entry) for every test. No Vina check of the receptor: the tests score and dock with Vina, a stronger one."""
    shutil.copy(source, os.path.join(folder, "in.pdb"))
    cache = os.environ.get(RUN_CACHE_ENV)
    prep = subprocess.run(
        [sys.executable, "-m", "yunyao.protein_prep", "--input=in.pdb", "--log=prep.log", "--summary=prep_summary.json",
         "--rows=prep_rows.json", "--skip-vina-check", *([f"--cache-dir={cache}"] if cache else [])],
        cwd=folder, env={**os.environ, "PYTHONPATH": PYTHON_DIR}, capture_output=True, text=True, timeout=300,
    )
    assert prep.returncode == 0, prep.stderr
