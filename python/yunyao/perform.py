"""Rough optimisation with RDKit (MMFF94, UFF as fallback).

    python -m yunyao.perform --params=params.json \
        --inputs-json='[{"path": "inputs/0_a.smi", "name": "a.smi"}]' --output=output.sdf

The module's ``structure`` parameter (2D or 3D input) comes from params.json (``yunyao.params``).

2D inputs (.mol .sdf .sd .smi .csv .tsv .txt): hydrogens, an ETKDGv3 conformer
with a fixed random seed, then MMFF94 minimisation.
3D inputs (.mol2 .sdf .sd .pdb): the given coordinates are kept as the start,
hydrogens are added with coordinates, then MMFF94 minimisation.  MOL2 is read
with RDKit and through Open Babel when RDKit cannot; PDB always goes through
Open Babel, which perceives the bond orders that PDB files do not carry.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional, Sequence

from rdkit import Chem, rdBase
from rdkit.Chem import AllChem

from .messages import decode
from .params import load_params
from .rdkit_log import log_reason, rdkit_log
from .sd_records import MoleculeWriteError, sd_record
from .common import (
    InputFile,
    Message,
    ReasonError,
    encode_message,
    message,
    reason_of,
    Warnings,
    add_result_args,
    check_mol2_block,
    check_smiles_text,
    default_id,
    fail,
    load_inputs,
    one_line,
    pdb_title,
    read_smiles_table,
    read_text,
    record_error,
    reject_input,
    run_main,
    split_mol2,
    split_pdb,
    split_sdf,
    write_step_result,
)


def _from_line(line: int) -> Callable[["Message | str"], Message]:
    """A record's reason with where it starts (``（第 N 行起）``)."""
    return lambda reason: message("common.reasonFromLine", reason=reason, line=line)


def _at_line(line: int) -> Callable[["Message | str"], Message]:
    """A SMILES record's reason with its line (``（第 N 行）``)."""
    return lambda reason: message("common.reasonAtLine", reason=reason, line=line)


EXTS_2D = ("mol", "sdf", "sd", "smi", "csv", "tsv", "txt")
EXTS_3D = ("mol2", "sdf", "sd", "pdb")
RANDOM_SEED = 20240601
MAX_ITERS = 2000

def _problems(mol: Chem.Mol) -> Optional[str]:
    with rdkit_log():
        probs = Chem.DetectChemistryProblems(mol)
    if probs:
        return one_line("；".join(p.Message() for p in probs[:3]), 300)
    return None


def _sanitize(inp: InputFile, index: int, mol: Chem.Mol, where: Callable[["Message | str"], Message]) -> Chem.Mol:
    problem = _problems(mol)
    if problem:
        raise record_error(inp.name, index, where(problem))
    with rdkit_log() as buf:
        try:
            Chem.SanitizeMol(mol)
        except Exception as exc:  # noqa: BLE001 - RDKit raises several types
            raise record_error(inp.name, index, where(log_reason(buf, str(exc)))) from None
    return mol


@dataclass
class Record:
    file: InputFile
    index: int
    mol: Chem.Mol
    mol_id: str
    notes: list[str] = field(default_factory=list)


def _name_of(mol: Chem.Mol) -> str:
    return mol.GetProp("_Name").strip() if mol.HasProp("_Name") else ""


def _has_3d(mol: Chem.Mol) -> bool:
    if mol.GetNumConformers() == 0:
        return False
    conf = mol.GetConformer()
    if conf.Is3D():
        return True
    return any(abs(conf.GetAtomPosition(i).z) > 1e-4 for i in range(mol.GetNumAtoms()))


def _via_openbabel(inp: InputFile, index: int, fmt: str, text: str, where: Callable[["Message | str"], Message]) -> tuple[Chem.Mol, str]:
    """Read one MOL2/PDB record with Open Babel and hand it to RDKit as a mol block."""
    from . import ob_io  # imported lazily: only MOL2/PDB inputs need Open Babel

    ok, obmol, msgs = ob_io.read_string(fmt, text)
    if not ok or obmol.NumAtoms() == 0:
        raise record_error(inp.name, index, where(ob_io.reason_of(msgs, message("common.formatError"))))
    title = obmol.GetTitle().strip()
    conv = ob_io.ob.OBConversion()
    conv.SetOutFormat("sdf")
    block = conv.WriteString(obmol)
    ob_io.take_messages()
    with rdkit_log() as buf:
        mol = Chem.MolFromMolBlock(block, sanitize=False, removeHs=False)
    if mol is None:
        raise record_error(inp.name, index, where(log_reason(buf, "") or message("perform.notRdkit")))
    return _sanitize(inp, index, mol, where), title


