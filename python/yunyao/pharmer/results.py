"""Each molecule's finished result within one screen, kept in the step's checkpoint folder.

With a receptor a molecule costs seconds (its placements optimised by Vina), so a split screen's
chunks screen and rescore their molecules and keep the results here; the whole step, run after
them, reads them back instead of repeating the work (and a task run again resumes). One JSON file
per molecule, ``<dir>/<key[:2]>/<key>.json``, key = SHA-256 of the run's key (the query as used, the
settings, the receptor's bytes) and the molecule's SMILES, written atomically (cache.write_atomic).
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Optional

from .cache import write_atomic


class Results:
    def __init__(self, folder: str, run_key: str) -> None:
        self.folder = folder
        self.run_key = run_key

    def _path(self, smiles: str) -> str:
        key = hashlib.sha256(f"{self.run_key}\n{smiles}".encode("utf-8")).hexdigest()
        return os.path.join(self.folder, key[:2], f"{key}.json")

    def load(self, smiles: str) -> Optional[dict]:
        try:
            with open(self._path(smiles), encoding="utf-8") as fh:
                return json.load(fh)
        except (OSError, ValueError):
            return None

    def store(self, smiles: str, result: dict) -> None:
        try:
            write_atomic(self._path(smiles), json.dumps(result).encode("utf-8"))
        except OSError:
            pass  # a full disk costs the whole step this molecule's work again, nothing else


def run_key(*parts: object) -> str:
    """What decides a molecule's result besides its SMILES, hashed (JSON-serialisable parts)."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()
