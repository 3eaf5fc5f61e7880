"""Command line: read the inputs, run each ligand (resuming what a previous run left), write the results."""

from __future__ import annotations

import argparse
import os
import time
from typing import Optional, Sequence

import openmm

from ..common import InputFile, encode_message, fail, load_inputs, message, read_text, reason_of, reject_input, write_json
from ..messages import decode
from ..params import load_params
from . import system
from .ligand_run import Settings, run_ligand
from .md import Interrupted, Plan, StopFlag
from .outputs import error_row, write_outputs
from .poses import read_poses

DEFAULT_TIMESTEP_FS = 4.0
# Snapshots per production run when --snapshot-ps is not given: at most this many...
DEFAULT_SNAPSHOTS = 100
# ...and never closer than this (ps). The interaction energy decorrelates over picoseconds, so closer
# snapshots add scoring cost (each is three GB evaluations, some a per-residue decomposition) and no
# information; their standard error would only look smaller than it is.
MIN_SNAPSHOT_PS = 1.0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.dynamic")
    p.add_argument("--protein", required=True)
    p.add_argument("--protein-name", default=None, help="the name the user knows the protein file by")
    p.add_argument("--ligands-json", required=True)
    p.add_argument("--params", required=True, help="the module's params.json: ions (salt), concentration, btime and stime (ns), seed")
    p.add_argument("--cpu", type=int, default=2)
    p.add_argument("--checkpoint-dir", default="checkpoint")
    p.add_argument("--progress", default="progress.json")
    p.add_argument("--out-dir", default=".")
    p.add_argument("--snapshot-ps", type=float, default=None)
    p.add_argument("--timestep-fs", type=float, default=DEFAULT_TIMESTEP_FS)
    p.add_argument("--checkpoint-every-s", type=float, default=300.0)
    p.add_argument("--padding-nm", type=float, default=system.PADDING_NM, help="water around the complex (tests use less)")
    args = p.parse_args(argv)
    params = load_params(args.params)
    args.salt, args.concentration, args.btime, args.stime, args.seed = params["ions"], params["concentration"], params["btime"], params["stime"], params["seed"]
    # The form's protocol (fast, standard, precise, custom), when the platform recorded one; summary.json repeats it.
    args.protocol = params.get("protocol")
    if not 0.5 <= args.timestep_fs <= 4:
        reject_input("dynamic.timestepInvalid")
    if args.snapshot_ps is None:
        args.snapshot_ps = max(args.stime * 1000 / DEFAULT_SNAPSHOTS, MIN_SNAPSHOT_PS)
    return args


def make_plan(args: argparse.Namespace) -> Plan:
    steps_per_ns = 1e6 / args.timestep_fs
    return Plan(
        equilibration_steps=round(args.btime * steps_per_ns),
        production_steps=round(args.stime * steps_per_ns),
        snapshot_steps=max(1, round(args.snapshot_ps * 1000 / args.timestep_fs)),
        timestep_fs=args.timestep_fs,
    )


class Progress:
    """progress.json: ns done over all ligands, ns asked, the current ligand, and its running ΔG as the
    platform's progress `estimate` (the task list shows it beside the nanoseconds)."""

    def __init__(self, path: str, ligands: int, plan: Plan) -> None:
        self.path = path
        self.ns_per_step = plan.timestep_fs * 1e-6
        self.ns_per_ligand = plan.total_steps * self.ns_per_step
        self.total = ligands * self.ns_per_ligand
        self.finished = 0
        self.last_write = 0.0

    def update(self, name: str, step: int, dg: Optional[float], force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_write < 2:
            return
        self.last_write = now
        done = self.finished * self.ns_per_ligand + step * self.ns_per_step
        progress: dict = {"done": round(done, 6), "total": round(self.total, 6), "unit": "ns", "ligand": name}
        if dg is not None:
            progress["estimate"] = {"label": "dG", "value": round(dg, 3)}
        write_json(self.path, progress)


def prepared_receptor(args: argparse.Namespace) -> str:
    """The repaired receptor, made once per task and kept with the checkpoints so a resumed run uses the same atoms."""
    path = os.path.join(args.checkpoint_dir, "receptor.pdb")
    if not os.path.isfile(path):
        name = args.protein_name or os.path.basename(args.protein)
        if not os.path.isfile(args.protein):
            reject_input("dynamic.proteinUnreadable", file=name)
        text = read_text(InputFile(args.protein, name, "pdb"))
        system.prepare_receptor(text, name, args.seed, path + ".tmp")
        os.replace(path + ".tmp", path)
    return path


def main(argv: Sequence[str]) -> None:
    started = time.monotonic()
    args = parse_args(argv)
    inputs = load_inputs(args.ligands_json)
    poses = read_poses(inputs)
    if all(p.error for p in poses):
        first = next(p.error for p in poses if p.error)
        reject_input(decode(first) or first)
    os.makedirs(args.checkpoint_dir, exist_ok=True)
    plan = make_plan(args)
    settings = Settings(prepared_receptor(args), args.salt, args.concentration, plan, args.seed, args.cpu, args.checkpoint_every_s, args.padding_nm)
    progress = Progress(args.progress, sum(1 for p in poses if not p.error), plan)
    stop = StopFlag()
    rows: list[dict] = []
    results: dict[str, dict] = {}
    for pose in poses:
        if pose.error:
            rows.append(error_row(pose.id, pose.name, pose.error))
            continue
        progress.update(pose.name, 0, None, force=True)
        try:
            result = run_ligand(pose, os.path.join(args.checkpoint_dir, pose.id), settings, stop, lambda step, dg: progress.update(pose.name, step, dg))
        except Interrupted:
            fail("dynamic.interrupted")
        except (ValueError, openmm.OpenMMException) as exc:
            rows.append(error_row(pose.id, pose.name, encode_message(message("dynamic.ligandFailed", source=pose.source, reason=reason_of(exc)))))
            progress.finished += 1
            continue
        rows.append(result["row"])
        results[pose.id] = result
        progress.finished += 1
        progress.update(pose.name, 0, result["row"]["dG"], force=True)
    if not results:
        first = next(row["error"] for row in rows if row["error"])
        fail(decode(first) or first)
    write_outputs(args.out_dir, args, inputs, rows, results, args.checkpoint_dir, time.monotonic() - started)