def read_records(inp: InputFile, structure: str) -> Iterator[Record]:
    ext = inp.ext
    count = 0
    if ext in ("sdf", "sd", "mol"):
        for rec in split_sdf(read_text(inp)):
            where = _from_line(rec.line)
            suppl = Chem.SDMolSupplier()
            with rdkit_log() as buf:
                suppl.SetData(rec.text, sanitize=False, removeHs=False)
                mol = next(iter(suppl), None)
            if mol is None:
                raise record_error(inp.name, rec.index, where(log_reason(buf, "") or message("common.mdlMalformed")))
            if mol.GetNumAtoms() == 0:
                raise record_error(inp.name, rec.index, where(message("common.noAtoms")))
            mol = _sanitize(inp, rec.index, mol, where)
            if structure == "3D" and not _has_3d(mol):
                raise record_error(inp.name, rec.index, where(message("perform.no3d")))
            count += 1
            yield Record(inp, rec.index, mol, _name_of(mol) or default_id(inp, rec.index))
    elif ext == "mol2":
        records = split_mol2(read_text(inp))
        if not records:
            reject_input("common.noMol2Records", file=inp.name)
        for rec in records:
            where = _from_line(rec.line)
            problem = check_mol2_block(rec.text, rec.line)
            if problem:
                raise record_error(inp.name, rec.index, problem)
            notes: list[str] = []
            with rdkit_log():
                mol = Chem.MolFromMol2Block(rec.text, sanitize=False, removeHs=False)
            if mol is not None and _problems(mol) is None:
                mol = _sanitize(inp, rec.index, mol, where)
                title = _name_of(mol)
            else:
                mol, title = _via_openbabel(inp, rec.index, "mol2", rec.text, where)
                notes.append("RDKit 无法直接读取该 MOL2 记录，已经 Open Babel 转换读取")
            count += 1
            yield Record(inp, rec.index, mol, title or default_id(inp, rec.index), notes)
    elif ext == "pdb":
        for rec in split_pdb(read_text(inp)):
            where = _from_line(rec.line)
            mol, title = _via_openbabel(inp, rec.index, "pdb", rec.text, where)
            title = pdb_title(rec.text) or title
            if not title or title == inp.path:
                title = inp.stem if rec.index == 1 else default_id(inp, rec.index)
            count += 1
            yield Record(inp, rec.index, mol, title, ["PDB 文件不含键级，键级由 Open Babel 推断"])
    elif ext in ("smi", "csv", "tsv", "txt"):
        for srec in read_smiles_table(inp).records:
            check_smiles_text(inp, srec)
            where = _at_line(srec.line)
            with rdkit_log() as buf:
                mol = Chem.MolFromSmiles(srec.smiles, sanitize=False)
            if mol is None or mol.GetNumAtoms() == 0:
                raise record_error(
                    inp.name,
                    srec.index,
                    message("perform.smilesInvalidAt", smiles=one_line(srec.smiles, 120), reason=log_reason(buf, "") or message("common.syntaxError"), line=srec.line),
                )
            mol = _sanitize(inp, srec.index, mol, where)
            for k, v in srec.props.items():
                if v != "":
                    mol.SetProp(k, v)
            count += 1
            yield Record(inp, srec.index, mol, srec.name or default_id(inp, srec.index))
    if count == 0:
        # Every file is read through once before any molecule is optimised (main's counts): still the input's fault, free.
        reject_input("common.noMolecules", file=inp.name)


@dataclass
class Optimised:
    mol: Chem.Mol
    force_field: Optional[str]
    energy_before: Optional[float]
    energy_after: Optional[float]
    converged: bool
    warnings: list[str]


def optimise(rec: Record, generate: bool) -> Optimised:
    warnings: list[str] = []
    if generate:
        mol = Chem.AddHs(rec.mol)
        params = AllChem.ETKDGv3()
        params.randomSeed = RANDOM_SEED
        with rdkit_log():
            cid = AllChem.EmbedMolecule(mol, params)
            if cid < 0:
                params.useRandomCoords = True
                cid = AllChem.EmbedMolecule(mol, params)
        if cid < 0:
            raise ReasonError(message("perform.embedFailed"))
    else:
        with rdkit_log():
            mol = Chem.AddHs(rec.mol, addCoords=True)

    with rdkit_log():
        ff = None
        name = None
        if AllChem.MMFFHasAllMoleculeParams(mol):
            props = AllChem.MMFFGetMoleculeProperties(mol, mmffVariant="MMFF94")
            ff = AllChem.MMFFGetMoleculeForceField(mol, props)
            name = "MMFF94"
        if ff is None and AllChem.UFFHasAllMoleculeParams(mol):
            ff = AllChem.UFFGetMoleculeForceField(mol)
            name = "UFF"
            warnings.append("MMFF94 缺少该分子的参数，已改用 UFF 力场优化（能量为 UFF 能量）")
    if ff is None:
        warnings.append("MMFF94 与 UFF 均缺少该分子的参数，结构未经力场优化")
        return Optimised(mol, None, None, None, False, warnings)
    ff.Initialize()
    before = ff.CalcEnergy()
    status = ff.Minimize(maxIts=MAX_ITERS)
    after = ff.CalcEnergy()
    if status != 0:
        warnings.append(f"力场优化在 {MAX_ITERS} 步内未收敛")
    return Optimised(mol, name, before, after, status == 0, warnings)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.perform")
    p.add_argument("--inputs-json", required=True)
    p.add_argument("--params", required=True, help="the module's params.json: structure (2D or 3D)")
    p.add_argument("--output", required=True)
    add_result_args(p)
    args = p.parse_args(argv)
    args.structure = load_params(args.params)["structure"]
    return args


