"""Vinardo's score of unchanged poses, computed as AutoDock Vina 1.2.3 computes it for ``--score_only``.

Why: Vina 1.2.3's command line scores one pose per process, and each process spends about a second
building tables it never needs (its ``--batch`` mode does not score with Vinardo); re-ranking a
job's poses that way cost more than docking them. ``rerank.vinardo_scores`` therefore runs Vina on
one pose of the job and scores every pose here, after checking that this module reproduces Vina's
numbers on that pose; where it does not, every pose is scored by Vina as before.

What Vina computes for ``--score_only --scoring vinardo`` with a receptor (no flexible residues):
the receptor–ligand sum over ligand heavy atoms i and receptor heavy atoms j closer than 8 Å of
the pair energy, read from Vina's precalculated table (32 samples per Å² of r², the mean of the
two samples around r²; ``precalculate.h``), each ligand atom's positive sum e damped to
e·1000/(1000 + e) (``curl``, ``non_cache::eval``) — with explicit receptor atoms, not interpolated maps
(Vina's default for ``--score_only``, ``--no_refine`` off). Pair energy (Quiroga & Villarreal 2016)
at surface distance d = r − R_i − R_j (Vinardo radii): −0.045·exp(−(d/0.8)²) + 0.8·d² (d < 0)
− 0.035·hydrophobic(d; 1 at ≤ 0, 0 at ≥ 2.5) − 0.6·hbond(d; 1 at ≤ −0.6, 0 at ≥ 0). The
estimate Vina prints is that sum × 1/(1 + 0.05846·N_rot): for an unchanged pose the ligand's
internal energy and its unbound energy cancel. Atom types are X-Score's as Vina assigns them
(``model::assign_types``): bonds from distances (< 1.1 × sum of covalent radii), C bonded to a
heteroatom is C_P, N/O donors are those bonded to a polar hydrogen, NA/OA acceptors.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

# AutoDock types this module types exactly as Vina 1.2.3 does, with their element and covalent
# radius (atom_constants.h). Others (Vina's non-AutoDock metals, Se, Si, At, B, dummies) are left to Vina.
COVALENT = {
    "C": ("C", 0.77), "A": ("C", 0.77), "N": ("N", 0.75), "NA": ("N", 0.75), "O": ("O", 0.73), "OA": ("O", 0.73),
    "S": ("S", 1.02), "SA": ("S", 1.02), "P": ("P", 1.06), "H": ("H", 0.37), "HD": ("H", 0.37), "F": ("F", 0.71),
    "I": ("I", 1.33), "Cl": ("Cl", 0.99), "Br": ("Br", 1.14),
    "Mg": ("Met", 1.30), "Mn": ("Met", 1.39), "Zn": ("Met", 1.31), "Ca": ("Met", 1.74), "Fe": ("Met", 1.25),
}
RADIUS = {"C_H": 2.0, "C_P": 2.0, "N_P": 1.7, "N_D": 1.7, "N_A": 1.7, "N_DA": 1.7, "O_P": 1.6, "O_D": 1.6, "O_A": 1.6,
          "O_DA": 1.6, "S_P": 2.0, "P_P": 2.1, "F_H": 1.5, "Cl_H": 1.8, "Br_H": 2.0, "I_H": 2.2, "Met_D": 1.2}
HYDROPHOBIC = {"C_H", "F_H", "Cl_H", "Br_H", "I_H"}
DONOR = {"N_D", "N_DA", "O_D", "O_DA", "Met_D"}
ACCEPTOR = {"N_A", "N_DA", "O_A", "O_DA"}
SINGLE = {"S": "S_P", "P": "P_P", "F": "F_H", "Cl": "Cl_H", "Br": "Br_H", "I": "I_H", "Met": "Met_D"}
CUTOFF = 8.0
FACTOR = 32.0  # table samples per Å² (Vina's precalculate)
WEIGHT_ROT = 0.05846
CURL = 1000.0  # the v Vina's score passes to non_cache::eval (authentic_v)
# Receptor atoms farther than this from every pose atom's bounding box neither score nor type one that does.
REACH = CUTOFF + 3.0


class Unsupported(Exception):
    """An atom type this module does not reproduce; the caller lets Vina score."""


class Atoms:
    """Atom lines of a PDBQT: AutoDock types, coordinates, serial numbers, and the BRANCH bonds."""

    def __init__(self, text: str) -> None:
        ad: list[str] = []
        xyz: list[tuple[float, float, float]] = []
        serial: dict[int, int] = {}
        self.branches: list[tuple[int, int]] = []
        for line in text.splitlines():
            if line.startswith(("ATOM", "HETATM")):
                if line[6:11].strip().isdigit():  # only a ligand's BRANCH records use them; receptors may overflow
                    serial[int(line[6:11])] = len(ad)
                ad.append(line[77:79].strip())
                xyz.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
            elif line.startswith("BRANCH"):
                a, b = line.split()[1:3]
                self.branches.append((int(a), int(b)))
        self.ad = ad
        self.xyz = np.array(xyz, dtype=float).reshape(-1, 3)
        self.serial = serial

    def subset(self, keep: np.ndarray) -> "Atoms":
        out = Atoms("")
        out.ad = [self.ad[i] for i in np.nonzero(keep)[0]]
        out.xyz = self.xyz[keep]
        return out


def _bonds(ad: list[str], xyz: np.ndarray) -> list[list[int]]:
    """Neighbours of each atom by Vina's rule: closer than 1.1 × the sum of covalent radii."""
    for t in ad:
        if t not in COVALENT:
            raise Unsupported(t)
    radius = np.array([COVALENT[t][1] for t in ad])
    out: list[list[int]] = [[] for _ in ad]
    for start in range(0, len(ad), 512):  # row blocks: a whole receptor's distance matrix would not fit
        block = xyz[start:start + 512]
        d2 = ((block[:, None, :] - xyz[None, :, :]) ** 2).sum(-1)
        limit = (1.1 * (radius[start:start + 512, None] + radius[None, :])) ** 2
        for i, j in zip(*np.nonzero(d2 < limit)):
            if start + i != j:
                out[start + i].append(int(j))
    return out


