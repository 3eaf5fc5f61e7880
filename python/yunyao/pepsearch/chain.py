"""The starting chain: a polyproline-II backbone from ideal internal coordinates, then PDBFixer adds
the side chains, the C-terminal oxygen and the hydrogens.

Written by hand because nothing installed builds a peptide from its sequence well: OpenMM and
PDBFixer only complete residues that already have atoms, and Open Babel's FASTA builder gives crude,
clashing geometry. The backbone is placed atom by atom with the NeRF method (Parsons et al.,
J. Comput. Chem. 2005, 26, 1063): each atom from the three before it, a bond length, an angle and
a dihedral.
"""

from __future__ import annotations

import io
import math
import random

import numpy as np

from .sequence import RESIDUE_NAMES

# Engh & Huber (1991) ideal backbone geometry, in Å and degrees.
N_CA = 1.458
CA_C = 1.525
C_N = 1.329
C_O = 1.231
ANGLE_N_CA_C = 111.2
ANGLE_CA_C_N = 116.2
ANGLE_C_N_CA = 121.7
ANGLE_CA_C_O = 120.5
OMEGA_TRANS = 180.0
# Polyproline II: the commonest conformation of unfolded peptides, open but less stretched than a
# β strand, so short-range contacts can form early in sampling.
PPII_PHI = -75.0
PPII_PSI = 145.0
BUILD_SEED = 1


def place_atom(a: np.ndarray, b: np.ndarray, c: np.ndarray, bond, angle, torsion) -> np.ndarray:
    """The atom d bonded to c with |cd| = bond, angle b-c-d and dihedral a-b-c-d (degrees). Coordinates
    are (..., 3) arrays and the internal coordinates scalars or (...) arrays, so one call places the same
    atom in many chains at once (the fragment search builds hundreds of decoys together)."""
    bc = c - b
    bc = bc / np.linalg.norm(bc, axis=-1, keepdims=True)
    n = np.cross(b - a, bc)
    n = n / np.linalg.norm(n, axis=-1, keepdims=True)
    m = np.cross(n, bc)
    theta, phi = np.radians(angle), np.radians(torsion)
    x = np.expand_dims(-bond * np.cos(theta), -1)
    y = np.expand_dims(bond * np.sin(theta) * np.cos(phi), -1)
    z = np.expand_dims(bond * np.sin(theta) * np.sin(phi), -1)
    return c + x * bc + y * m + z * n


def backbone_coordinates(phi: np.ndarray, psi: np.ndarray) -> np.ndarray:
    """N, CA, C, O of each residue as a (..., residues, 4, 3) array from per-residue phi and psi
    (..., residues) in degrees, every peptide bond trans. The first residue's phi places nothing."""
    phi, psi = np.asarray(phi, dtype=float), np.asarray(psi, dtype=float)
    batch, length = phi.shape[:-1], phi.shape[-1]
    xyz = np.zeros(batch + (length, 4, 3))
    angle = math.radians(180.0 - ANGLE_N_CA_C)
    xyz[..., 0, 1, :] = [N_CA, 0.0, 0.0]
    xyz[..., 0, 2, :] = xyz[..., 0, 1, :] + CA_C * np.array([math.cos(angle), math.sin(angle), 0.0])
    for i in range(1, length):
        n0, ca0, c0 = xyz[..., i - 1, 0, :], xyz[..., i - 1, 1, :], xyz[..., i - 1, 2, :]
        n = place_atom(n0, ca0, c0, C_N, ANGLE_CA_C_N, psi[..., i - 1])
        ca = place_atom(ca0, c0, n, N_CA, ANGLE_C_N_CA, OMEGA_TRANS)
        xyz[..., i, 0, :], xyz[..., i, 1, :] = n, ca
        xyz[..., i, 2, :] = place_atom(c0, n, ca, CA_C, ANGLE_N_CA_C, phi[..., i])
    # The carbonyl O lies in the peptide plane, opposite the next residue's N.
    xyz[..., 3, :] = place_atom(xyz[..., 0, :], xyz[..., 1, :], xyz[..., 2, :], C_O, ANGLE_CA_C_O, psi + 180.0)
    return xyz


def backbone(length: int, phi: float = PPII_PHI, psi: float = PPII_PSI) -> list[dict[str, np.ndarray]]:
    """N, CA, C, O of each residue of a chain with the same phi and psi everywhere."""
    xyz = backbone_coordinates(np.full(length, phi), np.full(length, psi))
    return [dict(zip(("N", "CA", "C", "O"), residue)) for residue in xyz]


def backbone_pdb(sequence: str, phi=PPII_PHI, psi=PPII_PSI) -> str:
    """PDB text of the backbone, one chain A; phi and psi are one value for every residue or one per residue."""
    length = len(sequence)
    coordinates = backbone_coordinates(np.broadcast_to(phi, (length,)), np.broadcast_to(psi, (length,)))
    lines = []
    serial = 1
    for number, (letter, atoms) in enumerate(zip(sequence, coordinates), start=1):
        for name, xyz in zip(("N", "CA", "C", "O"), atoms):
            lines.append(
                f"ATOM  {serial:5d}  {name:<3s} {RESIDUE_NAMES[letter]} A{number:4d}    "
                f"{xyz[0]:8.3f}{xyz[1]:8.3f}{xyz[2]:8.3f}  1.00  0.00           {name[0]}"
            )
            serial += 1
    return "\n".join(lines + ["TER", "END", ""])


def build_peptide(sequence: str, phi=PPII_PHI, psi=PPII_PSI):
    """(topology, positions) of the full peptide with hydrogens at pH 7 (free, charged termini); other
    backbone dihedrals than PPII make reference shapes (an α helix) for the tests, and per-residue
    dihedrals the fragment-assembly decoys."""
    import openmm
    from pdbfixer import PDBFixer

    # PDBFixer and Modeller relax the atoms they add on OpenMM's default platform; on one CPU thread
    # the forces are summed in a fixed order, so the same sequence always starts from the same atoms.
    openmm.Platform.getPlatformByName("CPU").setPropertyDefaultValue("Threads", "1")
    fixer = PDBFixer(pdbfile=io.StringIO(backbone_pdb(sequence, phi, psi)))
    fixer.findMissingResidues()
    fixer.findMissingAtoms()
    fixer.addMissingAtoms(seed=BUILD_SEED)
    # OpenMM's Modeller drops new hydrogens at positions from the global `random` before relaxing
    # them; seeding it makes the same sequence always start from the same atoms.
    random.seed(BUILD_SEED)
    fixer.addMissingHydrogens(7.0)
    return fixer.topology, fixer.positions
