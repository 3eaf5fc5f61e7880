"""Medicinal-chemistry profile of one molecule: structural alerts, drug-likeness rules, BOILED-Egg.

``medchem_profile(mol)`` gives the three row keys ``alerts``, ``rules`` and ``boiled_egg``:

* ``alerts``: every match of RDKit's filter catalogues PAINS A/B/C (Baell & Holloway, J Med Chem
  2010), Brenk (ChemMedChem 2008) and NIH (Jadhav et al., J Med Chem 2010), as
  ``{catalog, name, atoms, bonds}`` (``name`` is the catalogue's description, ``atoms`` the matched
  atom indices in the input SMILES' order and ``bonds`` the bonds between them, so a drawing of that
  SMILES can highlight the match).
* ``rules``: Lipinski, Ghose, Veber, Egan and Muegge as SwissADME documents them (Daina, Michielin
  & Zoete, Sci Rep 7, 42717 (2017), "Druglikeness"), each ``{pass, violations}`` where a violation
  names the criterion, the value and the limit ("MW 612.7 > 500"). SwissADME's Lipinski uses
  MLOGP <= 4.15 and Muegge XLOGP3; RDKit has neither, so Crippen's WLOGP stands in with the
  original limits (Lipinski's logP <= 5, Muegge's -2..5). Lipinski passes with at most one
  violation, the others with none, as in SwissADME.
* ``boiled_egg``: WLOGP (Crippen), TPSA (polar N and O only, SwissADME's convention) and the region:
  ``yolk`` (likely BBB permeant), ``white`` (likely absorbed by the gut, not BBB), ``outside``.
"""

from __future__ import annotations

import math

from rdkit import Chem
from rdkit.Chem import Crippen, Descriptors, Lipinski, rdMolDescriptors
from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogParams

MEDCHEM_KEYS = ["alerts", "rules", "boiled_egg"]

_CATALOGS = {
    "PAINS_A": FilterCatalogParams.FilterCatalogs.PAINS_A,
    "PAINS_B": FilterCatalogParams.FilterCatalogs.PAINS_B,
    "PAINS_C": FilterCatalogParams.FilterCatalogs.PAINS_C,
    "Brenk": FilterCatalogParams.FilterCatalogs.BRENK,
    "NIH": FilterCatalogParams.FilterCatalogs.NIH,
}


def _catalog(which) -> FilterCatalog:
    params = FilterCatalogParams()
    params.AddCatalog(which)
    return FilterCatalog(params)


_FILTERS = {name: _catalog(which) for name, which in _CATALOGS.items()}

# Daina & Zoete, ChemMedChem 11, 1117 (2016), supplementary: the ellipses in the (TPSA, WLOGP) plane as
# centre, full axis lengths and rotation (radians, in data units), as SwissADME draws them.
_WHITE = (71.051, 2.292, 142.081, 8.740, -0.018)
_YOLK = (38.117, 3.177, 82.061, 5.557, -0.003)


def _bonds_between(mol: Chem.Mol, atoms: set[int]) -> list[int]:
    return [b.GetIdx() for b in mol.GetBonds() if b.GetBeginAtomIdx() in atoms and b.GetEndAtomIdx() in atoms]


def alerts(mol: Chem.Mol) -> list[dict]:
    found = []
    for catalog, filters in _FILTERS.items():
        for entry in filters.GetMatches(mol):
            atoms = sorted({pair[1] for match in entry.GetFilterMatches(mol) for pair in match.atomPairs})
            found.append({"catalog": catalog, "name": entry.GetDescription(), "atoms": atoms, "bonds": _bonds_between(mol, set(atoms))})
    return found


def _rule(checks: list[tuple[bool, str]], allowed: int = 0) -> dict:
    violations = [text for ok, text in checks if not ok]
    return {"pass": len(violations) <= allowed, "violations": violations}


def _at_most(label: str, value: float, limit: float) -> tuple[bool, str]:
    return value <= limit, f"{label} {_fmt(value)} > {_fmt(limit)}"


