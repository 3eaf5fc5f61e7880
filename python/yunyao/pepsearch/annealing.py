"""Simulated annealing of one trajectory, cycle by cycle, each finished cycle kept on disk.

A cycle: velocities drawn at the high temperature, ``heat_ps`` there (the chain forgets its fold),
a linear cooling to the low temperature over ``anneal_ps`` in ten steps, ``sample_ps`` at the low
temperature with ``snapshots`` evenly spaced snapshots (the ensemble that is clustered), then an
energy minimisation whose result starts the next cycle. Every random number of a cycle comes from
(seed, trajectory, cycle), so a cycle repeats exactly whether it runs first time or after a restart.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from dataclasses import dataclass

import numpy as np
from openmm import OpenMMException, System, app, unit

from ..common import YunyaoError, message

from .simulation import create_system, energy_kcal, make_context, minimise, positions_nm

COOLING_STEPS = 10
ATTEMPTS = 3


@dataclass(frozen=True)
class Settings:
    replicas: int
    cycles: int
    heat_ps: float
    anneal_ps: float
    sample_ps: float
    snapshots: int
    high_temperature: float
    low_temperature: float
    timestep_fs: float
    solvent: str
    seed: int

    def steps(self, picoseconds: float) -> int:
        return max(1, round(picoseconds * 1000.0 / self.timestep_fs))

    def key(self, sequence: str) -> str:
        """Names the checkpoint folder, so a restart with another peptide or settings never reuses stale
        cycles. The numbers of trajectories and cycles are left out: a cycle depends only on the cycles
        before it in its own trajectory, so a rerun asking for more keeps every finished one."""
        shape = {k: v for k, v in dataclasses.asdict(self).items() if k not in ("replicas", "cycles")}
        text = json.dumps({**shape, "sequence": sequence}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


def cycle_seeds(seed: int, replica: int, cycle: int, attempt: int) -> tuple[int, int]:
    """(velocity seed, integrator seed), both non-zero: OpenMM reads 0 as 'pick one at random'."""
    a, b = np.random.SeedSequence([seed, replica, cycle, attempt]).generate_state(2)
    return int(a % 2_000_000_000) + 1, int(b % 2_000_000_000) + 1


def cycle_path(folder: str, replica: int, cycle: int) -> str:
    return os.path.join(folder, f"r{replica:02d}_c{cycle:03d}.npz")


def run_cycle(system: System, start_nm: np.ndarray, settings: Settings, replica: int, cycle: int, attempt: int) -> dict[str, np.ndarray]:
    velocity_seed, integrator_seed = cycle_seeds(settings.seed, replica, cycle, attempt)
    context = make_context(system, settings.high_temperature, settings.timestep_fs, integrator_seed)
    integrator = context.getIntegrator()
    context.setPositions(start_nm)
    context.setVelocitiesToTemperature(settings.high_temperature * unit.kelvin, velocity_seed)
    integrator.step(settings.steps(settings.heat_ps))
    cooling = settings.steps(settings.anneal_ps / COOLING_STEPS)
    span = settings.high_temperature - settings.low_temperature
    for k in range(1, COOLING_STEPS + 1):
        integrator.setTemperature((settings.high_temperature - span * k / COOLING_STEPS) * unit.kelvin)
        integrator.step(cooling)
    snapshots, energies = [], []
    interval = settings.steps(settings.sample_ps / settings.snapshots)
    for _ in range(settings.snapshots):
        integrator.step(interval)
        snapshots.append(positions_nm(context).astype(np.float32))
        energies.append(energy_kcal(context))
    minimise(context)
    if not np.all(np.isfinite(energies)) or not np.isfinite(energy_kcal(context)):
        raise OpenMMException("energy is not finite")
    return {
        "snapshots": np.array(snapshots),
        "snapshot_energies": np.array(energies),
        "end_nm": positions_nm(context),
        "end_energy": np.array(energy_kcal(context)),
    }


def stable_cycle(system: System, start_nm: np.ndarray, settings: Settings, replica: int, cycle: int) -> dict[str, np.ndarray]:
    """A hot cycle with a 4 fs step can, rarely, blow up; it is run again with the next seeds (still
    reproducible) before the task gives up."""
    for attempt in range(ATTEMPTS):
        try:
            return run_cycle(system, start_nm, settings, replica, cycle, attempt)
        except OpenMMException:
            continue
    raise YunyaoError(message("pepsearch.diverged", replica=replica + 1, cycle=cycle + 1, attempts=ATTEMPTS))


def save_cycle(path: str, result: dict[str, np.ndarray]) -> None:
    tmp = path + ".tmp.npz"  # np.savez adds .npz unless the name already ends with it
    np.savez(tmp, **result)
    os.replace(tmp, path)


def minimised_start(system: System, start_pdb: str) -> np.ndarray:
    context = make_context(system, 300.0, 1.0, 1)
    context.setPositions(app.PDBFile(start_pdb).getPositions(asNumpy=True))
    minimise(context)
    return positions_nm(context)


def run_trajectory(start_pdb: str, folder: str, settings: Settings, replica: int) -> int:
    """Runs the cycles of one trajectory that are not on disk yet; returns the replica number."""
    pdb = app.PDBFile(start_pdb)
    system = create_system(pdb.topology, settings.solvent)
    start = None
    for cycle in range(settings.cycles):
        path = cycle_path(folder, replica, cycle)
        if os.path.exists(path):
            start = None
            continue
        if start is None:
            start = minimised_start(system, start_pdb) if cycle == 0 else np.load(cycle_path(folder, replica, cycle - 1))["end_nm"]
        result = stable_cycle(system, start, settings, replica, cycle)
        save_cycle(path, result)
        start = result["end_nm"]
    return replica
