"""3D affinity step (module ``sign``): score each ligand's pose in the receptor's binding site.

    python -m yunyao.sign --receptor-pdb=protein_prepared.pdb --receptor-pdbqt=protein.pdbqt \
        [--ligands-json='[{"path": "inputs/1_ligs.zip", "name": "ligs.zip"}]'] \
        (--site-json=sites.json | --site-file-json='[{"path": "inputs/2_pocket.pdb", "name": "pocket.pdb"}]') \
        --params=params.json --cpu=2 [--checkpoint-dir=checkpoint] [--progress=progress.json] [--chunk=I/N]

The module's parameters come from params.json (``yunyao.params``): ``accuracy`` is the docking's
exhaustiveness, ``seed`` its seed, and ``ligand_source`` ``preset`` scores the ``smiles_preset`` library
instead of uploaded ligands.

Posed ligands inside the site are scored as they are; the others are docked first (``docking``). Each
ligand is kept in the checkpoint dir once done (``scoring``): ``--chunk=I/N`` does the ligands whose index
is I modulo N and writes no outputs; the whole step then writes them from the checkpoint.
Writes result.json (rows: the spec's task output row ``ID, SMILES, Kd`` (nM) ``, affinity`` (pK) ``, score`` (Vina,
kcal/mol), plus ``index, posed, in_domain, error``), result.csv, poses.sdf (each scored pose), complex.pdb (the best-scored
pose in the receptor) and summary.json (model version, data hash, validation figures, engines,
site, counts, histogram of predicted pK). Each scored row carries the pK, its conformal interval
(``pk_low``, ``pk_high``), ``in_domain`` and, outside the domain, why (``domain_note``). A ligand that
cannot be read, docked or scored is a row with ``error``; the task fails only when none is scored.
"""

from __future__ import annotations

import argparse
import csv
import math
from typing import Optional, Sequence

import numpy as np
from rdkit import Chem

from ..common import chunk_of, fail, load_inputs, message, reject_input, run_main, write_json
from ..autodock.dock import engine_versions, write_complex
from ..histogram import histogram
from ..messages import rendered_row
from ..params import load_params
from ..sd_records import write_sd
from .ligands import Ligand, load_ligands
from .model import SignModel, load
from .scoring import Scored, restore, score_share
from .site import Box, site_from_file, site_from_json

# A row's figures, all null on a ligand that failed.
SCORE_FIELDS = ("Kd", "affinity", "score", "in_domain", "domain_note", "pk_low", "pk_high")
CSV_COLUMNS = ("index", "ID", "SMILES", "Kd", "affinity", "score", "posed", "in_domain", "error", "pk_low", "pk_high", "domain_note")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.sign")
    p.add_argument("--receptor-pdb", required=True)
    p.add_argument("--receptor-pdbqt", required=True)
    p.add_argument("--ligands-json")
    p.add_argument("--site-json")
    p.add_argument("--site-file-json")
    p.add_argument("--params", required=True, help="the module's params.json (accuracy, seed, ligand_source, smiles_preset)")
    p.add_argument("--cpu", type=int, default=1)
    p.add_argument("--checkpoint-dir", default="checkpoint", help="each ligand's docking and scoring, kept across retries and chunks")
    p.add_argument("--progress", default="progress.json")
    p.add_argument("--chunk", default="", help="I/N: dock and score only the ligands whose index is I modulo N, into the checkpoint, and write no outputs")
    args = p.parse_args(argv)
    params = load_params(args.params)
    args.exhaustiveness, args.seed = params["accuracy"], params["seed"]
    args.preset = params.get("smiles_preset") if params["ligand_source"] == "preset" else None
    return args


def read_site(args: argparse.Namespace) -> Box:
    if args.site_file_json:
        return site_from_file(load_inputs(args.site_file_json)[0])
    if args.site_json:
        return site_from_json(args.site_json)
    reject_input("sign.siteMissing")


