"""The re-scorer's training table: every candidate pocket of the COACH420 subset and of the other holo
structures (Astex, DUD-E fabp4, the FEP p38 receptor, the PDBbind whole-protein examples) with its
features and each structure's chain sequences.

The features are computed by the TypeScript detector itself (bench/pockets-features.ts), so training
sees exactly the numbers that Node and the browser compute; that program reads the dataset through
YUNYAO_DATASETS like every benchmark.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from dataclasses import dataclass, field

import numpy as np

from ..datasets import REPO_ROOT
from .families import one_letter

EXPORTER = "bench/pockets-features.ts"


@dataclass
class Structure:
    id: str
    source: str  # "coach420" (the benchmark, split by index) or the extra training set it came from
    index: int  # position in coach420_subset.ds; -1 for extra structures
    ligands: int
    features: np.ndarray  # pockets x features, float32 as XGBoost sees them
    geometric: np.ndarray  # the detector's hand-set score (the order before re-scoring)
    hits: list[list[int]]  # per pocket, the relevant ligands its centre hits (DCA <= 4 A)
    sequences: list[str] = field(default_factory=list)  # one-letter sequence per chain (families.py)

    @property
    def entry(self) -> str:
        """The PDB entry, which grouped folds keep together (COACH420 ids are entry + chain)."""
        return self.id[:4] if self.source == "coach420" else self.id

    @property
    def labels(self) -> np.ndarray:
        return np.array([1.0 if h else 0.0 for h in self.hits], dtype=np.float32)


@dataclass
class Table:
    feature_names: list[str]
    structures: list[Structure]
    sha256: str  # of the exported JSON, recorded in the model card


def export_features() -> bytes:
    """Runs the TypeScript exporter; its stdout is the whole table as JSON."""
    return subprocess.run(["npx", "tsx", EXPORTER], cwd=REPO_ROOT, check=True, capture_output=True).stdout


def load_table(raw: bytes) -> Table:
    data = json.loads(raw)
    structures = [
        Structure(
            id=s["id"],
            source=s["source"],
            index=s["index"],
            ligands=s["ligands"],
            features=np.array([p["features"] for p in s["pockets"]], dtype=np.float32).reshape(len(s["pockets"]), len(data["featureNames"])),
            geometric=np.array([p["geometricScore"] for p in s["pockets"]], dtype=np.float64),
            hits=[p["hits"] for p in s["pockets"]],
            sequences=[one_letter(residues) for residues in s["chains"].values()],
        )
        for s in data["structures"]
    ]
    return Table(data["featureNames"], structures, hashlib.sha256(raw).hexdigest())


def stack(structures: list[Structure]) -> tuple[np.ndarray, np.ndarray]:
    """All pockets of the given structures as one matrix and label vector."""
    if not structures:
        raise ValueError("no structures")
    return np.vstack([s.features for s in structures]), np.concatenate([s.labels for s in structures])
