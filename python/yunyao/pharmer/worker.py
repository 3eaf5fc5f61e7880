"""Screening one molecule: standardise, ensemble (cached), score; runs in the worker processes."""

from __future__ import annotations

import time
from typing import Optional

from ..common import smiles_length_problem
from .cache import ensemble_for
from .conformers import ConformerError, canonical_smiles, standardise, with_coords
from .score import QueryPoints, score_ensemble

# Set once per worker process by ``init`` (the query is the same for every molecule).
_STATE: dict = {}


def init(query: QueryPoints, count: int, seed: int, cache_dir: Optional[str]) -> None:
    from rdkit import RDLogger

    # Per-molecule failures become error rows with their own reason; RDKit's log would only flood stderr.
    RDLogger.DisableLog("rdApp.*")
    _STATE.update(query=query, count=count, seed=seed, cache_dir=cache_dir)


def _standard_smiles(smiles: str) -> str:
    from rdkit import Chem

    problem = smiles_length_problem(smiles)
    if problem:
        raise ConformerError(problem)
    mol = Chem.MolFromSmiles(smiles) if smiles and not any(c.isspace() for c in smiles) else None
    if mol is None:
        raise ConformerError(f"SMILES “{smiles[:120]}” 无法解析")
    std = standardise(mol)
    if std is None or std.GetNumAtoms() == 0:
        raise ConformerError("分子无法标准化（RDKit 无法处理其价态或芳香性）")
    return canonical_smiles(std)


def _ensemble(smiles: str):
    """The molecule's ensemble (cached) and whether it came from the cache; raises ConformerError."""
    return ensemble_for(_standard_smiles(smiles), _STATE["count"], _STATE["seed"], _STATE["cache_dir"])


def cache_one(smiles: str) -> dict:
    """Only the ensemble, into the cache (a chunk of a split screen): ``{}`` or ``{error}``."""
    try:
        _ensemble(smiles)
    except ConformerError as exc:
        return {"error": str(exc)}
    return {}


def screen_one(smiles: str) -> dict:
    """``{row, molblock, clashedMatch, cached, seconds {conformers, matching}, conformers}`` or ``{error}``."""
    from ..sd_records import MoleculeWriteError, molblock

    q: QueryPoints = _STATE["query"]
    started = time.monotonic()
    try:
        ens, cached = _ensemble(smiles)
    except ConformerError as exc:
        return {"error": str(exc)}
    built = time.monotonic()
    best = score_ensemble(q, ens)
    try:
        block = molblock(with_coords(ens.mol, best.coords))
    except MoleculeWriteError as exc:
        # A molecule whose placed conformer cannot be written is an error row, not the screen's end.
        return {"error": str(exc)}
    ov = best.overlay
    return {
        "cached": cached,
        "clashedMatch": best.clashed_match,
        "conformers": len(ens.points),
        "seconds": {"conformers": built - started, "matching": time.monotonic() - built},
        "row": {
            "score": round(best.score, 3),
            "pass": best.passed,
            "rmsd": None if ov.rmsd is None else round(ov.rmsd, 3),
            "shape": round(ov.shape, 3),
            "matched": best.matched,
            "features": [q.ids[i] for i, _ in ov.pairs],
            "reference": best.reference + 1,
            "clash": best.clash,
        },
        "molblock": block,
    }
