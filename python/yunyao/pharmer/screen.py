"""Screen a SMILES library against a pharmacophore query.

    python -m yunyao.pharmer.screen --query=query.json --receptor=protein.pdb \
        --ligands-json='[{"path":"inputs/0_mols.csv","name":"mols.csv"}]' --params=params.json \
        --conformers=30 --cpu=2 [--cache-dir=/abs/dir] --progress=progress.json [--out-dir=.]

The module's parameters come from params.json (``yunyao.params``): ``features`` (the query's
feature ids to enable; absent keeps the query's own flags), ``filter`` (molecules kept) and ``seed``.
Conformers per molecule are the module's own setting (part of the cache key), given as an option.
Writes result.json / result.csv (every molecule, best rank score first, cut to ``filter``, then
error rows; ``pass`` marks those meeting the query), hits.sdf,
query.json (the enabled flags as used), statis.json, summary.json; progress.json as it goes.
Molecules are handed to --cpu worker processes in input order and their results collected in
that order, so the output does not depend on --cpu.  The receptor is read through the query's
excluded volumes; --receptor is accepted for the record.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import time
from typing import Optional, Sequence

import numpy as np

from ..common import chunk_of, fail, one_line, reject_input, run_main, write_json
from ..autodock.dock import load_ligands
from ..params import load_params
from .cache import PROTOCOL
from .conformers import PRUNE_RMS
from .engines import engine_versions
from .outputs import ranked_rows, write_hits_sdf, write_statis, write_tables
from .score import SCORE_RULE, QueryPoints
from .worker import cache_one, init, screen_one

PROGRESS_EVERY_S = 2.0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.pharmer.screen")
    p.add_argument("--query", required=True)
    p.add_argument("--receptor", default="")
    p.add_argument("--ligands-json", required=True)
    p.add_argument("--params", required=True, help="the module's params.json: features, filter, seed")
    p.add_argument("--conformers", type=int, required=True)
    p.add_argument("--cpu", type=int, default=1)
    p.add_argument("--cache-dir", default="")
    p.add_argument("--progress", default="progress.json")
    p.add_argument("--out-dir", default=".")
    p.add_argument("--chunk", default="", help="I/N: only fill the conformer cache for the molecules whose index is I modulo N")
    args = p.parse_args(argv)
    params = load_params(args.params)
    args.enabled, args.keep, args.seed = params.get("features", ""), params["filter"], params["seed"]
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


def _results(smiles: list[str], args: argparse.Namespace, q: QueryPoints, cache_dir: Optional[str], job=screen_one):
    """Each molecule's result (``job``: screen_one, or cache_one for a chunk), in input order."""
    if args.cpu <= 1 or len(smiles) < 2:
        init(q, args.conformers, args.seed, cache_dir)
        yield from map(job, smiles)
        return
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.cpu, initializer=init, initargs=(q, args.conformers, args.seed, cache_dir)) as pool:
        yield from pool.imap(job, smiles, chunksize=4)


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
        return fill_cache(args, molecules, q, cache_dir)
    os.makedirs(args.out_dir, exist_ok=True)
    rows: list[dict] = []
    errors: list[dict] = []
    tally = {"hits": 0, "misses": 0, "passed": 0, "clashed": 0, "conformers": 0, "t_conf": 0.0, "t_match": 0.0}
    last = 0.0
    for mol, res in zip(molecules, _results([m.smiles for m in molecules], args, q, cache_dir)):
        if "error" in res:
            errors.append({"ID": mol.id, "SMILES": mol.smiles, "error": res["error"]})
        else:
            tally["hits" if res["cached"] else "misses"] += 1
            tally["passed"] += res["row"]["pass"]
            tally["clashed"] += res["clashedMatch"]
            tally["conformers"] += res["conformers"]
            tally["t_conf"] += res["seconds"]["conformers"]
            tally["t_match"] += res["seconds"]["matching"]
            rows.append({"ID": mol.id, "SMILES": mol.smiles, **res["row"], "total": len(on), "_index": mol.index, "_molblock": res["molblock"]})
        done = mol.index + 1
        if time.monotonic() - last > PROGRESS_EVERY_S or done == len(molecules):
            write_json(args.progress, {"done": done, "total": len(molecules), "unit": "molecules"})
            last = time.monotonic()
    if len(errors) == len(molecules):
        fail("pharmer.noScreenable", count=len(molecules), reason=errors[0]["error"])
    kept = ranked_rows(rows, errors, args.keep)
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
        "conformers": tally["conformers"],
        "cache": {"hits": tally["hits"], "misses": tally["misses"], "dir": cache_dir, "protocol": PROTOCOL},
        "seconds": {"conformers": round(tally["t_conf"], 2), "matching": round(tally["t_match"], 2), "total": round(time.monotonic() - started, 2)},
        "params": {
            "conformers": args.conformers, "pruneRms": PRUNE_RMS, "keep": args.keep, "cpu": args.cpu, "minMatched": q.min_matched,
            "score": SCORE_RULE, "references": len(q.references), "excludedVolumes": len(q.excluded),
        },
        "engines": engine_versions(),
        "enabled": q.ids,
        "seed": args.seed,
    }
    write_json(os.path.join(args.out_dir, "summary.json"), summary)
    return summary


def fill_cache(args: argparse.Namespace, molecules: list, q: QueryPoints, cache_dir: Optional[str]) -> dict:
    """A chunk of a split screen (the platform's StepChunks: a Slurm array element, say): its share of the
    molecules' ensembles written to the shared conformer cache, the costly part; the whole step, run
    after every chunk, then scores all of them from the cache and writes the outputs."""
    index, count = chunk_of(args.chunk)
    mine = [m for m in molecules if m.index % count == index]
    last = 0.0
    for done, _ in enumerate(_results([m.smiles for m in mine], args, q, cache_dir, cache_one), start=1):
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