def _within(label: str, value: float, low: float, high: float) -> tuple[bool, str]:
    side = f"< {_fmt(low)}" if value < low else f"> {_fmt(high)}"
    return low <= value <= high, f"{label} {_fmt(value)} {side}"


def _more_than(label: str, value: float, limit: float) -> tuple[bool, str]:
    return value > limit, f"{label} {_fmt(value)} ≤ {_fmt(limit)}"


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}".rstrip("0").rstrip(".")


def rules(mol: Chem.Mol, wlogp: float, tpsa: float) -> dict:
    mw = Descriptors.MolWt(mol)
    rotatable = rdMolDescriptors.CalcNumRotatableBonds(mol)
    hbd, hba = rdMolDescriptors.CalcNumHBD(mol), rdMolDescriptors.CalcNumHBA(mol)
    atoms = Chem.AddHs(mol).GetNumAtoms()
    carbons = sum(1 for a in mol.GetAtoms() if a.GetAtomicNum() == 6)
    heteroatoms = rdMolDescriptors.CalcNumHeteroatoms(mol)
    return {
        "Lipinski": _rule(
            [
                _at_most("MW", mw, 500),
                _at_most("WLOGP", wlogp, 5),
                _at_most("N+O", Lipinski.NOCount(mol), 10),
                _at_most("NH+OH", Lipinski.NHOHCount(mol), 5),
            ],
            allowed=1,
        ),
        "Ghose": _rule(
            [
                _within("MW", mw, 160, 480),
                _within("WLOGP", wlogp, -0.4, 5.6),
                _within("MR", Crippen.MolMR(mol), 40, 130),
                _within("atoms", atoms, 20, 70),
            ]
        ),
        "Veber": _rule([_at_most("rotatable bonds", rotatable, 10), _at_most("TPSA", tpsa, 140)]),
        "Egan": _rule([_at_most("WLOGP", wlogp, 5.88), _at_most("TPSA", tpsa, 131.6)]),
        "Muegge": _rule(
            [
                _within("MW", mw, 200, 600),
                _within("WLOGP", wlogp, -2, 5),
                _at_most("TPSA", tpsa, 150),
                _at_most("rings", rdMolDescriptors.CalcNumRings(mol), 7),
                _more_than("carbons", carbons, 4),
                _more_than("heteroatoms", heteroatoms, 1),
                _at_most("rotatable bonds", rotatable, 15),
                _at_most("HBA", hba, 10),
                _at_most("HBD", hbd, 5),
            ]
        ),
    }


def _inside(ellipse: tuple[float, float, float, float, float], tpsa: float, wlogp: float) -> bool:
    cx, cy, width, height, angle = ellipse
    dx, dy = tpsa - cx, wlogp - cy
    u = dx * math.cos(angle) + dy * math.sin(angle)
    v = -dx * math.sin(angle) + dy * math.cos(angle)
    return (u / (width / 2)) ** 2 + (v / (height / 2)) ** 2 <= 1.0


def boiled_egg(wlogp: float, tpsa: float) -> dict:
    region = "yolk" if _inside(_YOLK, tpsa, wlogp) else "white" if _inside(_WHITE, tpsa, wlogp) else "outside"
    return {"wlogp": round(wlogp, 2), "tpsa": round(tpsa, 2), "region": region}


def medchem_profile(mol: Chem.Mol) -> dict:
    wlogp = Crippen.MolLogP(mol)
    tpsa = rdMolDescriptors.CalcTPSA(mol, includeSandP=False, force=True)
    return {"alerts": alerts(mol), "rules": rules(mol, wlogp, tpsa), "boiled_egg": boiled_egg(wlogp, tpsa)}


def alert_count(row: dict) -> int | None:
    return len(row["alerts"]) if row.get("alerts") is not None else None


def rule_violation_count(row: dict) -> int | None:
    return sum(len(r["violations"]) for r in row["rules"].values()) if row.get("rules") is not None else None
