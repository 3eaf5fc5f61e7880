"""The pipeline: read the parameters; either build the chain, anneal (resuming from checkpoints), cluster
the low-temperature snapshots and minimise the top models, or assemble fragments and refine the largest
decoy clusters (fragsearch.py); then describe the models and write the files."""

from __future__ import annotations

import argparse
import dataclasses
import os
import time
from typing import Sequence

import mdtraj
from openmm import app

from ..common import write_json
from .analysis import describe
from .annealing import Settings
from .chain import PPII_PHI, PPII_PSI, build_peptide
from .cli import check_bounds, fragment_settings_of, parser, read_params, settings_of
from .clustering import cluster_snapshots
from .fragsearch import FRAGMENT_SIZES, KEPT_FRACTION, fragment_search
from .models import build_models, models_trajectory, superposed_on_first
from .outputs import model_rows, write_models, write_tables
from .sampling import load_snapshots, sample
from .simulation import FORCE_FIELD, FRICTION_PER_PS, HYDROGEN_MASS_AMU, SOLVENT_NAMES, create_system, engine_versions

RANKING_RULE = "cluster population (largest first), then the representative's 300 K potential energy (lowest first)"
FRAGMENT_RANKING_RULE = "decoy cluster size (largest first), then the refined model's energy without restraints (lowest first)"
LIBRARY_NOTE = "python/yunyao/pepsearch/fraglib.npz, built by python -m yunyao.pepsearch.fraglib (docs/models/peptides.md)"


def start_structure(folder: str, sequence: str) -> str:
    """The built chain, kept with the checkpoints so a restart samples from the very same atoms."""
    path = os.path.join(folder, "start.pdb")
    if not os.path.exists(path):
        topology, positions = build_peptide(sequence)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            app.PDBFile.writeFile(topology, positions, fh)
        os.replace(tmp, path)
    return path


def summary(sequence: str, settings: Settings, args: argparse.Namespace, wall: float, snapshots: int, clusters: int) -> dict[str, object]:
    return {
        "sequence": sequence,
        "length": len(sequence),
        "method": "simulated annealing in implicit solvent, clustering of the low-temperature snapshots",
        "engines": engine_versions(),
        "force_field": f"Amber ff14SB ({FORCE_FIELD})",
        "solvent": SOLVENT_NAMES[settings.solvent],
        "sampling": {
            **dataclasses.asdict(settings),
            "friction_per_ps": FRICTION_PER_PS,
            "hydrogen_mass_amu": HYDROGEN_MASS_AMU,
            "constraints": "bonds to hydrogen",
            "start": f"polyproline II chain (phi {PPII_PHI:g}, psi {PPII_PSI:g}), PDBFixer side chains and hydrogens at pH 7",
            "total_ns": round(settings.replicas * settings.cycles * (settings.heat_ps + settings.anneal_ps + settings.sample_ps) / 1000.0, 3),
        },
        "clustering": {"atoms": "backbone N CA C O", "method": "average linkage", "cutoff_a": args.cluster_cutoff},
        "ranking": RANKING_RULE,
        "energy_unit": "kcal/mol (minimised, force field + implicit solvent)",
        "secondary_structure": "DSSP (mdtraj), H helix / E strand / C coil",
        "seed": settings.seed,
        "cpu": args.cpu,
        "wall_seconds": round(wall, 1),
        "snapshots": snapshots,
        "clusters": clusters,
    }


def anneal(args: argparse.Namespace, sequence: str, started: float) -> tuple[app.Topology, list, int, dict[str, object]]:
    settings = settings_of(args)
    folder = os.path.join(args.checkpoint_dir, settings.key(sequence))
    os.makedirs(folder, exist_ok=True)
    start_pdb = start_structure(folder, sequence)
    sample(start_pdb, folder, settings, args.cpu, args.progress)
    pdb = app.PDBFile(start_pdb)
    snapshots, energies, _ = load_snapshots(folder, settings)
    traj = mdtraj.Trajectory(snapshots, mdtraj.Topology.from_openmm(pdb.topology))
    clusters = cluster_snapshots(traj, args.cluster_cutoff)
    models = build_models(create_system(pdb.topology, settings.solvent), snapshots, clusters, energies, args.models)
    return pdb.topology, models, len(snapshots), summary(sequence, settings, args, time.time() - started, len(snapshots), len(clusters))


def fragments(args: argparse.Namespace, sequence: str, started: float) -> tuple[app.Topology, list, int, dict[str, object]]:
    settings = fragment_settings_of(args)
    folder = os.path.join(args.checkpoint_dir, "fragments-" + settings.key(sequence))
    os.makedirs(folder, exist_ok=True)
    topology, models, coarse, facts = fragment_search(sequence, folder, settings, args.cpu, args.progress, args.cluster_cutoff, args.models)
    return topology, models, int(facts["decoys_clustered"]), {
        "sequence": sequence,
        "length": len(sequence),
        "method": "fragment assembly (Monte Carlo in torsion space on a coarse score), implicit-solvent refinement of the largest decoy clusters",
        "engines": engine_versions(),
        "force_field": f"Amber ff14SB ({FORCE_FIELD})",
        "solvent": SOLVENT_NAMES[settings.solvent],
        "fragments": {**dataclasses.asdict(settings), "sizes": list(FRAGMENT_SIZES), "library": LIBRARY_NOTE},
        "clustering": {"atoms": "backbone N CA C O", "method": "average linkage", "cutoff_a": args.cluster_cutoff, "of": f"the best-scoring {KEPT_FRACTION:.0%} of the decoys"},
        "ranking": FRAGMENT_RANKING_RULE,
        "confidence": "share of the clustered decoys in the model's cluster (how often independent assemblies ended in this shape)",
        "coarse_scores": coarse,
        "energy_unit": "kcal/mol (minimised, force field + implicit solvent)",
        "secondary_structure": "DSSP (mdtraj), H helix / E strand / C coil",
        "seed": settings.seed,
        "cpu": args.cpu,
        **facts,
    }


def main(argv: Sequence[str]) -> None:
    started = time.time()
    args = parser().parse_args(argv)
    read_params(args)
    sequence = args.sequence
    check_bounds(args)
    os.makedirs(args.out_dir, exist_ok=True)
    topology, models, clustered, facts = (fragments if args.method == "fragments" else anneal)(args, sequence, started)
    traj_topology = mdtraj.Topology.from_openmm(topology)
    models = superposed_on_first(traj_topology, models)
    rows = model_rows(models, describe(models_trajectory(traj_topology, models)), clustered)
    write_models(args.out_dir, topology, models, rows)
    write_tables(args.out_dir, rows)
    facts["wall_seconds"] = round(time.time() - started, 1)
    write_json(os.path.join(args.out_dir, "summary.json"), facts)
