"""Screening molecules: standardise, ensemble (cached), score; then, with a receptor, the physical
rescoring of the chosen molecules' placements (one Vina process per group); runs in the worker processes.
Finished molecules, and finished rescorings apart, are kept in the screen's checkpoint (results.py) and
read back from it."""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from typing import Optional

from ..common import smiles_length_problem
from .cache import ensemble_for
from .conformers import ConformerError, canonical_smiles, standardise, with_coords
from .rescore import Box, minimise, poses_in_box
from .results import Results
from .score import QueryPoints, score_ensemble

# Set once per worker process by ``init`` (the query is the same for every molecule).
_STATE: dict = {}


@dataclass
class Rescoring:
    receptor: str  # Vina PDBQT of the receptor (protein_prep)
    box: Box


@dataclass
class Setup:
    """What every worker shares: the query, the ensembles' settings, the rescoring (with a receptor) and the
    checkpoint: screened molecules in ``results``, rescored ones in ``rescored``."""

    query: QueryPoints
    count: int
    seed: int
    cache_dir: Optional[str]
    rescoring: Optional[Rescoring]
    results: Optional[Results]
    rescored: Optional[Results]


def init(setup: Setup) -> None:
    from openbabel import openbabel as ob
    from rdkit import RDLogger

    # Per-molecule failures become error rows with their own reason; RDKit's and Open Babel's logs would only flood stderr.
    RDLogger.DisableLog("rdApp.*")
    ob.obErrorLog.SetOutputLevel(0)
    _STATE.update(vars(setup))


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


def _checkpointed(kept: Optional[Results], smiles: list[str], work) -> list[dict]:
    """Each molecule's result from the checkpoint (``checkpointed`` set) or from ``work`` (the missing ones
    at once), kept there."""
    results = [kept.load(s) if kept else None for s in smiles]
    for r in results:
        if r is not None:
            r["checkpointed"] = True
    todo = [i for i, r in enumerate(results) if r is None]
    for i, res in zip(todo, work([smiles[i] for i in todo]) if todo else []):
        results[i] = res
        if kept:
            kept.store(smiles[i], res)
    return results


def screen_group(smiles: list[str]) -> list[dict]:
    """Each molecule's result (screen_one), from the checkpoint or screened."""
    return _checkpointed(_STATE["results"], smiles, lambda todo: [screen_one(s) for s in todo])


def rescore_group(smiles: list[str]) -> list[dict]:
    """Each (screened) molecule's rescoring: ``{vina, vinaPoses, molblock, seconds}``, from the checkpoint
    or its best placements optimised in the receptor, one Vina process for the group (rescore.py)."""
    return _checkpointed(_STATE["rescored"], smiles, _rescore)


def _rescore(smiles: list[str]) -> list[dict]:
    """``vina``: the lowest energy over the molecule's optimised placements (None without any), ``vinaPoses``
    each placement's, ``molblock`` the optimised pose of that energy (None: the aligned placement stays).
    The placements are the screen's own: the ensemble is read again (the cache holds it) and scored again."""
    from ..sd_records import MoleculeWriteError, molblock

    rescoring: Rescoring = _STATE["rescoring"]
    started = time.monotonic()
    poses = []
    for i, s in enumerate(smiles):
        ens, _cached = _ensemble(s)
        poses += [(i, p) for p in poses_in_box(ens.mol, score_ensemble(_STATE["query"], ens).placements, rescoring.box)]
    with tempfile.TemporaryDirectory(prefix="pharmer_vina_") as work:
        done = minimise(rescoring.receptor, rescoring.box, [p for _i, p in poses], work)
    share = (time.monotonic() - started) / len(smiles)
    out = []
    for i in range(len(smiles)):
        mine = [m for (owner, _p), m in zip(poses, done) if owner == i]
        best = min((m for m in mine if m is not None), key=lambda m: m.energy, default=None)
        try:
            block = None if best is None else molblock(best.mol)
        except MoleculeWriteError:
            block = None
        out.append({
            "vina": None if best is None else round(best.energy, 3),
            "vinaPoses": [None if m is None else round(m.energy, 3) for m in mine],
            "molblock": block,
            "seconds": share,
        })
    return out


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
    matched = time.monotonic()
    return {
        "cached": cached,
        "clashedMatch": best.clashed_match,
        "conformers": len(ens.points),
        "seconds": {"conformers": built - started, "matching": matched - built},
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
