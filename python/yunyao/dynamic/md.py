"""The MD run of one complex: minimise, equilibrate with restraints easing off, produce, with checkpoints.

Everything needed to resume lives in the ligand's checkpoint folder: the solvated system
(``system.xml`` + ``system.pdb``), and ``meta.json`` naming the latest OpenMM checkpoint and its step.
A checkpoint is written every ``checkpoint_every_s`` seconds of wall time, at the end of each phase
and when SIGTERM arrives (the run then stops with ``Interrupted``). A restarted run with the same
arguments loads it (the platform's binary checkpoint, or the portable XML state when the platform
changed) and goes on from that step.
"""

from __future__ import annotations

import json
import os
import signal
import time
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np
import openmm
from openmm import app, unit

from ..common import write_json

TEMPERATURE_K = 300.0
FRICTION_PER_PS = 1.0
PRESSURE_BAR = 1.0
# Heavy-atom restraint at the start of equilibration (kcal/mol/Å²), eased linearly to zero over it.
RESTRAINT_START = 10.0
# Steps between looks at the clock and the stop flag (a few seconds on a large system).
CHUNK_STEPS = 250
# Enough to remove clashes before restrained equilibration; full convergence is not needed there.
MINIMISE_ITERATIONS = 1000
# Stop once the largest force is below this (kJ/mol/nm). Before MD, 100 (GROMACS's default there is 1000):
# OpenMM's default of 10 took three times as long on the test pocket (40 s of a 60 s run) for no change
# in ΔG beyond the run-to-run spread, since restrained equilibration relaxes the structure anyway.
# Without MD the minimum itself is what gets scored, so it is converged to OpenMM's default.
MINIMISE_TOLERANCE_BEFORE_MD = 100.0
MINIMISE_TOLERANCE_SCORED = 10.0


class Interrupted(Exception):
    """SIGTERM arrived; a checkpoint was written."""


@dataclass
class Plan:
    equilibration_steps: int
    production_steps: int
    snapshot_steps: int
    timestep_fs: float

    @property
    def total_steps(self) -> int:
        return self.equilibration_steps + self.production_steps

    def snapshot_steps_list(self) -> list[int]:
        """Production steps where a snapshot is taken; with no production, the equilibrated structure alone."""
        if self.production_steps == 0:
            return [self.equilibration_steps]
        every = max(1, min(self.snapshot_steps, self.production_steps))
        return [self.equilibration_steps + s for s in range(every, self.production_steps + 1, every)]


class StopFlag:
    """Set by SIGTERM; checked between chunks so the state can be saved before exiting."""

    def __init__(self) -> None:
        self.stop = False
        signal.signal(signal.SIGTERM, self._handle)

    def _handle(self, signum: int, frame: object) -> None:
        self.stop = True


def make_platform(threads: int) -> tuple[openmm.Platform, dict[str, str]]:
    """CUDA when the node has a usable GPU, else the CPU platform with the task's cores."""
    names = [openmm.Platform.getPlatform(i).getName() for i in range(openmm.Platform.getNumPlatforms())]
    if "CUDA" in names and os.environ.get("YUNYAO_MMGBSA_PLATFORM", "") != "CPU":
        try:
            platform = openmm.Platform.getPlatformByName("CUDA")
            openmm.Context(openmm.System(), openmm.VerletIntegrator(1.0), platform)
            return platform, {"Precision": "mixed", "DeterministicForces": "true"}
        except openmm.OpenMMException:
            pass
    return openmm.Platform.getPlatformByName("CPU"), {"Threads": str(max(1, threads))}


def add_restraint(system: openmm.System, positions: np.ndarray, atoms: list[int]) -> None:
    force = openmm.CustomExternalForce("k_restraint*periodicdistance(x, y, z, x0, y0, z0)^2")
    force.addGlobalParameter("k_restraint", 0.0)
    for name in ("x0", "y0", "z0"):
        force.addPerParticleParameter(name)
    for i in atoms:
        force.addParticle(i, [float(v) for v in positions[i]])
    system.addForce(force)


