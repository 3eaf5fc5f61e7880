"""Prepared receptors shared between tasks, keyed by everything that decides the preparation's output.

A docking screen, its 3D-affinity follow-up and a re-run against the same target all upload the same
protein; preparing it (PDBFixer, pdb2pqr/PROPKA, Open Babel, a Vina check) takes 5–40 s each time and
gives the same files. An entry is the folder of those files, named by a SHA-256 over the input's bytes,
the preparation's arguments, the engines' versions and the source of the preparation code itself (so
an edit to it never serves a receptor the new code would prepare differently). Entries appear by an
atomic rename of a finished folder, so tasks running side by side never see half an entry.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from typing import Sequence

from .common import file_sha256

# Bump when an entry's layout changes.
CACHE_FORMAT = 1


def cache_key(input_path: str, settings: dict, versions: dict, code_paths: Sequence[str]) -> str:
    """The entry's name: input bytes, settings (JSON-serialisable), engine versions and code, hashed together."""
    described = {
        "format": CACHE_FORMAT,
        "input": file_sha256(input_path),
        "settings": settings,
        "versions": versions,
        "code": [file_sha256(p) for p in code_paths],
    }
    return hashlib.sha256(json.dumps(described, sort_keys=True).encode()).hexdigest()


def restore(cache_dir: str, key: str, outputs: Sequence[str]) -> bool:
    """Copies the entry's files to ``outputs`` (matched by file name); False when there is no entry."""
    entry = os.path.join(cache_dir, key)
    if not all(os.path.isfile(os.path.join(entry, os.path.basename(f))) for f in outputs):
        return False
    for f in outputs:
        shutil.copyfile(os.path.join(entry, os.path.basename(f)), f)
    return True


def store(cache_dir: str, key: str, outputs: Sequence[str]) -> None:
    """Adds ``outputs`` as the entry ``key``; a concurrent task that stored it first wins, with the same files."""
    os.makedirs(cache_dir, exist_ok=True)
    entry = os.path.join(cache_dir, key)
    if os.path.isdir(entry):
        return
    staging = tempfile.mkdtemp(prefix=".staging-", dir=cache_dir)
    try:
        for f in outputs:
            shutil.copyfile(f, os.path.join(staging, os.path.basename(f)))
        os.rename(staging, entry)
    except OSError:
        # The entry appeared meanwhile (rename onto a non-empty folder fails) or the disk is full:
        # the task's own files are complete either way, so caching is skipped, never the task.
        shutil.rmtree(staging, ignore_errors=True)
