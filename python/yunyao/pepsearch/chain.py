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


def place_atom(a: np.ndarray, b: np.ndarray, c: np.ndarray, bond: float, angle: float, torsion: float) -> np.ndarray:
    """The atom d bonded to c with |cd| = bond, angle b-c-d and dihedral a-b-c-d (degrees)."""
    bc = c - b
    bc /= np.linalg.norm(bc)
    n = np.cross(b - a, bc)
    n /= np.linalg.norm(n)
    m = np.cross(n, bc)
    theta, phi = math.radians(angle), math.radians(torsion)
    local = np.array([-bond * math.cos(theta), bond * math.sin(theta) * math.cos(phi), bond * math.sin(theta) * math.sin(phi)])
    return c + local[0] * bc + local[1] * m + local[2] * n


def backbone(length: int, phi: float = PPII_PHI, psi: float = PPII_PSI) -> list[dict[str, np.ndarray]]:
    """N, CA, C, O of each residue, every peptide bond trans."""
    n = np.zeros(3)
    ca = np.array([N_CA, 0.0, 0.0])
    angle = math.radians(180.0 - ANGLE_N_CA_C)
    c = ca + CA_C * np.array([math.cos(angle), math.sin(angle), 0.0])
    residues = []
    for i in range(length):
        if i > 0:
            prev = residues[-1]
            n = place_atom(prev["N"], prev["CA"], prev["C"], C_N, ANGLE_CA_C_N, psi)
            ca = place_atom(prev["CA"], prev["C"], n, N_CA, ANGLE_C_N_CA, OMEGA_TRANS)
            c = place_atom(prev["C"], n, ca, CA_C, ANGLE_N_CA_C, phi)
        # The carbonyl O lies in the peptide plane, opposite the next residue's N.
        o = place_atom(n, ca, c, C_O, ANGLE_CA_C_O, psi + 180.0)
        residues.append({"N": n, "CA": ca, "C": c, "O": o})
    return residues


def backbone_pdb(sequence: str, phi: float = PPII_PHI, psi: float = PPII_PSI) -> str:
    """PDB text of the backbone, one chain A."""
    lines = []
    serial = 1
    for number, (letter, atoms) in enumerate(zip(sequence, backbone(len(sequence), phi, psi)), start=1):
        for name, xyz in atoms.items():
            lines.append(
                f"ATOM  {serial:5d}  {name:<3s} {RESIDUE_NAMES[letter]} A{number:4d}    "
                f"{xyz[0]:8.3f}{xyz[1]:8.3f}{xyz[2]:8.3f}  1.00  0.00           {name[0]}"
            )
            serial += 1
    return "\n".join(lines + ["TER", "END", ""])


def build_peptide(sequence: str, phi: float = PPII_PHI, psi: float = PPII_PSI):
    """(topology, positions) of the full peptide with hydrogens at pH 7 (free, charged termini); other
    backbone dihedrals than PPII make reference shapes (an α helix) for the tests."""
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