def run(args: argparse.Namespace) -> None:
    structure = args.structure
    allowed = EXTS_2D if structure == "2D" else EXTS_3D
    inputs = load_inputs(args.inputs_json)
    for inp in inputs:
        if inp.ext not in allowed:
            reject_input("perform.inputFormatUnsupported", file=inp.name, structure=structure, exts=" ".join("." + e for e in allowed))

    # Pass 1: every record must parse before any conformer work starts.
    counts = [sum(1 for _ in read_records(inp, structure)) for inp in inputs]

    warnings = Warnings()
    rows: list[dict[str, object]] = []
    total = written = failed = unconverged = 0
    by_ff: dict[str, int] = {}

    def refuse(inp: InputFile, rec: Record, exc: Exception) -> None:
        """A molecule that could not be optimised or written: a warning and its own error row, the batch goes on."""
        reason = reason_of(exc)
        warnings.add(inp.name, rec.index, rec.mol_id, message("perform.notWritten", reason=reason))
        if len(rows) < args.max_rows:
            rows.append({"ID": rec.mol_id, "SMILES": Chem.MolToSmiles(rec.mol), "energy_before": None, "energy_after": None,
                         "converged": None, "force_field": None, "source_file": inp.name,
                         "error": encode_message(reason) if isinstance(reason, dict) else reason})

    out = open(args.output, "w", encoding="utf-8")
    try:
        for inp in inputs:
            for rec in read_records(inp, structure):
                total += 1
                for note in rec.notes:
                    warnings.add(inp.name, rec.index, rec.mol_id, note)
                try:
                    res = optimise(rec, generate=(structure == "2D"))
                except ValueError as exc:
                    failed += 1
                    refuse(inp, rec, exc)
                    continue
                for w in res.warnings:
                    warnings.add(inp.name, rec.index, rec.mol_id, w)
                mol = res.mol
                mol.SetProp("_Name", rec.mol_id)
                mol.SetProp("source_file", inp.name)
                mol.SetProp("force_field", res.force_field or "none")
                e0 = None if res.energy_before is None else round(res.energy_before, 4)
                e1 = None if res.energy_after is None else round(res.energy_after, 4)
                if e0 is not None and e1 is not None:
                    mol.SetProp("energy_before_kcal_mol", f"{e0:.4f}")
                    mol.SetProp("energy_after_kcal_mol", f"{e1:.4f}")
                mol.SetProp("converged", "true" if res.converged else "false")
                try:
                    with rdkit_log():
                        out.write(sd_record(mol))
                except MoleculeWriteError as exc:
                    failed += 1
                    refuse(inp, rec, exc)
                    continue
                written += 1
                if res.force_field:
                    by_ff[res.force_field] = by_ff.get(res.force_field, 0) + 1
                if not res.converged:
                    unconverged += 1
                if len(rows) < args.max_rows:
                    with rdkit_log():
                        heavy = Chem.RemoveHs(mol)
                        if structure == "3D":
                            Chem.AssignStereochemistryFrom3D(heavy)
                        smiles = Chem.MolToSmiles(heavy)
                    rows.append(
                        {
                            "ID": rec.mol_id,
                            "SMILES": smiles,
                            "energy_before": e0,
                            "energy_after": e1,
                            "converged": res.converged,
                            "force_field": res.force_field,
                            "source_file": inp.name,
                            "error": None,
                        }
                    )
    finally:
        out.close()
    if written == 0:
        said = [decode(str(w["message"])) or str(w["message"]) for w in warnings.items[:3]]
        reasons = said[-1] if said else ""
        for earlier in reversed(said[:-1]):
            reasons = message("common.listed", first=earlier, next=reasons)
        fail("perform.noneOptimised", reasons=reasons)

    write_step_result(
        args,
        module="perform",
        engine={"rdkit": rdBase.rdkitVersion},
        inputs=inputs,
        counts=counts,
        rows=rows,
        rows_available=total,
        warnings=warnings,
        details={
            "structure": structure,
            "method": ("ETKDGv3 + " if structure == "2D" else "") + "MMFF94 (UFF fallback)",
            "randomSeed": RANDOM_SEED if structure == "2D" else None,
            "maxIterations": MAX_ITERS,
            "energyUnit": "kcal/mol",
            "total": total,
            "optimised": written,
            "failed": failed,
            "notConverged": unconverged,
            "forceFields": by_ff,
        },
    )


def main(argv: Sequence[str]) -> None:
    run(parse_args(argv))


if __name__ == "__main__":
    run_main(main)
