"""The ligands of a sign task: posed molecules (.zip of .mol2, .mol2, .sdf) and SMILES (tables, presets).

A molecule with 3D coordinates whose centroid lies inside the site box is scored as posed; any other
(SMILES, a 2D drawing, a pose elsewhere) is docked into the site first (``docking``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Optional

from openbabel import openbabel as ob
from rdkit import Chem

from ..common import InputFile, read_smiles_table, read_text, reject_input, split_mol2, split_sdf
from ..ob_io import read_string
from ..safe_zip import zip_members
from ..sd_records import WRITE_ERRORS
from .site import Box

PRESETS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "presets")
PRESETS = ("zinc", "approved")
SMILES_EXTS = {"csv", "smi", "txt", "tsv"}
POSE_EXTS = {"mol2", "sdf"}
MAX_LIGANDS = 2000


@dataclass
class Ligand:
    id: str
    smiles: str
    source: str
    pose: Optional[Chem.Mol] = None  # the scored pose: the input's own, or the best docked one
    posed: str = ""  # "input" or "docked"
    error: Optional[str] = None


def _is_3d(mol: Chem.Mol) -> bool:
    if mol.GetNumConformers() == 0:
        return False
    z = [mol.GetConformer().GetAtomPosition(i).z for i in range(mol.GetNumAtoms())]
    return max(z) - min(z) > 0.01


def _centroid(mol: Chem.Mol) -> tuple[float, float, float]:
    pos = mol.GetConformer().GetPositions()
    return tuple(float(v) for v in pos.mean(axis=0))  # type: ignore[return-value]


def _read_mol2(block: str) -> Optional[Chem.Mol]:
    """RDKit's MOL2 reader refuses what many tools write (aromatic rings without their hydrogens, other
    atom-type dialects); Open Babel reads those, and its molfile goes back to RDKit with the coordinates."""
    mol = Chem.MolFromMol2Block(block, removeHs=False)
    if mol is not None:
        return mol
    ok, obmol, _ = read_string("mol2", block)
    if not ok:
        return None
    conv = ob.OBConversion()
    conv.SetOutFormat("mol")
    return Chem.MolFromMolBlock(conv.WriteString(obmol), removeHs=False)


def _from_block(block: str, fmt: str, default_id: str, source: str, site: Box) -> Ligand:
    mol = _read_mol2(block) if fmt == "mol2" else Chem.MolFromMolBlock(block, removeHs=False)
    if mol is None:
        return Ligand(default_id, "", source, error="RDKit 无法读取该分子（价态或格式错误）")
    name = (mol.GetProp("_Name").strip() if mol.HasProp("_Name") else "") or default_id
    try:
        # Sanitised again without its hydrogens: unsanitised, a ring read through Open Babel can keep
        # aromatic flags that RDKit cannot kekulize when it writes the scored pose (p38 lig_p38a_2v).
        heavy = Chem.RemoveHs(mol)
    except WRITE_ERRORS:
        return Ligand(name, Chem.MolToSmiles(mol), source, error="RDKit 无法读取该分子（价态或芳香环错误）")
    smiles = Chem.MolToSmiles(heavy)
    if _is_3d(mol) and site.contains(_centroid(heavy)):
        return Ligand(name, smiles, source, pose=heavy, posed="input")
    return Ligand(name, smiles, source)


def _docked_rank(record_text: str) -> int:
    """A docking task's poses.sdf lists every pose with its SD property ``rank``; other files have none (rank 1)."""
    match = re.search(r"^>\s*<rank>[^\n]*\n\s*(\d+)", record_text, re.MULTILINE)
    return int(match.group(1)) if match else 1


def _pose_records(text: str, ext: str, inp_name: str, site: Box) -> list[Ligand]:
    """Every record, except the lower-ranked poses of a docking result: a docking → affinity chain scores each ligand's best pose."""
    records = split_mol2(text) if ext == "mol2" else [r for r in split_sdf(text) if _docked_rank(r.text) == 1]
    return [_from_block(r.text, ext, f"{os.path.splitext(inp_name)[0]}_{i}", f"{inp_name} 第 {r.line} 行", site) for i, r in enumerate(records, start=1)]


def _zip_records(inp: InputFile, site: Box) -> list[Ligand]:
    out = []
    members = 0
    for member, data in zip_members(inp, POSE_EXTS):
        members += 1
        text = data.decode("utf-8", errors="replace").replace("\r\n", "\n")
        out.extend(_pose_records(text, os.path.splitext(member)[1].lower()[1:], os.path.basename(member), site))
    if not members:
        reject_input("sign.zipNoPoses", file=inp.name)
    return out


def _smiles_records(inp: InputFile) -> list[Ligand]:
    table = read_smiles_table(inp)
    return [Ligand(rec.name.strip() or f"mol_{rec.line}", rec.smiles.strip(), f"{inp.name} 第 {rec.line} 行") for rec in table.records]


def load_ligands(inputs: list[InputFile], preset: Optional[str], site: Box) -> list[Ligand]:
    if preset:
        inputs = [InputFile(os.path.join(PRESETS_DIR, f"{preset}.csv"), f"{preset}.csv", "csv")]
    ligands: list[Ligand] = []
    for inp in inputs:
        if inp.ext == "zip":
            ligands.extend(_zip_records(inp, site))
        elif inp.ext in POSE_EXTS:
            ligands.extend(_pose_records(read_text(inp), inp.ext, inp.name, site))
        elif inp.ext in SMILES_EXTS:
            ligands.extend(_smiles_records(inp))
        else:
            reject_input("sign.ligandTypeUnsupported", file=inp.name)
    if not ligands:
        reject_input("sign.noLigands")
    if len(ligands) > MAX_LIGANDS:
        reject_input("sign.tooManyLigands", count=len(ligands), max=MAX_LIGANDS)
    _unique_ids(ligands)
    return ligands


def _unique_ids(ligands: list[Ligand]) -> None:
    seen: dict[str, int] = {}
    for lig in ligands:
        count = seen.get(lig.id, 0)
        seen[lig.id] = count + 1
        if count:
            lig.id = f"{lig.id}_{count + 1}"