def xs_types(ad: list[str], bonds: list[list[int]]) -> list[Optional[str]]:
    """X-Score type of each atom (None for hydrogens, which Vina leaves out of the sum)."""
    el = [COVALENT[t][0] for t in ad]
    out: list[Optional[str]] = []
    for i, t in enumerate(ad):
        e = el[i]
        if e == "H":
            out.append(None)
            continue
        donor = e == "Met" or any(ad[j] == "HD" for j in bonds[i])
        acceptor = t in ("OA", "NA")
        if e == "C":
            out.append("C_P" if any(el[j] not in ("C", "H") for j in bonds[i]) else "C_H")
        elif e in ("N", "O"):
            out.append(f"{e}_{'DA' if acceptor and donor else 'A' if acceptor else 'D' if donor else 'P'}")
        else:
            out.append(SINGLE[e])
    return out


def rotors(lig: Atoms, bonds: list[list[int]]) -> float:
    """Vina's N_rot: half a count, from each heavy end of a rotatable (BRANCH) bond, when the other
    end is heavy and bonded to another heavy atom (so a hydroxyl's O–H rotor counts ½, a methyl none)."""
    heavy = [COVALENT[t][0] != "H" for t in lig.ad]
    degree = [sum(1 for j in bonds[i] if heavy[j]) for i in range(len(lig.ad))]
    n = 0.0
    for a, b in lig.branches:
        i, j = lig.serial[a], lig.serial[b]
        for x, y in ((i, j), (j, i)):
            if heavy[x] and heavy[y] and degree[y] > 1:
                n += 0.5
    return n


def _pair(t1: str, t2: str, r: np.ndarray) -> np.ndarray:
    d = r - (RADIUS[t1] + RADIUS[t2])
    e = -0.045 * np.exp(-((d / 0.8) ** 2)) + 0.8 * np.where(d < 0, d * d, 0.0)
    if t1 in HYDROPHOBIC and t2 in HYDROPHOBIC:
        e = e - 0.035 * np.clip((2.5 - d) / 2.5, 0.0, 1.0)
    if (t1 in DONOR and t2 in ACCEPTOR) or (t2 in DONOR and t1 in ACCEPTOR):
        e = e - 0.6 * np.clip(-d / 0.6, 0.0, 1.0)
    return np.where(r < CUTOFF, e, 0.0)


def _table(t1: str, t2: str) -> np.ndarray:
    """Vina's ``precalculate_element.fast``: the mean of the energies at r² = i/32 and (i+1)/32."""
    n = int(FACTOR * CUTOFF * CUTOFF) + 3
    smooth = _pair(t1, t2, np.sqrt(np.arange(n) / FACTOR))
    return (smooth + np.append(smooth[1:], 0.0)) / 2


def scores(receptor_text: str, poses: list[str]) -> tuple[list[float], float]:
    """(receptor–ligand sum of every pose, 1/(1 + w·N_rot)) for poses of one ligand; Vinardo's
    estimate of pose k is their product. Raises ``Unsupported`` for an atom type left to Vina."""
    ligs = [Atoms(p) for p in poses]
    if not ligs or any(len(l.ad) == 0 for l in ligs):
        raise Unsupported("empty pose")
    every = np.vstack([l.xyz for l in ligs])
    rec = Atoms(receptor_text)
    near = np.all((rec.xyz >= every.min(0) - REACH) & (rec.xyz <= every.max(0) + REACH), axis=1)
    rec = rec.subset(near)
    rec_types = xs_types(rec.ad, _bonds(rec.ad, rec.xyz))
    rec_heavy = np.array([t is not None for t in rec_types], dtype=bool)
    rec_xyz = rec.xyz[rec_heavy]
    rec_kinds = sorted({t for t in rec_types if t is not None})
    rec_index = np.array([rec_kinds.index(t) for t in rec_types if t is not None], dtype=int)
    lig_bonds = _bonds(ligs[0].ad, ligs[0].xyz)  # poses of one ligand: same atoms, same bonds
    lig_types = xs_types(ligs[0].ad, lig_bonds)
    lig_heavy = np.array([t is not None for t in lig_types], dtype=bool)
    lig_kinds = [t for t in lig_types if t is not None]
    tables = {(a, b): _table(a, b) for a in set(lig_kinds) for b in rec_kinds}
    sums: list[float] = []
    for lig in ligs:
        if lig.ad != ligs[0].ad:
            raise Unsupported("poses of different ligands")
        total = 0.0
        for t, p in zip(lig_kinds, lig.xyz[lig_heavy]):
            r2 = ((rec_xyz - p) ** 2).sum(-1)
            close = np.nonzero(r2 < CUTOFF * CUTOFF)[0]
            idx = (FACTOR * r2[close]).astype(np.int64)
            atom = 0.0
            for k, kind in enumerate(rec_kinds):
                sel = rec_index[close] == k
                if sel.any():
                    atom += float(tables[(t, kind)][idx[sel]].sum())
            if atom > 0:  # Vina's curl: an atom's clash energy e counts e·v/(v + e), v = 1000 for scoring
                atom *= CURL / (CURL + atom)
            total += atom
        sums.append(total)
    return sums, 1.0 / (1.0 + WEIGHT_ROT * rotors(ligs[0], lig_bonds))

