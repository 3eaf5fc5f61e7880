"""Monte Carlo fragment assembly in torsion space (the Rosetta ab initio / PEP-FOLD way), many decoys
at once: each decoy is a chain of per-residue phi/psi (every peptide bond trans), a move copies the
phi/psi of one picked fragment into a random window, the backbone is rebuilt with NeRF (chain.py) and
the move is kept by the Metropolis rule on a coarse score. Long fragments first (they set local
structure), short ones after (they refine it), temperature falling linearly; each decoy keeps the
lowest-scoring chain it visited.

The coarse score (kcal/mol-like units, lower is better), on N, H, CA, C, O and an ideal CB:
- **clash**: 10 per Å² of overlap of backbone/CB atoms two or more residues apart (3.0 Å; 2.6 Å for N-O,
  which H-bond);
- **backbone H-bonds**: the DSSP electrostatic energy (Kabsch & Sander 1983) of each N-H with its best
  C=O three or more residues away, clipped to [-3, 0]; non-local ones (five or more residues apart:
  strand pairing, hairpins) count twice as much as local ones (helical i->i+3/i+4), since the fragments
  already carry local helices and pairing is what assembly must find, as Rosetta scores long-range
  backbone H-bonds apart from short-range ones (equal weights left 56 % of chignolin's decoys coil);
- **burial**: -2 per contact (CB-CB under about 7 Å, smooth) between hydrophobic residues three or more
  apart, weighted by their hydrophobicity (aromatics, aliphatics, Pro weakly): the hydrophobic collapse
  that holds a hairpin's Trp/Tyr pair or Trp-cage's Trp against its prolines;
- **compaction**: 0.5 per Å of CA radius of gyration, a weak pull towards compact chains.
"""

from __future__ import annotations

import ctypes

from dataclasses import dataclass

import numpy as np

from .chain import PPII_PHI, PPII_PSI, backbone_coordinates, place_atom

CLASH_WEIGHT = 10.0
CLASH_DISTANCE = 3.0
CLASH_DISTANCE_NO = 2.6
HBOND_LOCAL_WEIGHT = 1.0
HBOND_NONLOCAL_WEIGHT = 2.0
HBOND_FLOOR = -3.0
BURIAL_WEIGHT = 2.0
BURIAL_DISTANCE = 7.0
BURIAL_WIDTH = 0.5
RG_WEIGHT = 0.5
# Relative hydrophobicity of the side chain for the burial term (Gly, polar and charged: 0).
HYDROPHOBICITY = {"W": 1.0, "F": 1.0, "L": 1.0, "I": 1.0, "Y": 0.8, "M": 0.8, "V": 0.8, "C": 0.6, "P": 0.5, "A": 0.3}
# DSSP's electrostatic H-bond model: q1 q2 f = 0.42 * 0.20 * 332 kcal/mol Å.
DSSP_FACTOR = 27.888
N_H = 1.01
CA_CB = 1.53
ANGLE_N_CA_CB = 110.5
DIHEDRAL_C_N_CA_CB = -122.2  # measured on the library's chains (median, sd 2.8°)


@dataclass(frozen=True)
class Schedule:
    steps: int  # Monte Carlo steps per decoy (half long fragments, half short)
    start_temperature: float  # score units
    end_temperature: float


