"""Reading the reference ligand(s) of a query: .sdf / .mol2 / .pdb, 3D, in the receptor frame.

SDF and MOL2 carry bond orders and are read by RDKit.  A PDB ligand has none: it is read by Open
Babel, which perceives bond orders from the geometry (``PerceiveBondOrders``), and the query
records that it did so.  Hydrogens are dropped (features need heavy atoms only; the donor
patterns read implicit hydrogens).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..common import InputFile, message, one_line, read_text, reject_input, split_mol2, split_pdb, split_sdf
from ..rdkit_log import log_reason, rdkit_log

REFERENCE_EXTS = ("sdf", "mol2", "pdb")


@dataclass
class Reference:
    name: str
    mol: object  # RDKit molecule, heavy atoms, 3D
    bond_orders_perceived: bool


def _first_record(inp: InputFile) -> str:
    text = read_text(inp)
    split = {"sdf": split_sdf, "mol2": split_mol2, "pdb": split_pdb}[inp.ext]
    records = split(text)
    if not records:
        reject_input("pharmer.referenceNoMolecule", file=inp.name)
    return records[0].text


def _from_pdb(inp: InputFile, block: str):
    from openbabel import openbabel as ob
    from rdkit import Chem

    conv = ob.OBConversion()
    conv.SetInAndOutFormats("pdb", "sdf")
    obmol = ob.OBMol()
    if not conv.ReadString(obmol, block) or obmol.NumAtoms() == 0:
        reject_input("pharmer.referencePdbNoAtoms", file=inp.name)
    obmol.PerceiveBondOrders()
    return Chem.MolFromMolBlock(conv.WriteString(obmol), removeHs=False)


def read_reference(inp: InputFile) -> Reference:
    from rdkit import Chem

    if inp.ext not in REFERENCE_EXTS:
        reject_input("pharmer.referenceTypeUnsupported", file=inp.name)
    block = _first_record(inp)
    with rdkit_log() as log:
        if inp.ext == "sdf":
            mol = Chem.MolFromMolBlock(block, removeHs=False)
        elif inp.ext == "mol2":
            mol = Chem.MolFromMol2Block(block, removeHs=False)
        else:
            mol = _from_pdb(inp, block)
        reason = log_reason(log, "")
    if mol is None or mol.GetNumAtoms() == 0:
        reject_input("pharmer.referenceUnreadable", file=inp.name, reason=one_line(reason, 200) if reason else message("common.formatError"))
    mol = Chem.RemoveHs(mol, sanitize=False)
    Chem.SanitizeMol(mol, catchErrors=True)
    xyz = mol.GetConformer().GetPositions() if mol.GetNumConformers() else np.zeros((mol.GetNumAtoms(), 3))
    if np.allclose(xyz[:, 2], 0.0) or np.ptp(xyz, axis=0).max() < 1e-3:
        reject_input("pharmer.referenceNot3d", file=inp.name)
    return Reference(inp.name, mol, inp.ext == "pdb")
