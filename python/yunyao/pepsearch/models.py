"""From clusters to models: the top clusters' representatives, energy-minimised.

Order: population first; clusters of equal size by the low-temperature potential energy of their
representative snapshot (cheap, and known for every cluster). Only the chosen models are minimised,
and their minimised energy (force field + implicit solvent, kcal/mol) is the energy reported.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import mdtraj
import numpy as np
from openmm import System

from .clustering import Cluster
from .simulation import energy_kcal, make_context, minimise, positions_nm


@dataclass
class Model:
    cluster: Cluster
    positions_nm: np.ndarray
    energy_kcal: float


def rank_clusters(clusters: list[Cluster], snapshot_energies: np.ndarray) -> list[Cluster]:
    return sorted(clusters, key=lambda c: (-len(c.members), float(snapshot_energies[c.medoid])))


def build_models(system: System, snapshots: np.ndarray, clusters: list[Cluster], snapshot_energies: np.ndarray, count: int) -> list[Model]:
    models = []
    for cluster in rank_clusters(clusters, snapshot_energies)[:count]:
        context = make_context(system, 300.0, 1.0, 1)
        context.setPositions(snapshots[cluster.medoid].astype(np.float64))
        minimise(context)
        models.append(Model(cluster=cluster, positions_nm=positions_nm(context), energy_kcal=energy_kcal(context)))
    return models


def models_trajectory(topology: mdtraj.Topology, models: list[Model]) -> mdtraj.Trajectory:
    return mdtraj.Trajectory(np.array([m.positions_nm for m in models]), topology)


def superposed_on_first(topology: mdtraj.Topology, models: list[Model]) -> list[Model]:
    """The models moved onto model 1 by their Cα atoms, so the downloads and the result's overlay
    show them in one frame (each refinement leaves its model wherever its dynamics ended)."""
    trajectory = models_trajectory(topology, models)
    trajectory.superpose(trajectory, frame=0, atom_indices=topology.select("name CA"))
    return [replace(m, positions_nm=xyz.astype(np.float64)) for m, xyz in zip(models, trajectory.xyz)]
