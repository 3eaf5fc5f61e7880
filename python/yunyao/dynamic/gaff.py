"""GAFF parameters as Open Babel ships them (``gaff.dat``), looked up per bonded term.

Open Babel's GAFF typer and its ``gaff.dat`` do not always agree (e.g. ``cd`` next to ``ca``), and
there is no parmchk2 here; a missing term is taken from the nearest GAFF type the way parmchk2's
"corresponding atom types" do (cc↔cd, nb↔nc, cx→c3 ...), and only when that fails too is it
estimated from the pose (bond and angle at their current value, no torsion). Each estimate is counted.
"""

from __future__ import annotations

import itertools
import os
import sys
from functools import lru_cache
from typing import Iterator, Optional

from openbabel import openbabel as ob

from ..common import ReasonError, message

# parmchk2-style substitutes, most similar first.
SUBSTITUTES: dict[str, tuple[str, ...]] = {
    "cc": ("cd", "ca", "c2"), "cd": ("cc", "ca", "c2"), "ce": ("cf", "c2"), "cf": ("ce", "c2"),
    "cp": ("ca",), "cq": ("ca",), "ca": ("cc", "cd", "cp"), "cx": ("c3",), "cy": ("c3",), "cu": ("c2",), "cv": ("c2",),
    "c3": ("cx",), "c": ("c2",), "c2": ("cc", "ce"),
    "nb": ("nc", "nd", "n2"), "nc": ("nd", "nb", "n2"), "nd": ("nc", "nb", "n2"), "ne": ("nf", "n2"), "nf": ("ne", "n2"),
    "n": ("ns", "nh", "n3"), "nh": ("n", "nu", "n3"), "na": ("nh", "n"), "nu": ("nh",), "nv": ("nh",), "n7": ("n3",),
    "n8": ("n3",), "n4": ("n3",), "nx": ("n4",), "ny": ("n4",),
    "ss": ("sh", "s"), "s4": ("sx",), "sx": ("s4",), "s6": ("sy",), "sy": ("s6",),
    "os": ("oh",), "oh": ("os",), "ha": ("hc",), "h4": ("ha",), "h5": ("ha",), "h1": ("hc",), "h2": ("h1",),
    "pc": ("pd",), "pd": ("pc",), "pe": ("pf",), "pf": ("pe",),
}
WILDCARD = "X"
# Estimates for terms no GAFF type covers (kcal/mol/Å², kcal/mol/rad²): typical GAFF stiffness.
ESTIMATED_BOND_K = 300.0
ESTIMATED_ANGLE_K = 60.0


def gaff_dat_path() -> str:
    """gaff.dat from Open Babel's data directory (BABEL_DATADIR, else <prefix>/share/openbabel/<version>)."""
    candidates = [os.environ.get("BABEL_DATADIR", "")]
    candidates += [os.path.join(prefix, "share", "openbabel", ob.OBReleaseVersion()) for prefix in (sys.prefix, "/usr", "/usr/local")]
    for folder in candidates:
        path = os.path.join(folder, "gaff.dat")
        if folder and os.path.isfile(path):
            return path
    raise FileNotFoundError("gaff.dat not found in Open Babel's data directory")  # the platform's install, for the log


@lru_cache(maxsize=1)
def parameter_set():  # type: ignore[no-untyped-def]
    import parmed

    return parmed.amber.AmberParameterSet(gaff_dat_path())


def gaff_types(obmol: ob.OBMol) -> list[str]:
    ff = ob.OBForceField.FindForceField("GAFF")
    if ff is None or not ff.Setup(obmol):
        raise ReasonError(message("dynamic.gaffSetupFailed"))
    ff.GetAtomTypes(obmol)
    types = []
    for atom in ob.OBMolAtomIter(obmol):
        data = atom.GetData("FFAtomType")
        if data is None:
            raise ReasonError(message("dynamic.gaffTypeMissing", atom=atom.GetIdx()))
        types.append(ob.toPairData(data).GetValue())
    return types


def _variants(types: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The term's types as given, then with one atom substituted, then with two."""
    yield types
    for depth in (1, 2):
        for positions in itertools.combinations(range(len(types)), depth):
            options = [SUBSTITUTES.get(types[p], ()) for p in positions]
            for choice in itertools.product(*options):
                variant = list(types)
                for p, t in zip(positions, choice):
                    variant[p] = t
                yield tuple(variant)


def find_term(table: dict, types: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """(parameters, substituted?) for a bond/angle key, in either direction, or (None, True)."""
    for n, variant in enumerate(_variants(types)):
        for key in (variant, variant[::-1]):
            if key in table:
                return table[key], n > 0
    return None, True


def find_dihedral(types: tuple[str, str, str, str]):  # type: ignore[no-untyped-def]
    """Specific first, then the X-b-c-X form (GAFF's general torsions), each with substitutes."""
    table = parameter_set().dihedral_types
    for n, variant in enumerate(_variants(types)):
        for key in (variant, variant[::-1], (WILDCARD, variant[1], variant[2], WILDCARD), (WILDCARD, variant[2], variant[1], WILDCARD)):
            if key in table:
                return table[key], n > 0
    return None, True


def find_improper(center: str, outer: tuple[str, str, str]) -> Optional[tuple[object, tuple[int, int, int]]]:
    """An improper on a 3-connected centre (Amber writes the centre third): (parameters, order of the outer atoms)."""
    table = parameter_set().improper_periodic_types
    best = None
    for order in itertools.permutations(range(3)):
        i, j, l = (outer[k] for k in order)
        for rank, key in enumerate(((i, j, center, l), (WILDCARD, j, center, l), (WILDCARD, WILDCARD, center, l))):
            if key in table and (best is None or rank < best[0]):
                best = (rank, table[key], order)
    return None if best is None else (best[1], best[2])
