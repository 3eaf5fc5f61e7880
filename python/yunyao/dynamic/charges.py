"""Ligand partial charges: MOPAC AM1 electrostatic-potential (Merz–Kollman) charges, Gasteiger as the fallback.

AM1 ESP at the docked geometry (1SCF, no optimisation, so the charges belong to the pose that is
simulated); the net charge is the sum of the formal charges. When MOPAC is missing, fails or does
not converge, Gasteiger–Marsili charges from Open Babel are used and the row says so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

from openbabel import openbabel as ob
from openbabel import pybel

from ..common import ReasonError, encode_message, message, reason_of

GASTEIGER = "Gasteiger (fallback)"
# AM1 on a drug-sized ligand takes seconds; this only guards against a hang.
MOPAC_TIMEOUT_S = 600


def net_charge(mol: pybel.Molecule) -> int:
    return sum(atom.OBAtom.GetFormalCharge() for atom in mol.atoms)


def _mopac_input(mol: pybel.Molecule) -> str:
    lines = [f"AM1 1SCF ESP CHARGE={net_charge(mol)} NOINTER NOXYZ", "ligand", ""]
    for atom in mol.atoms:
        x, y, z = atom.coords
        lines.append(f"{ob.GetSymbol(atom.atomicnum)} {x:.5f} 0 {y:.5f} 0 {z:.5f} 0")
    return "\n".join(lines) + "\n"


def _parse_esp(out_text: str, n_atoms: int) -> list[float]:
    _, found, tail = out_text.partition("ELECTROSTATIC POTENTIAL CHARGES")
    if not found:
        raise ReasonError(message("dynamic.mopacNoEsp"))
    charges = [float(m.group(1)) for m in re.finditer(r"^\s+\d+\s+[A-Z][a-z]?\s+(-?\d+\.\d+)\s*$", tail, re.M)]
    if len(charges) < n_atoms:
        raise ReasonError(message("dynamic.mopacEspCount"))
    return charges[:n_atoms]


def am1_esp_charges(mol: pybel.Molecule) -> tuple[list[float], str]:
    """The charges and the MOPAC version that computed them."""
    mopac = shutil.which("mopac") or shutil.which("MOPAC2016.exe")
    if not mopac:
        raise ReasonError(message("dynamic.mopacMissing"))
    with tempfile.TemporaryDirectory(prefix="yunyao-am1-") as work:
        path = os.path.join(work, "ligand.mop")
        with open(path, "w", encoding="ascii") as fh:
            fh.write(_mopac_input(mol))
        subprocess.run([mopac, path], cwd=work, capture_output=True, timeout=MOPAC_TIMEOUT_S, check=False)
        out_path = os.path.join(work, "ligand.out")
        if not os.path.isfile(out_path):
            raise ReasonError(message("dynamic.mopacNoOutput"))
        with open(out_path, encoding="utf-8", errors="replace") as fh:
            out_text = fh.read()
        charges = _parse_esp(out_text, len(mol.atoms))
        version = re.search(r"MOPAC\s+v?(\d[\w.]*)", out_text)
    # The ESP fit rounds to 4 decimals; spread the rounding error so the net charge is exact.
    shift = (net_charge(mol) - sum(charges)) / len(charges)
    return [q + shift for q in charges], version.group(1) if version else "?"


def gasteiger_charges(mol: pybel.Molecule) -> list[float]:
    model = ob.OBChargeModel.FindType("gasteiger")
    model.ComputeCharges(mol.OBMol)
    charges = list(model.GetPartialCharges())
    shift = (net_charge(mol) - sum(charges)) / len(charges)
    return [q + shift for q in charges]


def ligand_charges(mol: pybel.Molecule) -> tuple[list[float], str, str]:
    """(charges in e, the method's label, why the fallback was taken (an encoded message) or "")."""
    try:
        charges, version = am1_esp_charges(mol)
        return charges, f"AM1-ESP (MOPAC {version})", ""
    except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
        reason = reason_of(exc)
        return gasteiger_charges(mol), GASTEIGER, encode_message(reason if isinstance(reason, dict) else message("dynamic.mopacFailed", detail=reason))