def atoms(sequence: str, phi: np.ndarray, psi: np.ndarray) -> dict[str, np.ndarray]:
    """Backbone atoms (decoys, residues, 3) in Å, with the amide H (bisecting C-N-CA) and an ideal CB."""
    xyz = backbone_coordinates(phi, psi)
    n, ca, c, o = (xyz[..., k, :] for k in range(4))
    h = np.full_like(n, np.nan)
    u = n[..., 1:, :] - c[..., :-1, :]
    v = n[..., 1:, :] - ca[..., 1:, :]
    bisector = u / np.linalg.norm(u, axis=-1, keepdims=True) + v / np.linalg.norm(v, axis=-1, keepdims=True)
    h[..., 1:, :] = n[..., 1:, :] + N_H * bisector / np.linalg.norm(bisector, axis=-1, keepdims=True)
    proline = np.array([letter == "P" for letter in sequence])
    h[..., proline, :] = np.nan  # no amide H on Pro (nor on the charged N terminus, left out)
    cb = place_atom(c, n, ca, CA_CB, ANGLE_N_CA_CB, DIHEDRAL_C_N_CA_CB)
    glycine = np.array([letter == "G" for letter in sequence])
    cb[..., glycine, :] = ca[..., glycine, :]
    return {"N": n, "H": h, "CA": ca, "C": c, "O": o, "CB": cb}


ATOM_ORDER = ("N", "H", "CA", "C", "O", "CB")
HEAVY = ("N", "CA", "C", "O", "CB")


def distance_blocks(x: dict[str, np.ndarray]) -> dict[tuple[str, str], np.ndarray]:
    """Every atom-type pair's (decoys, residues, residues) distances in Å from one matrix product
    (|a|^2 + |b|^2 - 2 a.b), much faster than differencing for hundreds of decoys."""
    stacked = np.concatenate([np.nan_to_num(x[name], nan=1.0e3) for name in ATOM_ORDER], axis=-2)
    square = (stacked ** 2).sum(axis=-1)
    # einsum, not matmul: numpy without BLAS loops slowly over a batch of (n, 3) @ (3, n) products
    d2 = square[..., :, None] + square[..., None, :] - 2.0 * np.einsum("...ik,...jk->...ij", stacked, stacked)
    d = np.sqrt(np.clip(d2, 1.0e-6, None))
    length = x["N"].shape[-2]
    index = {name: slice(k * length, (k + 1) * length) for k, name in enumerate(ATOM_ORDER)}
    return {(a, b): d[..., index[a], index[b]] for a in ATOM_ORDER for b in ATOM_ORDER}


class Scorer:
    """The coarse score of many decoys of one sequence; the pair masks are computed once."""

    def __init__(self, sequence: str) -> None:
        self.sequence = sequence
        length = len(sequence)
        i, j = np.indices((length, length))
        separation = np.abs(i - j)
        self.apart2 = separation >= 2
        # donors: every N-H, so neither Pro nor the first residue (its charged NH3+ is not a backbone donor)
        donor = np.array([k > 0 and letter != "P" for k, letter in enumerate(sequence)])[:, None]
        self.hbond_local = (separation >= 3) & (separation <= 4) & donor
        self.hbond_nonlocal = (separation >= 5) & donor
        h = np.array([HYDROPHOBICITY.get(letter, 0.0) for letter in sequence])
        self.burial = np.sqrt(np.outer(h, h)) * (separation >= 3)

    def clash(self, d: dict[tuple[str, str], np.ndarray]) -> np.ndarray:
        total = 0.0
        for k, a in enumerate(HEAVY):
            for b in HEAVY[k:]:
                limit = CLASH_DISTANCE_NO if {a, b} == {"N", "O"} else CLASH_DISTANCE
                overlap = np.clip(limit - d[a, b], 0.0, None) ** 2
                # same-type pairs are counted twice in their square block
                total = total + (overlap * self.apart2).sum(axis=(-1, -2)) * (0.5 if a == b else 1.0)
        return CLASH_WEIGHT * total

    def hbonds(self, d: dict[tuple[str, str], np.ndarray]) -> np.ndarray:
        """Rows: donor N-H; columns: acceptor C=O."""
        energy = DSSP_FACTOR * (1 / d["N", "O"] + 1 / d["H", "C"] - 1 / d["H", "O"] - 1 / d["N", "C"])
        energy = np.clip(energy, HBOND_FLOOR, 0.0)
        local = np.where(self.hbond_local, energy, 0.0).min(axis=-1)
        nonlocal_ = np.where(self.hbond_nonlocal, energy, 0.0).min(axis=-1)
        # a donor makes one H-bond: its best, local or not
        best = np.minimum(HBOND_NONLOCAL_WEIGHT * nonlocal_, HBOND_LOCAL_WEIGHT * local)
        return best.sum(axis=-1)

    def burial_term(self, d: dict[tuple[str, str], np.ndarray]) -> np.ndarray:
        contact = 1.0 / (1.0 + np.exp((d["CB", "CB"] - BURIAL_DISTANCE) / BURIAL_WIDTH))
        return -BURIAL_WEIGHT * 0.5 * (contact * self.burial).sum(axis=(-1, -2))

    def compaction(self, x: dict[str, np.ndarray]) -> np.ndarray:
        ca = x["CA"]
        centred = ca - ca.mean(axis=-2, keepdims=True)
        return RG_WEIGHT * np.sqrt((centred ** 2).sum(axis=-1).mean(axis=-1))

    def terms(self, phi: np.ndarray, psi: np.ndarray) -> dict[str, np.ndarray]:
        x = atoms(self.sequence, phi, psi)
        d = distance_blocks(x)
        return {"clash": self.clash(d), "hbond": self.hbonds(d), "burial": self.burial_term(d), "compaction": self.compaction(x)}

    def __call__(self, phi: np.ndarray, psi: np.ndarray) -> np.ndarray:
        return sum(self.terms(phi, psi).values())


