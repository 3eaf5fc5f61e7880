"""Groups the low-temperature snapshots by backbone shape and orders the groups.

Average-linkage hierarchical clustering (scipy) on the pairwise backbone (N, CA, C, O) RMSD after
optimal superposition (mdtraj), cut at ``cutoff`` Å. Each cluster is represented by its medoid, the
member closest on average to the others.
Ranking rule: larger clusters first (the shape the annealing reached most often from independent
starts), and among equal populations the lower minimised energy of the representative first.
"""

from __future__ import annotations

from dataclasses import dataclass

import mdtraj
import numpy as np
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

BACKBONE = "backbone"


@dataclass
class Cluster:
    members: list[int]
    medoid: int


def rmsd_matrix(traj: mdtraj.Trajectory) -> np.ndarray:
    """Pairwise backbone RMSD in Å."""
    atoms = traj.topology.select(BACKBONE)
    n = traj.n_frames
    matrix = np.zeros((n, n))
    for i in range(n):
        matrix[i] = mdtraj.rmsd(traj, traj, frame=i, atom_indices=atoms, precentered=False) * 10.0
    matrix = (matrix + matrix.T) / 2.0  # float32 superposition leaves tiny asymmetries
    np.fill_diagonal(matrix, 0.0)
    return matrix


def cluster_snapshots(traj: mdtraj.Trajectory, cutoff: float) -> list[Cluster]:
    """Clusters, largest first (ties: first seen first); a single snapshot is one cluster."""
    if traj.n_frames == 1:
        return [Cluster(members=[0], medoid=0)]
    matrix = rmsd_matrix(traj)
    labels = fcluster(linkage(squareform(matrix, checks=False), method="average"), t=cutoff, criterion="distance")
    clusters = []
    for label in sorted(set(labels), key=lambda x: int(np.argmax(labels == x))):
        members = [int(i) for i in np.flatnonzero(labels == label)]
        within = matrix[np.ix_(members, members)].sum(axis=1)
        clusters.append(Cluster(members=members, medoid=members[int(np.argmin(within))]))
    clusters.sort(key=lambda c: -len(c.members))
    return clusters
