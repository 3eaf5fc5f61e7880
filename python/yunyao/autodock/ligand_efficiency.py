"""Size-aware reading of a docking score.

Vina's score is a sum over atom pairs, so larger molecules score better almost by default.
Two columns put the score in proportion to size:

- ligand efficiency LE = −score / heavy atoms (kcal/mol per heavy atom; Hopkins, Groom &
  Alex, Drug Discov. Today 9:430, 2004), with the Vina score standing in for ΔG;
- fit quality FQ = LE / LE_scale(HA) (Reynolds, Bembenek & Tounge, Bioorg. Med. Chem. Lett.
  17:4258, 2007), where LE_scale is the best LE seen for ligands of that size; FQ ≈ 1 binds as
  efficiently as the best ligands of its size, well below 1 means the score comes from bulk.
"""

from __future__ import annotations

from typing import Optional

# Reynolds et al. 2007, fitted to the top ligand efficiencies per heavy-atom count.
LE_SCALE = (0.0715, 7.5328, 25.7079, -361.4722)
# The fitted cubic peaks at 9 heavy atoms and falls towards zero (then negative) below,
# so FQ would mean nothing; LE is still given.
FQ_MIN_HEAVY_ATOMS = 9


def le_scale(heavy_atoms: int) -> float:
    a, b, c, d = LE_SCALE
    return a + b / heavy_atoms + c / heavy_atoms**2 + d / heavy_atoms**3


def efficiency(score: Optional[float], heavy_atoms: int) -> dict:
    """``{heavy_atoms, LE, FQ}`` for a best score (kcal/mol); None where not defined."""
    if score is None or heavy_atoms <= 0:
        return {"heavy_atoms": heavy_atoms, "LE": None, "FQ": None}
    le = -score / heavy_atoms
    fq = le / le_scale(heavy_atoms) if heavy_atoms >= FQ_MIN_HEAVY_ATOMS else None
    return {"heavy_atoms": heavy_atoms, "LE": round(le, 3), "FQ": None if fq is None else round(fq, 3)}
