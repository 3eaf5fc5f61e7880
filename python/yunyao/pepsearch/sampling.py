"""Runs the annealing trajectories (and the fragment search's decoy batches and refinements) in parallel
processes, one per core, reports progress and stops cleanly on SIGTERM, finished work kept for the restart."""

from __future__ import annotations

import multiprocessing
import os
import signal
from typing import Callable

import numpy as np

from ..common import YunyaoError, message, write_json
from .annealing import Settings, cycle_path, run_trajectory

POLL_SECONDS = 1.0


class Stopped(Exception):
    """SIGTERM arrived: the platform is stopping the task."""


def finished_cycles(folder: str, settings: Settings) -> int:
    return sum(
        os.path.exists(cycle_path(folder, r, c)) for r in range(settings.replicas) for c in range(settings.cycles)
    )


def run_parallel(calls: list[tuple[Callable, tuple]], cpu: int, report: Callable[[], int]) -> None:
    """Runs (function, arguments) calls in ``cpu`` spawned processes, calling ``report`` about every
    second; SIGTERM stops them (each call keeps its finished work on disk) with the module's message."""
    # spawn, not fork: the parent has OpenMM loaded, and forked OpenMM thread pools are unsafe.
    pool = multiprocessing.get_context("spawn").Pool(processes=max(1, min(cpu, len(calls))))

    def on_term(signum, frame):  # noqa: ARG001
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not interrupt the cleanup
        raise Stopped()

    old = signal.signal(signal.SIGTERM, on_term)
    try:
        jobs = [pool.apply_async(function, arguments) for function, arguments in calls]
        while not all(job.ready() for job in jobs):
            # Wakes as soon as the job waited on ends (a sleep would idle up to a second after the last one);
            # SIGTERM interrupts the wait as it did the sleep.
            next(job for job in jobs if not job.ready()).wait(POLL_SECONDS)
            report()
        for job in jobs:
            job.get()  # re-raises a worker's failure here
        pool.close()
    except Stopped:
        raise YunyaoError(message("pepsearch.interrupted"))
    finally:
        pool.terminate()
        pool.join()
        signal.signal(signal.SIGTERM, old)
    report()


def sample(start_pdb: str, folder: str, settings: Settings, cpu: int, progress_path: str) -> None:
    total = settings.replicas * settings.cycles

    def report() -> int:
        done = finished_cycles(folder, settings)
        write_json(progress_path, {"done": done, "total": total, "unit": "cycles"})
        return done

    if report() == total:
        return
    run_parallel([(run_trajectory, (start_pdb, folder, settings, r)) for r in range(settings.replicas)], cpu, report)


def load_snapshots(folder: str, settings: Settings) -> tuple[np.ndarray, np.ndarray, list[tuple[int, int]]]:
    """All low-temperature snapshots (frames, atoms, 3 nm), their energies (kcal/mol) and (trajectory, cycle) of each."""
    frames, energies, origin = [], [], []
    for r in range(settings.replicas):
        for c in range(settings.cycles):
            data = np.load(cycle_path(folder, r, c))
            frames.append(data["snapshots"])
            energies.append(data["snapshot_energies"])
            origin += [(r, c)] * len(data["snapshots"])
    return np.concatenate(frames), np.concatenate(energies), origin
