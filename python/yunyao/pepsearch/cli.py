"""Command line of the peptide structure prediction (module ``pepsearch``); defaults documented in
docs/models/peptides.md."""

from __future__ import annotations

import argparse

from ..common import reject_input
from ..params import load_params
from .annealing import Settings
from .fragsearch import FragmentSettings
from .simulation import SOLVENT_FILES


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m yunyao.pepsearch", description="Peptide structure prediction by simulated annealing or fragment assembly")
    p.add_argument("--params", required=True, help="the module's params.json: sequence (one-letter codes), seed")
    p.add_argument("--cpu", type=int, default=1, help="parallel trajectories or decoy batches (one core each)")
    p.add_argument("--method", choices=("annealing", "fragments"), default="annealing",
                   help="simulated annealing from a PPII chain, or fragment assembly then implicit-solvent refinement")
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
    p.add_argument("--decoys", type=int, default=400, help="fragments: Monte Carlo decoys assembled")
    p.add_argument("--mc-steps", type=int, default=4000, help="fragments: Monte Carlo steps per decoy")
    p.add_argument("--fragment-picks", type=int, default=200, help="fragments: library fragments kept per position and size")
    p.add_argument("--mc-start-temperature", type=float, default=2.0, help="fragments: Monte Carlo temperature, score units")
    p.add_argument("--mc-end-temperature", type=float, default=0.3, help="fragments: final Monte Carlo temperature")
    p.add_argument("--refine-models", type=int, default=10, help="fragments: cluster representatives refined in solvent")
    p.add_argument("--refine-heat-ps", type=float, default=10.0, help="fragments: refinement time at --refine-temperature")
    p.add_argument("--refine-cool-ps", type=float, default=10.0, help="fragments: refinement cooling to 300 K")
    p.add_argument("--refine-sample-ps", type=float, default=10.0, help="fragments: refinement time at 300 K")
    p.add_argument("--refine-temperature", type=float, default=350.0, help="fragments: refinement high temperature, K")
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
        "cluster_cutoff": (0.1, 20.0), "decoys": (1, 100000), "mc_steps": (1, 1000000), "fragment_picks": (1, 10000),
        "mc_start_temperature": (0.01, 100.0), "mc_end_temperature": (0.01, 100.0), "refine_models": (1, 100),
        "refine_heat_ps": (0.01, 10000.0), "refine_cool_ps": (0.01, 10000.0), "refine_sample_ps": (0.01, 10000.0),
        "refine_temperature": (250.0, 1000.0),
    }
    for name, (low, high) in limits.items():
        value = getattr(args, name)
        if not low <= value <= high:
            reject_input("pepsearch.knobOutOfRange", name="--" + name.replace("_", "-"), value=str(value), low=str(low), high=str(high))
    if args.high_temperature < args.low_temperature:
        reject_input("pepsearch.temperaturesInverted")


def fragment_settings_of(args: argparse.Namespace) -> FragmentSettings:
    return FragmentSettings(
        decoys=args.decoys, steps=args.mc_steps, picks=args.fragment_picks, start_temperature=args.mc_start_temperature,
        end_temperature=args.mc_end_temperature, refine=args.refine_models, refine_heat_ps=args.refine_heat_ps,
        refine_cool_ps=args.refine_cool_ps, refine_sample_ps=args.refine_sample_ps,
        refine_temperature=args.refine_temperature, timestep_fs=args.timestep_fs, solvent=args.solvent, seed=args.seed,
    )


def settings_of(args: argparse.Namespace) -> Settings:
    return Settings(
        replicas=args.replicas, cycles=args.cycles, heat_ps=args.heat_ps, anneal_ps=args.anneal_ps,
        sample_ps=args.sample_ps, snapshots=args.snapshots, high_temperature=args.high_temperature,
        low_temperature=args.low_temperature, timestep_fs=args.timestep_fs, solvent=args.solvent, seed=args.seed,
    )
