"""Screen a SMILES library against a pharmacophore query.

    python -m yunyao.pharmer.screen --query=query.json --receptor=protein.pdb --receptor-pdbqt=protein.pdbqt \
        --ligands-json='[{"path":"inputs/0_mols.csv","name":"mols.csv"}]' --params=params.json \
        --conformers=30 --rescore-at-least=300 --rescore-percent=10 --cpu=2 [--cache-dir=/abs/dir] \
        --progress=progress.json [--out-dir=.]

The module's parameters come from params.json (``yunyao.params``): ``features`` (the query's
feature ids to enable; absent keeps the query's own flags), ``filter`` (molecules kept) and ``seed``.
Conformers per molecule are the module's own setting (part of the cache key), given as an option.
Writes result.json / result.csv (every molecule best first, cut to ``filter``, then error rows;
``pass`` marks those meeting the query), hits.sdf,
query.json (the enabled flags as used), statis.json, summary.json; progress.json as it goes.
With --receptor-pdbqt (the prepared receptor, protein_prep), once every molecule is screened, the
best of them by the rank score (--rescore-percent %, at least --rescore-at-least: the module's rule)
have their best placements optimised in it by Vina and head the list by the optimised energy, the
rest following by the rank score (rescore.py; ``vina`` in the rows, empty for the others; the
optimised pose in hits.sdf).  Molecules are handed to --cpu worker processes in groups, in input
order, and their results collected in that order, so the output does not depend on --cpu.  The pharmacophore sees the receptor through the query's excluded volumes; --receptor is
accepted for the record.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import tempfile
import time
from typing import Optional, Sequence

import numpy as np

from ..common import chunk_of, fail, file_sha256, one_line, reject_input, run_main, write_json
from ..autodock.dock import load_ligands
from ..params import load_params
from .cache import PROTOCOL
from .conformers import PRUNE_RMS
from .engines import engine_versions
from .outputs import rank_score_order, ranked_rows, write_hits_sdf, write_statis, write_tables
from .rescore import POSES, RESCORE_RULE, Box, RescoreFailed, rescored_count
from .results import Results, run_key
from .score import SCORE_RULE, QueryPoints
from .worker import Rescoring, Setup, init, rescore_group, screen_group

PROGRESS_EVERY_S = 2.0
# Molecules per worker task at most: each group's placements are optimised by one Vina process, whose
# start and grid (1–3 s) are then shared by a few hundred poses.
GROUP = 32


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.pharmer.screen")
    p.add_argument("--query", required=True)
    p.add_argument("--receptor", default="")
    p.add_argument("--receptor-pdbqt", default="", help="the prepared receptor: rescore the placements with Vina in it")
    p.add_argument("--checkpoint-dir", default="", help="where each finished molecule is kept (a split screen's chunks fill it)")
    p.add_argument("--ligands-json", required=True)
    p.add_argument("--params", required=True, help="the module's params.json: features, filter, seed")
    p.add_argument("--conformers", type=int, required=True)
    p.add_argument("--rescore-at-least", type=int, default=0, help="with a receptor: rescore at least this many of the best molecules by rank score")
    p.add_argument("--rescore-percent", type=int, default=0, help="with a receptor: rescore the best this many percent by rank score (rounded up)")
    p.add_argument("--cpu", type=int, default=1)
    p.add_argument("--cache-dir", default="")
    p.add_argument("--progress", default="progress.json")
    p.add_argument("--out-dir", default=".")
    p.add_argument("--chunk", default="", help="I/N: only fill the conformer cache for the molecules whose index is I modulo N")
    args = p.parse_args(argv)
    params = load_params(args.params)
    args.enabled, args.keep, args.seed = params.get("features", ""), params["filter"], params["seed"]
    if args.receptor_pdbqt and args.rescore_at_least <= 0 and args.rescore_percent <= 0:
        p.error("--receptor-pdbqt needs the rescoring rule: --rescore-at-least and/or --rescore-percent")
    return args


def apply_enabled(query: dict, enabled: str) -> list[dict]:
    """Set the query's enabled flags from the ``features`` parameter (ids) or keep its own; the enabled features."""
    if enabled.strip():
        wanted = [s.strip() for s in enabled.split(",") if s.strip()]
        known = {f["id"] for f in query["features"]}
        unknown = [w for w in wanted if w not in known]
        if unknown:
            reject_input("pharmer.featuresUnknown", features=", ".join(unknown), known=", ".join(sorted(known)))
        for f in query["features"]:
            f["enabled"] = f["id"] in wanted
    on = [f for f in query["features"] if f["enabled"]]
    if len(on) < 2:
        reject_input("pharmer.tooFewEnabled")
    return on


