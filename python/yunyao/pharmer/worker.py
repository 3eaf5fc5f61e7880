"""Screening molecules: standardise, ensemble (cached), score, and, with a receptor, the physical
rescoring of each group's placements (one Vina process per group); runs in the worker processes.
Finished molecules are kept in the screen's checkpoint (results.py) and read back from it."""

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
    """What every worker shares: the query, the ensembles' settings, the rescoring (with a receptor) and the checkpoint."""

    query: QueryPoints
    count: int
    seed: int
    cache_dir: Optional[str]
    rescoring: Optional[Rescoring]
    results: Optional[Results]


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


def screen_group(smiles: list[str]) -> list[dict]:
    """Each molecule's result: from the checkpoint (``checkpointed`` set), or screened (screen_one) and,
    with a receptor, its best placements optimised in it, one Vina process for the group (rescore.py)."""
    kept: Optional[Results] = _STATE["results"]
    results = [kept.load(s) if kept else None for s in smiles]
    for r in results:
        if r is not None:
            r["checkpointed"] = True
    todo = [i for i, r in enumerate(results) if r is None]
    fresh = [screen_one(smiles[i]) for i in todo]
    rescoring: Optional[Rescoring] = _STATE["rescoring"]
    if rescoring is not None:
        _rescore(fresh, rescoring)
    for i, res in zip(todo, fresh):
        results[i] = res
        if kept:
            kept.store(smiles[i], res)
    return results


def _rescore(results: list[dict], rescoring: Rescoring) -> None:
    """Adds each molecule's Vina energy (the lowest over its optimised placements, in ``row.vina``; each
    placement's in ``row.vinaPoses``) and puts the optimised pose of that energy in ``molblock``."""
    from ..sd_records import MoleculeWriteError, molblock

    started = time.monotonic()
    poses = [(i, p) for i, res in enumerate(results) for p in res.pop("_poses", [])]
    with tempfile.TemporaryDirectory(prefix="pharmer_vina_") as work:
        done = minimise(rescoring.receptor, rescoring.box, [p for _i, p in poses], work)
    for i, res in enumerate(results):
        if "error" in res:
            continue
        mine = [m for (owner, _p), m in zip(poses, done) if owner == i]
        best = min((m for m in mine if m is not None), key=lambda m: m.energy, default=None)
        res["row"]["vina"] = None if best is None else round(best.energy, 3)
        res["row"]["vinaPoses"] = [None if m is None else round(m.energy, 3) for m in mine]
        if best is not None:
            try:
                res["molblock"] = molblock(best.mol)
            except MoleculeWriteError:
                pass  # the aligned placement stays the shown pose
    share = (time.monotonic() - started) / max(1, len(results))
    for res in results:
        if "seconds" in res:
            res["seconds"]["rescoring"] += share


def screen_one(smiles: str) -> dict:
    """``{row, molblock, clashedMatch, cached, seconds {conformers, matching, rescoring}, conformers}`` or ``{error}``;
    with a receptor also ``_poses``, the placements to rescore."""
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
    rescoring: Optional[Rescoring] = _STATE["rescoring"]
    extra = {"_poses": poses_in_box(ens.mol, best.placements, rescoring.box)} if rescoring is not None else {}
    return {
        **extra,
        "cached": cached,
        "clashedMatch": best.clashed_match,
        "conformers": len(ens.points),
        "seconds": {"conformers": built - started, "matching": matched - built, "rescoring": time.monotonic() - matched},
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
