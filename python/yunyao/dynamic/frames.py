"""Scored snapshots of one ligand, kept in its checkpoint folder so a resumed run keeps them.

``frames.jsonl`` holds one line per snapshot (step, time, the four terms, the per-residue split when
taken) and ``frames/<step>.npy`` the water-stripped coordinates (nm, float32) for RMSD and the
trajectory file. A resume first drops what lies at or after the checkpoint's step.
"""

from __future__ import annotations

import json
import os
from typing import Optional

import numpy as np

from ..common import write_json


class FrameStore:
    def __init__(self, folder: str) -> None:
        self.index = os.path.join(folder, "frames.jsonl")
        self.coords = os.path.join(folder, "frames")
        os.makedirs(self.coords, exist_ok=True)

    def records(self) -> list[dict]:
        if not os.path.isfile(self.index):
            return []
        with open(self.index, encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]

    def drop_from(self, step: int) -> None:
        kept = [r for r in self.records() if r["step"] < step]
        tmp = self.index + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(r) + "\n" for r in kept)
        os.replace(tmp, self.index)
        steps = {r["step"] for r in kept}
        for name in os.listdir(self.coords):
            if int(name.split(".")[0]) not in steps:
                os.remove(os.path.join(self.coords, name))

    def add(self, record: dict, xyz: np.ndarray) -> None:
        np.save(os.path.join(self.coords, f"{record['step']}.npy"), xyz.astype(np.float32))
        with open(self.index, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(record) + "\n")
            fh.flush()
            os.fsync(fh.fileno())

    def xyz(self, step: int) -> np.ndarray:
        return np.load(os.path.join(self.coords, f"{step}.npy")).astype(np.float64)


def save_result(folder: str, result: dict) -> None:
    """A finished ligand's outputs, so a restarted task does not run it again."""
    write_json(os.path.join(folder, "result.json"), result)


def load_result(folder: str) -> Optional[dict]:
    path = os.path.join(folder, "result.json")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)
