"""Which reference features the protein interacts with: PLIP first, a contact check when PLIP fails.

PLIP (Adasme et al., 2021) types each interaction and names the ligand atoms in it; a feature is
interacting when one of its atoms takes part in an interaction of a kind that fits its family:

| family | PLIP interaction |
| --- | --- |
| Donor | hydrogen bond or water bridge with the ligand donating |
| Acceptor | hydrogen bond or water bridge with the protein donating; metal complex |
| PosIonizable / NegIonizable | salt bridge of the matching sign; π–cation (positive) |
| Aromatic | π-stacking, π–cation, or hydrophobic contacts on the ring |
| Hydrophobe | hydrophobic contact or halogen bond |

The fallback (no PLIP, or PLIP failed) is geometric: polar features with a receptor N/O within
3.5 Å, hydrophobic and aromatic ones with a receptor carbon within 4.0 Å.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from ..pose_interactions import complex_pdb, run_plip
from .features import FeatureDef

POLAR_CONTACT = 3.5
APOLAR_CONTACT = 4.0

# family -> [(PLIP type, detail or "" for any)] in order of preference.
FITTING = {
    "Donor": [("hbond", "ligand_donor"), ("waterbridge", "ligand_donor")],
    "Acceptor": [("hbond", "protein_donor"), ("waterbridge", "protein_donor"), ("metal", "")],
    "PosIonizable": [("saltbridge", "protein_negative"), ("pication", "")],
    "NegIonizable": [("saltbridge", "protein_positive"), ("metal", "")],
    "Aromatic": [("pistacking", ""), ("pication", ""), ("hydrophobic", "")],
    "Hydrophobe": [("hydrophobic", ""), ("halogen", "")],
}
# PLIP's names as the query states them.
INTERACTION_NAMES = {"pistacking": "pistack"}


def partner_label(residue: str) -> str:
    """PLIP's ``A:ASP86`` as ``ASP86A``."""
    chain, _, res = residue.partition(":")
    return f"{res}{chain}"


def _from_plip(defs: list[FeatureDef], records: list[dict]) -> list[Optional[tuple[str, str]]]:
    out: list[Optional[tuple[str, str]]] = []
    for d in defs:
        atoms = {a + 1 for a in d.atoms}  # PLIP numbers the ligand's atoms from 1
        found = None
        for kind, detail in FITTING[d.family]:
            hits = [r for r in records if r["type"] == kind and (not detail or r["detail"] == detail) and atoms & set(r["ligandAtoms"])]
            if hits:
                closest = min(hits, key=lambda r: r["distance"] if r["distance"] is not None else 99.0)
                found = (partner_label(closest["residue"]), INTERACTION_NAMES.get(kind, kind))
                break
        out.append(found)
    return out


def _from_contacts(defs: list[FeatureDef], ligand_xyz: np.ndarray, site_lines: list[str]) -> list[Optional[tuple[str, str]]]:
    xyz = np.array([[float(l[30:38]), float(l[38:46]), float(l[46:54])] for l in site_lines]).reshape(-1, 3)
    elements = [(l[76:78].strip() or l[12:14].strip()).upper() for l in site_lines]
    labels = [f"{l[17:20].strip()}{l[22:26].strip()}{l[21].strip() or 'A'}" for l in site_lines]
    out: list[Optional[tuple[str, str]]] = []
    for d in defs:
        polar = d.family in ("Donor", "Acceptor", "PosIonizable", "NegIonizable")
        wanted = ("N", "O") if polar else ("C",)
        cutoff = POLAR_CONTACT if polar else APOLAR_CONTACT
        best: Optional[tuple[float, int]] = None
        for a in d.atoms:
            for i in range(len(xyz)):
                if elements[i] in wanted:
                    dist = float(np.linalg.norm(xyz[i] - ligand_xyz[a]))
                    if dist <= cutoff and (best is None or dist < best[0]):
                        best = (dist, i)
        out.append((labels[best[1]], "contact") if best else None)
    return out


def feature_interactions(ligand, defs: list[FeatureDef], site_lines: list[str]) -> tuple[list[Optional[tuple[str, str]]], dict]:
    """(partner residue, interaction kind) or None per feature, and how it was found (method, PLIP version or error)."""
    # Receptor hydrogens keep their serials in PLIP's numbering (a structure that arrives protonated),
    # which would shift the ligand's atom indices; without them the indices are the ligand's own.
    heavy = [l for l in site_lines if (l[76:78].strip() or l[12:14].strip()).upper() != "H"]
    plip = run_plip(*complex_pdb(heavy, ligand))
    if "error" not in plip:
        return _from_plip(defs, plip["interactions"]), {"method": "plip", "plip": plip.get("version", "")}
    xyz = ligand.GetConformer().GetPositions()
    return _from_contacts(defs, xyz, site_lines), {"method": "contacts", "plipError": plip["error"]}
