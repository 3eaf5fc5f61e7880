"""The task's result files in --out-dir (docs/models/free-energy.md lists them)."""

from __future__ import annotations

import argparse
import csv
import os
import shutil
from importlib import metadata

import openmm
from openbabel import openbabel as ob

from ..common import InputFile, Warnings, write_json, write_step_result
from ..histogram import histogram
from ..messages import rendered_row
from . import scoring, system

CSV_COLUMNS = [
    "ID", "name", "SMILES", "dG", "dG_sem", "vdw", "vdw_sem", "elec", "elec_sem", "polar", "polar_sem",
    "nonpolar", "nonpolar_sem", "snapshots", "charge_method", "error",
]


def error_row(pose_id: str, name: str, reason: str) -> dict:
    row: dict = {key: None for key in CSV_COLUMNS}
    row.update({"ID": pose_id, "name": name, "SMILES": "", "snapshots": 0, "charge_method": "", "error": reason})
    return row


def engine_versions() -> dict[str, str]:
    return {
        "openmm": openmm.__version__,
        "parmed": metadata.version("ParmEd"),
        "mdtraj": metadata.version("mdtraj"),
        "openbabel": ob.OBReleaseVersion(),
    }


def write_outputs(out_dir: str, args: argparse.Namespace, inputs: list[InputFile], rows: list[dict], results: dict[str, dict], checkpoint_dir: str, wall_s: float) -> None:
    os.makedirs(out_dir, exist_ok=True)
    write_json(os.path.join(out_dir, "result.json"), rows)
    with open(os.path.join(out_dir, "result.csv"), "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=CSV_COLUMNS)
        writer.writeheader()
        # Text for people (the message fields in Chinese); result.json keeps the ids the server renders per reader.
        writer.writerows({k: ("" if v.get(k) is None else v.get(k)) for k in CSV_COLUMNS} for v in map(rendered_row, rows))
    write_json(os.path.join(out_dir, "decomposition.json"), {i: r["decomposition"] for i, r in results.items()})
    write_json(os.path.join(out_dir, "rmsd.json"), {i: r["rmsd"] for i, r in results.items()})
    for pose_id in results:
        shutil.copyfile(os.path.join(checkpoint_dir, pose_id, "traj.pdb"), os.path.join(out_dir, f"traj_{pose_id}.pdb"))
    scored = [row["dG"] for row in rows if not row["error"]]
    write_json(os.path.join(out_dir, "statis.json"), histogram(scored, len(rows)))
    engines = [r["engine"] for r in results.values()]
    rates = [e["nsPerDay"] for e in engines if e.get("nsPerDay")]
    details = {
        "forceField": {"protein": "amber14 (ff14SB) " + system.PROTEIN_FF, "ligand": "GAFF (Open Babel atom types, gaff.dat)", "water": "TIP3P"},
        "solvation": {"md": "explicit TIP3P, PME", "scoring": "GBn2 (igb=8, mbondi3) + 0.0072 kcal/mol/Å² × SASA", "saltConcentration": args.concentration},
        "salt": args.salt,
        "concentration": args.concentration,
        "protocol": getattr(args, "protocol", None),
        "btimeNs": args.btime,
        "stimeNs": args.stime,
        "timestepFs": args.timestep_fs,
        "snapshotPs": args.snapshot_ps,
        "seed": args.seed,
        "threads": args.cpu,
        "temperatureK": scoring.TEMPERATURE_K,
        "semMethod": "block averaging over 5 blocks (≥10 snapshots), else SEM over snapshots",
        "decomposition": "pairwise ligand–residue: vdW + Coulomb + GB cross term + buried SASA share",
        "ligands": {i: {"snapshots": results[i]["row"]["snapshots"], **r["engine"]} for i, r in results.items()},
        "nsPerDay": round(sum(rates) / len(rates), 2) if rates else None,
        "wallSeconds": round(wall_s, 1),
    }
    step_args = argparse.Namespace(summary=os.path.join(out_dir, "summary.json"), rows=os.path.join(out_dir, "rows.json"), max_rows=10000)
    warnings = Warnings()
    for row in rows:
        if row["error"]:
            warnings.add(row["ID"], None, row["ID"], row["error"])
    write_step_result(
        step_args,
        module="dynamic",
        engine=engine_versions(),
        inputs=inputs,
        counts=[len(rows)] * len(inputs),
        rows=rows,
        rows_available=len(rows),
        warnings=warnings,
        details=details,
    )
