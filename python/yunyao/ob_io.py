"""Open Babel record reading/writing shared by convert, merge and optimize.

Every record is parsed on its own (``OBConversion.ReadString``) so that a
malformed record fails with its file name and record number instead of the
reader silently stopping, which is what a plain ``pybel.readfile`` does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterator, Optional

from openbabel import openbabel as ob
from openbabel import pybel

from .common import (
    InputFile,
    Message,
    message,
    check_mol2_block,
    check_smiles_text,
    default_id,
    fail,
    internal_error,
    mol2_title,
    one_line,
    pdb_title,
    read_smiles_table,
    read_text,
    record_error,
    reject_input,
    split_mol2,
    split_pdb,
    split_sdf,
)

# Open Babel prints its messages straight to stderr; keep them in the log
# instead, so they can be quoted in our own (single-line) reasons.
ob.obErrorLog.SetOutputLevel(-1)
ob.obErrorLog.SetMaxLogEntries(200)

SMILES_EXTS = {"smi", "csv", "tsv", "txt"}
SDF_EXTS = {"sdf", "sd", "mol"}

# Output extension -> Open Babel format id.
OB_OUT_FORMATS = {
    "sdf": "sdf",
    "sd": "sdf",
    "mol": "sdf",  # OB's 'mol' writer puts no $$$$ between molecules
    "mol2": "mol2",
    "pdb": "pdb",
    "pdbqt": "pdbqt",
    "xyz": "xyz",
}


def version() -> str:
    return ob.OBReleaseVersion()


def _clean(msg: str) -> str:
    out = []
    for line in msg.split("\n"):
        s = line.strip()
        if not s or s.startswith("====") or s.startswith("*** Open Babel"):
            continue
        for prefix in ("WARNING:", "ERROR:"):
            if s.upper().startswith(prefix):
                s = s[len(prefix):].strip()
        if s:
            out.append(s)
    return " ".join(out)


def take_messages(warnings_too: bool = True) -> list[str]:
    """Open Babel messages logged since the last call (errors first)."""
    log = ob.obErrorLog
    msgs = [_clean(m) for m in log.GetMessagesOfLevel(ob.obError)]
    if warnings_too:
        msgs += [_clean(m) for m in log.GetMessagesOfLevel(ob.obWarning)]
    log.ClearLog()
    seen: list[str] = []
    for m in msgs:
        if m and m not in seen:
            seen.append(m)
    return seen


@dataclass
class ObRecord:
    file: InputFile
    index: int
    mol: pybel.Molecule
    mol_id: str
    raw: Optional[str] = None  # the record's own text for SDF / MOL2 inputs
    notes: list[str] = field(default_factory=list)  # reader warnings


def read_string(fmt: str, text: str) -> tuple[bool, ob.OBMol, list[str]]:
    conv = ob.OBConversion()
    if not conv.SetInFormat(fmt):  # pragma: no cover
        internal_error(f"Open Babel 不支持格式 {fmt}")
    take_messages()
    mol = ob.OBMol()
    ok = conv.ReadString(mol, text)
    return bool(ok), mol, take_messages()


def reason_of(msgs: list[str], fallback: "Message | str") -> "Message | str":
    return one_line("；".join(msgs), 300) if msgs else fallback


def _finish(inp: InputFile, index: int, obmol: ob.OBMol, title: str, raw: Optional[str], notes: list[str]) -> ObRecord:
    mol_id = title.strip() or default_id(inp, index)
    obmol.SetTitle(mol_id)
    kept = [n for n in notes if n]
    for atom in ob.OBMolAtomIter(obmol):
        if atom.GetAtomicNum() == 0:
            kept.append("含有未知元素或查询原子")
            break
    return ObRecord(inp, index, pybel.Molecule(obmol), mol_id, raw, kept)


def read_records(inp: InputFile) -> Iterator[ObRecord]:
    """Parse every record of one input file with Open Babel; raise on the first bad one."""
    ext = inp.ext
    count = 0
    if ext in SDF_EXTS:
        for rec in split_sdf(read_text(inp)):
            ok, obmol, msgs = read_string("sdf", rec.text)
            if not ok:
                raise record_error(inp.name, rec.index, message("common.reasonFromLine", reason=reason_of(msgs, message("common.mdlMalformed")), line=rec.line))
            if obmol.NumAtoms() == 0:
                raise record_error(inp.name, rec.index, message("common.mdlNoAtoms", line=rec.line))
            count += 1
            yield _finish(inp, rec.index, obmol, obmol.GetTitle(), rec.text, msgs)
    elif ext == "mol2":
        records = split_mol2(read_text(inp))
        if not records:
            reject_input("common.noMol2Records", file=inp.name)
        for rec in records:
            problem = check_mol2_block(rec.text, rec.line)
            if problem:
                raise record_error(inp.name, rec.index, problem)
            ok, obmol, msgs = read_string("mol2", rec.text)
            if not ok or obmol.NumAtoms() == 0:
                raise record_error(inp.name, rec.index, message("common.reasonFromLine", reason=reason_of(msgs, message("common.mol2Malformed")), line=rec.line))
            count += 1
            yield _finish(inp, rec.index, obmol, mol2_title(rec.text), rec.text, msgs)
    elif ext == "pdb":
        for rec in split_pdb(read_text(inp)):
            ok, obmol, msgs = read_string("pdb", rec.text)
            if not ok or obmol.NumAtoms() == 0:
                raise record_error(inp.name, rec.index, message("common.reasonFromLine", reason=reason_of(msgs, message("common.pdbMalformed")), line=rec.line))
            count += 1
            title = pdb_title(rec.text) or obmol.GetTitle().strip()
            if not title or title == inp.path:
                title = inp.stem if rec.index == 1 else ""
            yield _finish(inp, rec.index, obmol, title, rec.text, msgs)
    elif ext in SMILES_EXTS:
        table = read_smiles_table(inp)
        for rec in table.records:
            check_smiles_text(inp, rec)
            ok, obmol, msgs = read_string("smi", rec.smiles)
            if not ok or obmol.NumAtoms() == 0:
                raise record_error(
                    inp.name,
                    rec.index,
                    message("common.smilesInvalidAt", smiles=one_line(rec.smiles, 120), line=rec.line, reason=reason_of(msgs, message("common.syntaxError"))),
                )
            count += 1
            r = _finish(inp, rec.index, obmol, rec.name, None, msgs)
            for k, v in rec.props.items():
                if v != "":
                    r.mol.data[k] = v
            yield r
    else:
        reject_input("common.fileTypeUnsupported", file=inp.name)
    if count == 0:
        reject_input("common.noMolecules", file=inp.name)


def smiles_of(mol: pybel.Molecule) -> str:
    """Open Babel canonical SMILES without the title."""
    conv = ob.OBConversion()
    conv.SetOutFormat("can")
    conv.AddOption("n", ob.OBConversion.OUTOPTIONS)
    text = conv.WriteString(mol.OBMol).strip()
    take_messages()
    return text.split()[0] if text else ""


def coords_are_degenerate(mol: pybel.Molecule) -> bool:
    """True when the coordinates cannot be a real 3D structure (all atoms stacked / NaN)."""
    pts = [a.coords for a in mol.atoms]
    if any(any(math.isnan(c) for c in p) for p in pts):
        return True
    if len(pts) < 2:
        return False
    x0 = pts[0]
    return all(math.dist(p, x0) < 1e-3 for p in pts[1:])


def is_flat(mol: pybel.Molecule) -> bool:
    return all(abs(a.coords[2]) < 1e-4 for a in mol.atoms)


def _fragments(obmol: ob.OBMol) -> list[list[ob.OBAtom]]:
    seen: set[int] = set()
    frags: list[list[ob.OBAtom]] = []
    for atom in ob.OBMolAtomIter(obmol):
        if atom.GetIdx() in seen:
            continue
        seen.add(atom.GetIdx())
        frag, stack = [], [atom]
        while stack:
            a = stack.pop()
            frag.append(a)
            for nb in ob.OBAtomAtomIter(a):
                if nb.GetIdx() not in seen:
                    seen.add(nb.GetIdx())
                    stack.append(nb)
        frags.append(frag)
    return frags


def separate_fragments(obmol: ob.OBMol, gap: float = 4.0) -> None:
    """Move disconnected fragments (salts, mixtures) apart.

    Open Babel 3.1.1's OBBuilder builds each fragment at the origin, so a
    counter-ion ends up on top of the parent molecule and the force field
    cannot recover.  Each fragment keeps its own geometry; fragments are
    lined up along x with ``gap`` angstrom between their boxes.
    """
    frags = _fragments(obmol)
    if len(frags) < 2:
        return
    frags.sort(key=len, reverse=True)
    def box(frag: list[ob.OBAtom]) -> tuple[list[float], list[float]]:
        xs = [(a.GetX(), a.GetY(), a.GetZ()) for a in frag]
        return [min(p[k] for p in xs) for k in range(3)], [max(p[k] for p in xs) for k in range(3)]
    lo0, hi0 = box(frags[0])
    centre_y, centre_z = (lo0[1] + hi0[1]) / 2, (lo0[2] + hi0[2]) / 2
    edge = hi0[0]
    for frag in frags[1:]:
        lo, hi = box(frag)
        dx = edge + gap - lo[0]
        dy = centre_y - (lo[1] + hi[1]) / 2
        dz = centre_z - (lo[2] + hi[2]) / 2
        for a in frag:
            a.SetVector(a.GetX() + dx, a.GetY() + dy, a.GetZ() + dz)
        edge = hi[0] + dx


def make_3d(rec: ObRecord, steps: int = 100) -> Optional[str]:
    """Generate 3D coordinates in place: OBBuilder, explicit hydrogens, fragments moved
    apart, then a short MMFF94 conjugate-gradient clean-up (UFF when MMFF94 has no
    parameters).  Returns a warning text when the result is not usable.
    """
    obmol = rec.mol.OBMol
    title = obmol.GetTitle()
    builder = ob.OBBuilder()
    ok = builder.Build(obmol)
    take_messages()
    if not ok:
        return "三维坐标生成失败（Open Babel OBBuilder）"
    obmol.SetDimension(3)
    obmol.AddHydrogens()
    separate_fragments(obmol)
    for name in ("mmff94", "uff"):
        ff = ob.OBForceField.FindForceField(name)
        if ff is not None and ff.Setup(obmol):
            ff.ConjugateGradients(steps)
            ff.GetCoordinates(obmol)
            break
    else:
        take_messages()
        return "力场无法处理该分子，三维坐标未经优化"
    take_messages()
    obmol.SetTitle(title)
    if coords_are_degenerate(rec.mol):
        return "三维坐标生成失败（原子坐标重合）"
    return None