class Runner:
    def __init__(self, folder: str, topology: app.Topology, system: openmm.System, plan: Plan, seed: int, threads: int) -> None:
        self.folder = folder
        self.plan = plan
        integrator = openmm.LangevinMiddleIntegrator(TEMPERATURE_K * unit.kelvin, FRICTION_PER_PS / unit.picosecond, plan.timestep_fs * unit.femtosecond)
        integrator.setRandomNumberSeed(seed)
        barostat = openmm.MonteCarloBarostat(PRESSURE_BAR * unit.bar, TEMPERATURE_K * unit.kelvin)
        barostat.setRandomNumberSeed(seed)
        system.addForce(barostat)
        self.platform, properties = make_platform(threads)
        self.simulation = app.Simulation(topology, system, integrator, self.platform, properties)
        self.seed = seed
        self.step = -1  # -1: not minimised yet
        self.md_seconds = 0.0
        self.md_steps = 0

    # ---- checkpoints

    def _meta_path(self) -> str:
        return os.path.join(self.folder, "meta.json")

    def save(self) -> None:
        base = os.path.join(self.folder, f"state_{self.step}")
        self.simulation.saveCheckpoint(base + ".chk")
        self.simulation.saveState(base + ".xml")
        previous = self._read_meta()
        write_json(self._meta_path(), {"step": self.step, "state": os.path.basename(base), "platform": self.platform.getName()})
        if previous and previous["state"] != os.path.basename(base):
            for ext in (".chk", ".xml"):
                path = os.path.join(self.folder, previous["state"] + ext)
                if os.path.exists(path):
                    os.remove(path)

    def _read_meta(self) -> Optional[dict]:
        if not os.path.isfile(self._meta_path()):
            return None
        with open(self._meta_path(), encoding="utf-8") as fh:
            return json.load(fh)

    def resume(self) -> bool:
        """Load the latest checkpoint; False when there is none."""
        meta = self._read_meta()
        if meta is None:
            return False
        base = os.path.join(self.folder, meta["state"])
        try:
            if meta.get("platform") != self.platform.getName():
                raise openmm.OpenMMException("platform changed")
            self.simulation.loadCheckpoint(base + ".chk")
        except (openmm.OpenMMException, OSError):
            self.simulation.loadState(base + ".xml")
        self.step = int(meta["step"])
        return True

    # ---- the run

    def _restraint_k(self, step: int) -> float:
        equil = self.plan.equilibration_steps
        if equil == 0 or step >= equil:
            return 0.0
        kj_per_nm2 = RESTRAINT_START * 4.184 * 100
        return kj_per_nm2 * (1 - step / equil)

    def minimise(self, positions: list) -> None:
        self.simulation.context.setPositions(positions)
        self.simulation.context.setParameter("k_restraint", self._restraint_k(0))
        tolerance = MINIMISE_TOLERANCE_BEFORE_MD if self.plan.total_steps > 0 else MINIMISE_TOLERANCE_SCORED
        self.simulation.minimizeEnergy(tolerance=tolerance * unit.kilojoule_per_mole / unit.nanometer, maxIterations=MINIMISE_ITERATIONS)
        self.simulation.context.setVelocitiesToTemperature(TEMPERATURE_K * unit.kelvin, self.seed)
        self.step = 0
        self.save()

    def run(
        self,
        stop: StopFlag,
        checkpoint_every_s: float,
        on_snapshot: Callable[[int, np.ndarray], None],
        on_progress: Callable[[int], None],
    ) -> None:
        # A checkpoint is written before the snapshot of its step is taken, so that snapshot is (re)taken here.
        snapshots = [s for s in self.plan.snapshot_steps_list() if s >= self.step]
        last_save = time.monotonic()
        phase_end = self.plan.equilibration_steps
        while True:
            if snapshots and snapshots[0] == self.step:
                state = self.simulation.context.getState(getPositions=True)
                on_snapshot(self.step, state.getPositions(asNumpy=True).value_in_unit(unit.nanometer))
                snapshots.pop(0)
            if self.step >= self.plan.total_steps:
                break
            if stop.stop:
                self.save()
                raise Interrupted()
            target = min(self.step + CHUNK_STEPS, snapshots[0] if snapshots else self.plan.total_steps)
            if self.step < phase_end:
                target = min(target, phase_end)
            self.simulation.context.setParameter("k_restraint", self._restraint_k(self.step))
            started = time.monotonic()
            self.simulation.step(target - self.step)
            self.md_seconds += time.monotonic() - started
            self.md_steps += target - self.step
            self.step = target
            on_progress(self.step)
            if self.step == phase_end or time.monotonic() - last_save >= checkpoint_every_s:
                self.save()
                last_save = time.monotonic()
        self.save()

    def ns_per_day(self) -> Optional[float]:
        if self.md_seconds <= 0 or self.md_steps == 0:
            return None
        return self.md_steps * self.plan.timestep_fs * 1e-6 / self.md_seconds * 86400
