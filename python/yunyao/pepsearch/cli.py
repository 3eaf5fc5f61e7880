"""Command line of the peptide structure prediction (module ``pepsearch``); defaults documented in
docs/models/peptides.md."""

from __future__ import annotations

import argparse

from ..common import reject_input
from ..params import load_params
from .annealing import Settings
from .simulation import SOLVENT_FILES


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m yunyao.pepsearch", description="Peptide structure prediction by simulated annealing")
    p.add_argument("--params", required=True, help="the module's params.json: sequence (one-letter codes), seed")
    p.add_argument("--cpu", type=int, default=1, help="parallel trajectories (one core each)")
    p.add_argument("--models", type=int, default=5, help="models returned (at most the number of clusters)")
    p.add_argument("--replicas", type=int, default=8, help="independent annealing trajectories")
    p.add_argument("--cycles", type=int, default=10, help="annealing cycles per trajectory")
    p.add_argument("--heat-ps", type=float, default=30.0, help="time at the high temperature per cycle")
    p.add_argument("--anneal-ps", type=float, default=60.0, help="cooling time per cycle")
    p.add_argument("--sample-ps", type=float, default=60.0, help="time at the low temperature per cycle (snapshots)")
    p.add_argument("--snapshots", type=int, default=10, help="snapshots kept per cycle")
    p.add_argument("--high-temperature", type=float, default=600.0, help="K")
    p.add_argument("--low-temperature", type=float, default=300.0, help="K")
    p.add_argument("--timestep-fs", type=float, default=4.0, help="with hydrogen mass repartitioning")
    p.add_argument("--solvent", choices=sorted(SOLVENT_FILES), default="obc2")
    p.add_argument("--cluster-cutoff", type=float, default=2.0, help="backbone RMSD cut, Å")
    p.add_argument("--checkpoint-dir", default="checkpoint")
    p.add_argument("--progress", default="progress.json")
    p.add_argument("--out-dir", default=".")
    return p


def read_params(args: argparse.Namespace) -> None:
    """The module's parameters (params.json, checked against its schema): the sequence and the seed."""
    params = load_params(args.params)
    args.sequence, args.seed = params["sequence"], params["seed"]


def check_bounds(args: argparse.Namespace) -> None:
    """The engine's sampling knobs (the module derives them from its ``sampling`` level; benchmarks set
    them by hand) are not the module's parameters, so a bad one is stopped here with a message."""
    limits = {
        "cpu": (1, 256), "models": (1, 50), "replicas": (1, 256), "cycles": (1, 1000), "snapshots": (1, 1000),
        "heat_ps": (0.01, 10000.0), "anneal_ps": (0.01, 10000.0), "sample_ps": (0.01, 10000.0),
        "high_temperature": (250.0, 1000.0), "low_temperature": (200.0, 500.0), "timestep_fs": (0.5, 5.0),
        "cluster_cutoff": (0.1, 20.0),
    }
    for name, (low, high) in limits.items():
        value = getattr(args, name)
        if not low <= value <= high:
            reject_input("pepsearch.knobOutOfRange", name="--" + name.replace("_", "-"), value=str(value), low=str(low), high=str(high))
    if args.high_temperature < args.low_temperature:
        reject_input("pepsearch.temperaturesInverted")


def settings_of(args: argparse.Namespace) -> Settings:
    return Settings(
        replicas=args.replicas, cycles=args.cycles, heat_ps=args.heat_ps, anneal_ps=args.anneal_ps,
        sample_ps=args.sample_ps, snapshots=args.snapshots, high_temperature=args.high_temperature,
        low_temperature=args.low_temperature, timestep_fs=args.timestep_fs, solvent=args.solvent, seed=args.seed,
    )
