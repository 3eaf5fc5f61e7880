"""The ligand poses: every .mol2 in a .zip, or the records of one .mol2/.sdf, each checked on its own.

A pose that cannot be read becomes a row with its reason (naming the file) instead of stopping the run.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Optional

from openbabel import openbabel as ob
from openbabel import pybel

from ..common import InputFile, ReasonError, check_mol2_block, encode_message, message, mol2_title, one_line, reason_of, reject_input, split_mol2, split_sdf
from ..safe_zip import zip_members

ob.obErrorLog.SetOutputLevel(-1)

# More poses than this would take weeks of MD; the form caps the upload long before.
MAX_POSES = 200


@dataclass
class Pose:
    id: str
    name: str
    source: str  # the file the user knows it by, for messages
    mol: Optional[pybel.Molecule]
    error: Optional[str]


def _decode(data: bytes) -> str:
    for enc in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(enc).replace("\r\n", "\n")
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _read_block(fmt: str, text: str) -> pybel.Molecule:
    mol = pybel.readstring(fmt, text)
    if mol.OBMol.NumAtoms() == 0:
        raise ReasonError(message("dynamic.poseNoAtoms"))
    if mol.OBMol.NumHvyAtoms() < 2:
        raise ReasonError(message("dynamic.poseTooFewHeavy"))
    return mol


def _poses_of_text(text: str, fmt: str, source: str, stem: str) -> list[Pose]:
    blocks = split_mol2(text) if fmt == "mol2" else split_sdf(text)
    if not blocks:
        return [Pose(stem, stem, source, None, encode_message(message("dynamic.fileNoMolecules", file=source)))]
    poses: list[Pose] = []
    for rec in blocks:
        pose_id = stem if len(blocks) == 1 else f"{stem}_{rec.index}"
        problem = check_mol2_block(rec.text, rec.line) if fmt == "mol2" else None
        title = (mol2_title(rec.text) if fmt == "mol2" else rec.text.split("\n", 1)[0].strip()) or pose_id
        if problem:
            poses.append(Pose(pose_id, title, source, None, encode_message(message("dynamic.fileUnparsable", file=source, reason=problem))))
            continue
        try:
            mol = _read_block(fmt, rec.text)
        except (OSError, ValueError) as exc:
            poses.append(Pose(pose_id, title, source, None, encode_message(message("dynamic.fileUnparsable", file=source, reason=reason_of(exc)))))
            continue
        mol.OBMol.AddHydrogens()  # a pose without hydrogens still gets a complete force field
        poses.append(Pose(pose_id, title, source, mol, None))
    return poses


def _zip_poses(inp: InputFile) -> list[Pose]:
    poses: list[Pose] = []
    for member, data in zip_members(inp, ("mol2", "sdf")):
        stem, _, ext = os.path.basename(member).rpartition(".")
        poses.extend(_poses_of_text(_decode(data), ext.lower(), f"{inp.name}/{member}", stem))
    if not poses:
        reject_input("dynamic.zipNoMol2", file=inp.name)
    return poses


def read_poses(inputs: list[InputFile]) -> list[Pose]:
    poses: list[Pose] = []
    for inp in inputs:
        if inp.ext == "zip":
            poses.extend(_zip_poses(inp))
        elif inp.ext in ("mol2", "sdf"):
            with open(inp.path, "rb") as fh:
                poses.extend(_poses_of_text(_decode(fh.read()), inp.ext, inp.name, inp.stem))
        else:
            reject_input("dynamic.poseTypeUnsupported", file=inp.name)
    if len(poses) > MAX_POSES:
        reject_input("dynamic.tooManyPoses", count=len(poses), max=MAX_POSES)
    _make_ids_unique(poses)
    return poses


def _make_ids_unique(poses: list[Pose]) -> None:
    """IDs name the checkpoint folders and traj_<ID>.pdb, so they are file-name safe and distinct."""
    seen: dict[str, int] = {}
    for pose in poses:
        pose.id = re.sub(r"[^A-Za-z0-9_.-]", "_", pose.id).strip(".") or "ligand"
        n = seen.get(pose.id, 0)
        seen[pose.id] = n + 1
        if n:
            pose.id = f"{pose.id}_{n + 1}"