def result_rows(ligands: list[Ligand], scored: list[Optional[Scored]], model: SignModel) -> list[dict]:
    rows = []
    for i, (lig, s) in enumerate(zip(ligands, scored), start=1):
        row = {"index": i, "ID": lig.id, "SMILES": lig.smiles, "Kd": None, "affinity": None, "score": None, "posed": lig.posed or None,
               "in_domain": None, "domain_note": None, "pk_low": None, "pk_high": None, "error": lig.error}
        if s is not None:
            # Kd (nM) from the pK as shown, so the two columns always agree; the interval around the pK as shown too.
            pk = round(float(model.predict(s.features[None, :])[0]), 2)
            low, high = model.interval(np.array([pk]))
            note = model.domain_note(s.features, s.ligand)
            row.update(Kd=float(f"{math.pow(10, 9 - pk):.4g}"), affinity=pk, score=round(s.vina, 3), in_domain=note is None, domain_note=note,
                       pk_low=round(float(low[0]), 2), pk_high=round(float(high[0]), 2), error=None)
        rows.append(row)
    return rows


def write_poses(ligands: list[Ligand], rows: list[dict], site: Box, path: str) -> None:
    """One record per scored ligand, with the SD properties the docking pose viewer reads (ID, pocket, rank,
    score in kcal/mol) and the affinity ones (pk, posed). A pose RDKit cannot write makes its row an error
    row: the file holds only poses whose figures the result shows."""

    def records():
        for i, (lig, row) in enumerate(zip(ligands, rows)):
            if lig.pose is None or row["affinity"] is None:
                continue
            mol = Chem.Mol(lig.pose)
            mol.SetProp("_Name", lig.id)
            props = {"ID": lig.id, "pocket": site.name, "rank": 1, "score": row["score"], "pk": row["affinity"], "posed": row["posed"]}
            for key, value in props.items():
                mol.SetProp(key, str(value))
            yield i, mol

    for i, reason in write_sd(path, records()).items():
        rows[i].update({key: None for key in SCORE_FIELDS}, error=reason)


def main(argv: Sequence[str]) -> None:
    args = parse_args(argv)
    if not args.preset and not args.ligands_json:
        reject_input("sign.ligandsMissing")
    site = read_site(args)
    ligands = load_ligands(load_inputs(args.ligands_json) if args.ligands_json else [], args.preset, site)
    if all(lig.error for lig in ligands):
        # Nothing readable: the input's fault, found before any docking or scoring (or loading the
        # model, whose XGBoost import costs seconds of CPU), so free.
        reject_input("sign.noReadableLigands", source=ligands[0].source, reason=ligands[0].error)
    index, count = chunk_of(args.chunk)
    # A chunk docks into its own folder: the chunks of a job array run side by side.
    score_share(ligands, range(index, len(ligands), count), args, site, f"docking-{index}-of-{count}" if args.chunk else "docking")
    if args.chunk:
        return
    scored_ligands = restore(ligands, args, site)
    model = load()
    rows = result_rows(ligands, scored_ligands, model)
    write_poses(ligands, rows, site, "poses.sdf")
    scored = [r for r in rows if r["affinity"] is not None]
    if not scored:
        fail("sign.noneScored", reason=next((r["error"] for r in rows if r["error"]), message("sign.unknownReason")))
    write_json("result.json", rows)
    with open("result.csv", "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        writer.writerows(rendered_row(r) for r in rows)  # text for people; result.json keeps the ids the server renders
    best = max(range(len(rows)), key=lambda i: rows[i]["affinity"] if rows[i]["affinity"] is not None else -1e9)
    write_complex(args.receptor_pdb, ligands[best].pose, "complex.pdb")
    write_json("summary.json", {
        "module": "sign",
        "model": {k: model.meta[k] for k in ("version", "data_sha256", "complexes", "features", "params", "validation", "interval", "domain")},
        "engines": engine_versions(),
        "site": site.as_site(),
        # The docking pose viewer draws these boxes.
        "siteBoxes": [site.as_site()],
        "counts": {"ligands": len(rows), "scored": len(scored), "posed_input": sum(r["posed"] == "input" for r in scored), "docked": sum(r["posed"] == "docked" for r in scored), "failed": len(rows) - len(scored)},
        "exhaustiveness": args.exhaustiveness,
        "seed": args.seed,
        "histogram": histogram([r["affinity"] for r in scored], len(rows)),
    })


if __name__ == "__main__":
    run_main(main)
