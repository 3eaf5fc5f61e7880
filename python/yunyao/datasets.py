"""Where benchmarks and model training read the shared datasets: one setting, ``YUNYAO_DATASETS``.

The default is ``../shared/datasets``; a relative value is taken from the repository root, so a
command finds the same folder from any working directory. bench/support/datasets.ts follows the
same rule for the TypeScript benchmarks. Tests never read these datasets (they use test-fixtures/), except
the 3D affinity featuriser's check against the examples that ship with its training tables, which may not
be copied into the repository; that test is skipped where the datasets are absent.
"""

from __future__ import annotations

import os

SETTING = "YUNYAO_DATASETS"
DEFAULT = "../shared/datasets"
REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def datasets_dir() -> str:
    """The folder holding every dataset (it may not exist)."""
    return os.path.normpath(os.path.join(REPO_ROOT, os.environ.get(SETTING) or DEFAULT))


def dataset_path(name: str) -> str:
    """The folder of one dataset (``redock``, ``pockets``, ``tdc-admet``, ...); exits with a message saying
    which setting to change when it is missing, since only command-line programs read datasets."""
    path = os.path.join(datasets_dir(), name)
    if not os.path.isdir(path):
        raise SystemExit(
            f"datasets not found at {path}; set {SETTING} to the folder holding {name}/ "
            f"(default {DEFAULT}, relative to the repository root)"
        )
    return path