# glibc's mallopt parameters (malloc.h)
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def keep_freed_memory() -> None:
    """Every Monte Carlo step allocates and frees the same tens of MB of distance arrays. glibc gives
    blocks above its mmap threshold back to the kernel on each free and maps them afresh on the next
    allocation, which took most of the assembly's CPU time (4.8× on chignolin: 23.4 → 4.9 CPU s for 50
    decoys × 1,000 steps, identical decoys). Raising both thresholds, as MALLOC_MMAP_THRESHOLD_ and
    MALLOC_TRIM_THRESHOLD_ would, keeps those blocks in the process's heap."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc: nothing to tune
        return
    libc.mallopt(_M_MMAP_THRESHOLD, 64 << 20)
    libc.mallopt(_M_TRIM_THRESHOLD, 256 << 20)


def assemble(sequence: str, fragments: list[tuple[np.ndarray, np.ndarray]], decoys: int, schedule: Schedule,
             rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``decoys`` chains assembled together; ``fragments`` are (phi, psi) picks, longest first, each
    (windows, count, size). Returns the best phi, psi (decoys, residues) and score (decoys) of each."""
    length = len(sequence)
    scorer = Scorer(sequence)
    phi = np.full((decoys, length), PPII_PHI)
    psi = np.full((decoys, length), PPII_PSI)
    score = scorer(phi, psi)
    best_phi, best_psi, best_score = phi.copy(), psi.copy(), score.copy()
    rows = np.arange(decoys)
    stages = len(fragments)
    for step in range(schedule.steps):
        frag_phi, frag_psi = fragments[min(stages - 1, step * stages // schedule.steps)]
        windows, count, size = frag_phi.shape
        temperature = schedule.start_temperature + (schedule.end_temperature - schedule.start_temperature) * step / max(1, schedule.steps - 1)
        where = rng.integers(0, windows, decoys)
        which = rng.integers(0, count, decoys)
        columns = where[:, None] + np.arange(size)[None, :]
        new_phi, new_psi = phi.copy(), psi.copy()
        new_phi[rows[:, None], columns] = frag_phi[where, which]
        new_psi[rows[:, None], columns] = frag_psi[where, which]
        new_score = scorer(new_phi, new_psi)
        accept = rng.random(decoys) < np.exp(-np.clip(new_score - score, 0.0, None) / temperature)
        phi[accept], psi[accept], score[accept] = new_phi[accept], new_psi[accept], new_score[accept]
        better = score < best_score
        best_phi[better], best_psi[better], best_score[better] = phi[better], psi[better], score[better]
    return best_phi, best_psi, best_score