def query_points(query: dict, on: list[dict]) -> QueryPoints:
    from rdkit import Chem

    # Every reference's pose (queries written before they were all kept hold the first only).
    blocks = query["reference"].get("molblocks") or [query["reference"]["molblock"]]
    refs = [Chem.MolFromMolBlock(b) for b in blocks]
    if any(r is None for r in refs):
        fail("pharmer.queryReferenceUnreadable")
    # A feature's atoms are numbered across the references in order (query.py), so they say whose it is.
    ends = np.cumsum([r.GetNumAtoms() for r in refs])
    ex = query.get("excluded") or []
    return QueryPoints(
        ids=[f["id"] for f in on],
        families=[f["family"] for f in on],
        points=np.array([f["center"] for f in on], dtype=float),
        radii=np.array([f["radius"] for f in on], dtype=float),
        owners=[min(int(np.searchsorted(ends, f["atoms"][0], side="right")), len(refs) - 1) for f in on],
        excluded=np.array([e["center"] for e in ex], dtype=float).reshape(-1, 3),
        excluded_radii=np.array([e["radius"] for e in ex], dtype=float),
        references=refs,
    )


def _results(smiles: list[str], args: argparse.Namespace, setup: Setup, work=screen_group):
    """Each molecule's result (``work``: worker.screen_group or worker.rescore_group), in input order. Groups are
    at most GROUP molecules and small enough to keep every worker busy; a molecule's result does not depend on its group."""
    size = max(1, min(GROUP, math.ceil(len(smiles) / max(1, args.cpu))))
    groups = [smiles[i : i + size] for i in range(0, len(smiles), size)]
    try:
        if args.cpu <= 1 or len(groups) < 2:
            init(setup)
            for g in groups:
                yield from work(g)
            return
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(args.cpu, initializer=init, initargs=(setup,)) as pool:
            for results in pool.imap(work, groups):
                yield from results
    except RescoreFailed as exc:
        # Vina could not run at all (not one pose): the step fails with its reason.
        fail("pharmer.rescoreFailed", detail=one_line(exc, 300))


class _Progress:
    """progress.json: ``done`` of ``total`` (``unit``), written at most every PROGRESS_EVERY_S and at the end."""

    def __init__(self, path: str, total: int, unit: str) -> None:
        self.path, self.total, self.unit, self.last = path, total, unit, 0.0

    def update(self, done: int) -> None:
        if time.monotonic() - self.last > PROGRESS_EVERY_S or done == self.total:
            write_json(self.path, {"done": done, "total": self.total, "unit": self.unit})
            self.last = time.monotonic()


def _setup(args: argparse.Namespace, query: dict, q: QueryPoints, cache_dir: Optional[str]) -> Setup:
    """The workers' setup; a molecule kept in the checkpoint is reused only under the same query, settings and receptor."""
    rescoring = Rescoring(os.path.abspath(args.receptor_pdbqt), Box.around(q.references)) if args.receptor_pdbqt else None
    receptor = file_sha256(args.receptor_pdbqt) if args.receptor_pdbqt else ""
    key = run_key(query, args.conformers, args.seed, PROTOCOL, RESCORE_RULE, receptor)
    results = Results(os.path.abspath(args.checkpoint_dir), key) if args.checkpoint_dir else None
    # A molecule's rescoring does not depend on which others are rescored: kept apart, under its own key.
    rescored = Results(os.path.abspath(args.checkpoint_dir), run_key(key, "vina")) if args.checkpoint_dir and rescoring else None
    return Setup(q, args.conformers, args.seed, cache_dir, rescoring, results, rescored)


def screen(args: argparse.Namespace) -> dict:
    started = time.monotonic()
    try:
        with open(args.query, encoding="utf-8") as fh:
            query = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        fail("pharmer.queryUnreadable", detail=one_line(exc, 200))
    on = apply_enabled(query, args.enabled)
    q = query_points(query, on)
    # IDs as the docking step gives them (a repeated ID gets _2, _3 …); its seed only names its checkpoints.
    molecules = load_ligands(args.ligands_json, args.seed)
    cache_dir = os.path.abspath(args.cache_dir) if args.cache_dir else None
    if args.chunk:
        return screen_chunk(args, molecules, _setup(args, query, q, cache_dir))
    if cache_dir is None and args.receptor_pdbqt:
        # The rescoring reads the chosen molecules' ensembles again: without the module's cache, this screen's own.
        with tempfile.TemporaryDirectory(prefix="pharmer_cache_") as own:
            return _screen(args, query, q, molecules, _setup(args, query, q, own), None, started)
    return _screen(args, query, q, molecules, _setup(args, query, q, cache_dir), cache_dir, started)


