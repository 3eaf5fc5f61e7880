"""One ligand from pose to result: parameters, solvated system, checkpointed MD, scored snapshots, summary."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np
from openmm import unit

from . import analysis, system as build
from ..messages import render
from .frames import FrameStore, load_result, save_result
from .ligand_params import LigandParams, parameterise
from .md import Plan, Runner, StopFlag, add_restraint
from .poses import Pose
from .scoring import Scorer

# At most this many snapshots get the (slower) per-residue decomposition, spread over production.
DECOMPOSED_SNAPSHOTS = 20


@dataclass
class Settings:
    receptor_pdb: str
    salt: str
    concentration: float
    plan: Plan
    seed: int
    threads: int
    checkpoint_every_s: float
    padding_nm: float


def _decomposed_steps(plan: Plan) -> set[int]:
    steps = plan.snapshot_steps_list()
    every = max(1, -(-len(steps) // DECOMPOSED_SNAPSHOTS))
    return set(steps[::every])


def run_ligand(
    pose: Pose,
    folder: str,
    settings: Settings,
    stop: StopFlag,
    on_progress: Callable[[int, Optional[float]], None],
) -> dict:
    """The ligand's result (also saved in ``folder``); raises ValueError with a reason when it cannot be parameterised."""
    done = load_result(folder)
    if done is not None:
        return done
    os.makedirs(folder, exist_ok=True)
    started = time.monotonic()
    assert pose.mol is not None
    ligand = parameterise(pose.mol)
    topology, positions = build.solvate(settings.receptor_pdb, ligand, settings.salt, settings.concentration, settings.seed, settings.padding_nm)
    system = build.create_system(build.forcefield_for(ligand), topology, settings.plan.timestep_fs)
    ligand_atoms, receptor_atoms = build.split_atoms(topology)
    xyz0 = np.array(positions.value_in_unit(unit.nanometer))
    solute = set(ligand_atoms + receptor_atoms)
    heavy = [a.index for a in topology.atoms() if a.index in solute and a.element.symbol != "H"]
    add_restraint(system, xyz0, heavy)
    scorer = Scorer(topology, system, xyz0, ligand_atoms, receptor_atoms, settings.concentration)
    n_complex = len(ligand_atoms) + len(receptor_atoms)
    frames = FrameStore(folder)
    runner = Runner(folder, topology, system, settings.plan, settings.seed, settings.threads)
    if runner.resume():
        print(f"从检查点继续：{pose.id} 第 {runner.step} 步", file=sys.stderr, flush=True)
        frames.drop_from(runner.step)
    else:
        frames.drop_from(0)
        runner.minimise(positions)
    decompose_at = _decomposed_steps(settings.plan)
    dt_ps = settings.plan.timestep_fs / 1000

    def on_snapshot(step: int, xyz: np.ndarray) -> None:
        terms = scorer.score(xyz)
        record = {"step": step, "time_ps": round(step * dt_ps, 6), "dG": terms.total, "vdw": terms.vdw, "elec": terms.elec, "polar": terms.polar, "nonpolar": terms.nonpolar}
        if step in decompose_at:
            record["residues"] = scorer.decompose(xyz)
        frames.add(record, xyz[:n_complex])

    def progress(step: int) -> None:
        records = frames.records()
        on_progress(step, float(np.mean([r["dG"] for r in records])) if records else None)

    runner.run(stop, settings.checkpoint_every_s, on_snapshot, progress)
    result = analysis.summarise(pose, ligand, frames, topology, ligand_atoms, receptor_atoms, xyz0)
    result["engine"] = {
        "platform": runner.platform.getName(),
        "atoms": topology.getNumAtoms(),
        "nsPerDay": runner.ns_per_day(),
        "wallSeconds": round(time.monotonic() - started, 1),
        **_ligand_details(ligand),
    }
    save_result(folder, result)
    return result


def _ligand_details(ligand: LigandParams) -> dict:
    return {
        "chargeMethod": ligand.charge_method,
        "chargeNote": render(ligand.charge_note),  # summary.json stays readable Chinese: nothing renders it for a reader
        "netCharge": ligand.net_charge,
        "gaffTypes": sorted(set(ligand.gaff_types)),
        "substitutedTerms": ligand.substituted_terms,
        "estimatedTerms": ligand.estimated_terms,
        "estimatedTermTypes": ligand.missing,
    }
