"""What a chemist reads off each model: secondary structure per residue (DSSP, as reimplemented in
mdtraj, reduced to H helix / E strand / C coil), compactness and the distance between the ends."""

from __future__ import annotations

import mdtraj
import numpy as np

NM_TO_ANGSTROM = 10.0


def secondary_structure(models: mdtraj.Trajectory) -> list[str]:
    """One H/E/C string per model, one letter per residue."""
    return ["".join(row) for row in mdtraj.compute_dssp(models, simplified=True)]


def share(ss: str, letter: str) -> float:
    return round(100.0 * ss.count(letter) / len(ss), 1)


def radius_of_gyration(models: mdtraj.Trajectory) -> np.ndarray:
    """Heavy-atom radius of gyration in Å."""
    heavy = models.topology.select("not element H")
    return mdtraj.compute_rg(models.atom_slice(heavy)) * NM_TO_ANGSTROM


def end_to_end(models: mdtraj.Trajectory) -> np.ndarray:
    """First to last Cα distance in Å."""
    ca = models.topology.select("name CA")
    return mdtraj.compute_distances(models, [[ca[0], ca[-1]]])[:, 0] * NM_TO_ANGSTROM


def ca_rmsd_to_first(models: mdtraj.Trajectory) -> np.ndarray:
    """Cα RMSD of each model to model 1 after superposition, Å."""
    ca = models.topology.select("name CA")
    return mdtraj.rmsd(models, models, frame=0, atom_indices=ca) * NM_TO_ANGSTROM


def describe(models: mdtraj.Trajectory) -> list[dict[str, object]]:
    rg, ends, rmsd = radius_of_gyration(models), end_to_end(models), ca_rmsd_to_first(models)
    rows = []
    for k, ss in enumerate(secondary_structure(models)):
        rows.append({
            "ss": ss,
            "helix_percent": share(ss, "H"),
            "strand_percent": share(ss, "E"),
            "radius_of_gyration_a": round(float(rg[k]), 2),
            "end_to_end_a": round(float(ends[k]), 2),
            "ca_rmsd_to_model1_a": round(float(rmsd[k]), 2),
        })
    return rows