def _screen(args: argparse.Namespace, query: dict, q: QueryPoints, molecules: list, setup: Setup, cache_dir: Optional[str], started: float) -> dict:
    """The whole step: every molecule screened, the best rescored (with a receptor), the outputs written."""
    rescoring = setup.rescoring
    rescoring_count = rescored_count(len(molecules), args.rescore_at_least, args.rescore_percent) if rescoring else 0
    # With the rescoring, progress counts the molecules screened, then those rescored.
    progress = _Progress(args.progress, len(molecules) + rescoring_count, "steps" if rescoring else "molecules")
    os.makedirs(args.out_dir, exist_ok=True)
    rows: list[dict] = []
    errors: list[dict] = []
    tally = {
        "hits": 0, "misses": 0, "checkpointed": 0, "checkpointed_rescorings": 0, "passed": 0, "clashed": 0, "conformers": 0, "rescored": 0,
        "t_conf": 0.0, "t_match": 0.0, "t_rescore": 0.0,
    }
    for mol, res in zip(molecules, _results([m.smiles for m in molecules], args, setup)):
        if "error" in res:
            errors.append({"ID": mol.id, "SMILES": mol.smiles, "error": res["error"]})
        else:
            tally["hits" if res["cached"] else "misses"] += 1
            tally["checkpointed"] += res.get("checkpointed", False)
            tally["passed"] += res["row"]["pass"]
            tally["clashed"] += res["clashedMatch"]
            tally["conformers"] += res["conformers"]
            tally["t_conf"] += res["seconds"]["conformers"]
            tally["t_match"] += res["seconds"]["matching"]
            rows.append({"ID": mol.id, "SMILES": mol.smiles, **res["row"], "total": len(q.ids), "_index": mol.index, "_molblock": res["molblock"]})
        progress.update(mol.index + 1)
    if len(errors) == len(molecules):
        fail("pharmer.noScreenable", count=len(molecules), reason=errors[0]["error"])
    if rescoring:
        chosen = sorted(rows, key=rank_score_order)[: rescored_count(len(rows), args.rescore_at_least, args.rescore_percent)]
        for row in rows:
            row["vina"] = None  # empty for a molecule not rescored
        for k, (row, res) in enumerate(zip(chosen, _results([r["SMILES"] for r in chosen], args, setup, rescore_group)), start=1):
            row["vina"], row["vinaPoses"] = res["vina"], res["vinaPoses"]
            if res["molblock"] is not None:
                row["_molblock"] = res["molblock"]
            tally["t_rescore"] += res["seconds"]
            tally["rescored"] += res["vina"] is not None
            tally["checkpointed_rescorings"] += res.get("checkpointed", False)
            progress.update(len(molecules) + k)
    progress.update(progress.total)
    kept = ranked_rows(rows, errors, args.keep, pass_first=rescoring is not None)
    write_tables(args.out_dir, kept)
    write_hits_sdf(args.out_dir, kept)
    write_statis(args.out_dir, kept)
    write_json(os.path.join(args.out_dir, "query.json"), query)
    summary = {
        "molecules": len(molecules),
        "hits": tally["passed"],
        "kept": len(kept) - len(errors),
        "failed": len(errors),
        "clashed": tally["clashed"],
        "rescored": tally["rescored"],
        "conformers": tally["conformers"],
        "cache": {"hits": tally["hits"], "misses": tally["misses"], "dir": cache_dir, "protocol": PROTOCOL},
        "checkpointed": tally["checkpointed"],
        "checkpointedRescorings": tally["checkpointed_rescorings"],
        "seconds": {
            "conformers": round(tally["t_conf"], 2), "matching": round(tally["t_match"], 2), "rescoring": round(tally["t_rescore"], 2),
            "total": round(time.monotonic() - started, 2),
        },
        "params": {
            "conformers": args.conformers, "pruneRms": PRUNE_RMS, "keep": args.keep, "cpu": args.cpu, "minMatched": q.min_matched,
            "score": SCORE_RULE, "references": len(q.references), "excludedVolumes": len(q.excluded),
            "rescore": {
                "rule": RESCORE_RULE, "poses": POSES, "box": vars(rescoring.box),
                "atLeast": args.rescore_at_least, "percent": args.rescore_percent, "molecules": rescored_count(len(rows), args.rescore_at_least, args.rescore_percent),
            } if rescoring else None,
        },
        "engines": engine_versions(vina=rescoring is not None),
        "enabled": q.ids,
        "seed": args.seed,
    }
    write_json(os.path.join(args.out_dir, "summary.json"), summary)
    return summary


def screen_chunk(args: argparse.Namespace, molecules: list, setup: Setup) -> dict:
    """A chunk of a split screen (the platform's StepChunks: a Slurm array element, say): its share of the
    molecules screened and rescored into the checkpoint (and their ensembles into the conformer cache), the
    costly part; the whole step, run after every chunk, reads them back and writes the outputs."""
    index, count = chunk_of(args.chunk)
    mine = [m for m in molecules if m.index % count == index]
    last = 0.0
    for done, _ in enumerate(_results([m.smiles for m in mine], args, setup), start=1):
        if time.monotonic() - last > PROGRESS_EVERY_S or done == len(mine):
            write_json(args.progress, {"done": done, "total": len(mine), "unit": "molecules"})
            last = time.monotonic()
    if not mine:
        write_json(args.progress, {"done": 0, "total": 0, "unit": "molecules"})
    return {"chunk": args.chunk, "molecules": len(mine)}


def main(argv: Sequence[str]) -> None:
    screen(parse_args(argv))


if __name__ == "__main__":
    run_main(main)
