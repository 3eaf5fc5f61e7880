"""The receptor around the reference ligand: the binding-site atoms and the excluded volumes."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..common import reject_input
from ..pose_interactions import read_receptor

# Receptor residues kept for PLIP: any atom within this distance of the ligand (a 12 Å shell
# holds every interaction PLIP reports and keeps it to about a second).
SITE_SHELL = 12.0
# A reference with no receptor heavy atom this close is not in a binding site.
NEAR_LIGAND = 5.0
# Receptor heavy atoms within this distance of the reference become excluded volumes.
EXCLUDED_SHELL = 8.0
# Sphere radius = Bondi vdW radius × EXCLUDED_SCALE (1.36 Å for carbon): a screened heavy atom's
# centre inside it sits almost on the receptor atom, a clash no small adjustment removes.  Tighter
# spheres (1.0–1.2 × vdW) dropped the redocked reference of the test complex itself: conformers
# placed rigidly by their feature points (no minimisation in the site) overlap the receptor a
# little even in the right pose.
EXCLUDED_SCALE = 0.8
VDW = {"C": 1.7, "N": 1.55, "O": 1.52, "S": 1.8, "P": 1.8, "SE": 1.9}
DEFAULT_VDW = 1.7


@dataclass
class Site:
    lines: list[str]  # receptor atom lines of the residues near the ligand
    excluded: list[dict]


def _element(line: str) -> str:
    return (line[76:78].strip() or line[12:14].strip()).upper()


def read_site(path: str, name: str, ligand_xyz: np.ndarray) -> Site:
    """The receptor's residues near the ligand and its excluded volumes; refuses a bad protein or a far ligand."""
    try:
        lines, xyz, _labels = read_receptor(path)
    except (OSError, ValueError) as exc:
        reject_input("pharmer.proteinUnreadable", file=name, reason=str(exc))
    if not len(xyz):
        reject_input("pharmer.proteinNoAtoms", file=name)
    dist = np.linalg.norm(xyz[:, None] - ligand_xyz[None], axis=2).min(axis=1)
    if dist.min() > NEAR_LIGAND:
        reject_input("pharmer.ligandFarFromProtein", distance=f"{dist.min():.1f}", max=f"{NEAR_LIGAND:.0f}")
    heavy = [l for l in lines if _element(l) != "H" and l[17:20] != "HOH"]
    near_residues = {l[17:27] for l, d in zip(heavy, dist) if d <= SITE_SHELL}
    site_lines = [l for l in lines if l[17:27] in near_residues and l[17:20] != "HOH"]
    excluded = [
        {"center": [round(float(v), 3) for v in xyz[i]], "radius": round(VDW.get(_element(heavy[i]), DEFAULT_VDW) * EXCLUDED_SCALE, 2)}
        for i in np.nonzero(dist <= EXCLUDED_SHELL)[0]
    ]
    return Site(site_lines, excluded)
