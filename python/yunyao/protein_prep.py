"""Receptor preparation for docking: PDB in, cleaned + protonated PDB and a Vina PDBQT out.

    python -m yunyao.protein_prep --input=inputs/0_protein.pdb --name=protein.pdb \
        --keep-het=HEM,NAD --ph=7.4 --out-pdb=protein_prepared.pdb \
        --out-pdbqt=protein.pdbqt --log=prep.log

Steps (each one logged to ``--log`` in plain words):

1. strict line check of the PDB text (a bad ATOM/HETATM line fails with its number);
2. first model and first alternate location only; waters and hetero groups removed
   except the cofactors named in ``--keep-het``; input hydrogens dropped so the
   protonation below is the only one;
3. PDBFixer: non-standard residues replaced, missing heavy atoms added, short
   internal gaps (SEQRES known) built, long gaps and chain breaks only reported;
4. hydrogens at ``--ph`` with pdb2pqr + PROPKA (chain ids / numbering kept);
   PDBFixer's ``addMissingHydrogens`` only when pdb2pqr fails; kept cofactors get
   hydrogens from Open Babel's pH model;
5. receptor PDBQT by Open Babel (``-xr``, Gasteiger charges, no ``-h``/``-p``),
   atom types Vina 1.2 rejects stripped with a warning, then a ``vina
   --score_only`` check of the receptor.

Writes ``summary.json`` and ``rows.json`` (one row per chain) like the other steps.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass
from typing import Optional, Sequence, TextIO

from .common import InputFile, Message, fail, file_sha256, message, one_line, read_text, reject_input, run_main, vina_env, write_json
from .messages import render_message
from . import receptor_cache

WATER_NAMES = {"HOH", "WAT", "H2O", "DOD", "D2O", "TIP", "TIP3", "SOL", "SPC"}
AMINO_ACIDS = {
    "ALA", "ARG", "ASN", "ASP", "CYS", "GLN", "GLU", "GLY", "HIS", "ILE",
    "LEU", "LYS", "MET", "PHE", "PRO", "SER", "THR", "TRP", "TYR", "VAL",
    # protonation-state names other programs write
    "HID", "HIE", "HIP", "HSD", "HSE", "HSP", "CYX", "CYM", "ASH", "GLH", "LYN",
    # caps
    "ACE", "NME", "NH2",
}
NUCLEIC = {"A", "C", "G", "U", "T", "I", "DA", "DC", "DG", "DT", "DU", "DI"}

# Atom types Vina 1.2.3 accepts in a receptor, measured by scoring a one-atom
# receptor of each type (it rejects e.g. Mo, B, V and the upper-case metal
# spellings); Open Babel writes metals in this mixed case.
VINA_TYPES = {
    "C", "A", "N", "NA", "OA", "F", "Mg", "P", "SA", "S", "Cl", "Ca", "Mn", "Fe", "Zn",
    "Br", "I", "Si", "At", "H", "HD", "Se", "Cu", "Co", "Ni", "K", "Na", "Hg", "Cd", "W",
}

# Every record name of the PDB format (v3.3) plus the few that common tools add.
PDB_RECORDS = {
    "HEADER", "OBSLTE", "TITLE", "SPLIT", "CAVEAT", "COMPND", "SOURCE", "KEYWDS", "EXPDTA",
    "NUMMDL", "MDLTYP", "AUTHOR", "REVDAT", "SPRSDE", "JRNL", "REMARK", "DBREF", "DBREF1",
    "DBREF2", "SEQADV", "SEQRES", "MODRES", "HET", "HETNAM", "HETSYN", "FORMUL", "HELIX",
    "SHEET", "TURN", "SSBOND", "LINK", "LINKR", "CISPEP", "SITE", "CRYST1", "ORIGX1", "ORIGX2",
    "ORIGX3", "SCALE1", "SCALE2", "SCALE3", "MTRIX1", "MTRIX2", "MTRIX3", "TVECT", "MODEL",
    "ATOM", "ANISOU", "HETATM", "TER", "ENDMDL", "CONECT", "MASTER", "END", "HYDBND",
    "SLTBRG", "FTNOTE", "SIGATM", "SIGUIJ", "USER", "EXPDTA", "SPDBVT", "SPDBVR", "SPDBVb",
}

# pdb2pqr on a large protein takes seconds; this only guards against a hang.
PDB2PQR_TIMEOUT_S = 900
# Internal gaps up to this many residues are built by PDBFixer; longer loops
# would be guesses in exactly the places (flexible loops) docking cares about.
MAX_BUILT_GAP = 5
# Seed of the Langevin integrator PDBFixer shakes clashing rebuilt side chains apart with.
# Never 0: OpenMM reads a zero seed as "pick a new random seed", which made every rebuild differ.
LANGEVIN_SEED = 1


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.protein_prep")
    p.add_argument("--input", required=True, help="PDB path inside the scratch dir")
    p.add_argument("--name", default=None, help="display name used in messages")
    p.add_argument("--keep-het", default="", help="comma list of hetero residue names to keep (cofactors)")
    p.add_argument("--ph", type=float, default=7.4)
    p.add_argument("--out-pdb", default="protein_prepared.pdb")
    p.add_argument("--out-pdbqt", default="protein.pdbqt")
    p.add_argument("--log", default="prep.log")
    p.add_argument("--summary", default="summary.json")
    p.add_argument("--rows", default="rows.json")
    p.add_argument("--skip-vina-check", action="store_true")
    p.add_argument("--cache-dir", default=None, help="prepared receptors shared between tasks (yunyao.receptor_cache)")
    p.add_argument(
        "--reuse-dir",
        default=None,
        help="keep the prepared receptor here and reuse it on a rerun (a resumed task must dock into the same receptor)",
    )
    return p.parse_args(argv)


# --------------------------------------------------------------------------
# PDB lines


@dataclass
class Atom:
    record: str  # ATOM / HETATM
    name: str
    altloc: str
    resname: str
    chain: str
    resseq: str  # columns 23-26 as text (keeps odd numbering)
    icode: str
    x: float
    y: float
    z: float
    occ: str
    bfac: str
    element: str
    line_no: int

    @property
    def res_key(self) -> tuple[str, str, str, str]:
        return (self.chain, self.resseq, self.icode, self.resname)

    @property
    def is_h(self) -> bool:
        return self.element in ("H", "D")


def _element_of(line: str, name: str, resname: str) -> str:
    el = line[76:78].strip() if len(line) >= 77 else ""
    el = re.sub(r"[^A-Za-z]", "", el)
    if el:
        return el.capitalize()
    # No element column: PDB convention puts a one-letter element in column 14
    # of a 4-column name field; two-letter metals start in column 13.
    raw = line[12:16]
    letters = re.sub(r"[^A-Za-z]", "", raw)
    if not letters:
        return ""
    if raw[0].isalpha() and resname == raw.strip() and len(letters) <= 2:
        return letters.capitalize()  # ion such as ZN/MG named after itself
    return letters[0].upper()


def parse_atom_line(line: str, line_no: int) -> tuple[Optional[Atom], Optional[Message]]:
    """(atom, None) or (None, reason) for an ATOM/HETATM line."""
    if len(line.rstrip()) < 54:
        return None, message("common.atomLineShort")
    try:
        x, y, z = float(line[30:38]), float(line[38:46]), float(line[46:54])
    except ValueError:
        return None, message("common.atomCoordsNotNumbers")
    if not all(math.isfinite(v) for v in (x, y, z)):
        return None, message("common.atomCoordsNotFinite")
    name = line[12:16].strip()
    resname = line[17:20].strip() or line[17:21].strip()
    if not name:
        return None, message("common.atomNameMissing")
    if not resname:
        return None, message("common.residueNameMissing")
    resseq = line[22:26]
    if resseq.strip() and not re.fullmatch(r"\s*-?[0-9A-Za-z]+", resseq):
        return None, message("common.residueNumberMalformed")
    return (
        Atom(
            record=line[:6].strip().upper(),
            name=name,
            altloc=line[16],
            resname=resname.upper(),
            chain=line[21] if len(line) > 21 else " ",
            resseq=resseq,
            icode=line[26] if len(line) > 26 else " ",
            x=x,
            y=y,
            z=z,
            occ=line[54:60] if len(line) >= 60 else "  1.00",
            bfac=line[60:66] if len(line) >= 66 else "  0.00",
            element=_element_of(line, name, resname.upper()),
            line_no=line_no,
        ),
        None,
    )


def format_atom(serial: int, a: Atom) -> str:
    # Four-character names start in column 13, shorter ones in 14 (PDB rule).
    name = a.name if len(a.name) >= 4 or len(a.element) == 2 else " " + a.name
    return (
        f"{a.record:<6}{serial % 100000:>5} {name:<4}{a.altloc if a.altloc != ' ' else ' '}"
        f"{a.resname:>3} {a.chain}{a.resseq:>4}{a.icode}   "
        f"{a.x:8.3f}{a.y:8.3f}{a.z:8.3f}{a.occ:>6}{a.bfac:>6}          {a.element.upper():>2}"
    )


@dataclass
class ParsedPdb:
    atoms: list[Atom]  # first model only
    seqres: list[str]
    models: int
    atom_lines_total: int


def read_pdb(inp: InputFile) -> ParsedPdb:
    text = read_text(inp)
    if not text.strip():
        reject_input("common.pdbEmpty", file=inp.name)
    atoms: list[Atom] = []
    seqres: list[str] = []
    models = 0
    in_later_model = False
    total = 0
    for line_no, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        # Some tools drop the newline after a bare TER ("TERHETATM 2506 ..."): the atom is intact.
        if re.match(r"^TER(ATOM  |HETATM)", line):
            line = line[3:]
        rec = line[:6].strip().upper()
        if rec in ("ATOM", "HETATM"):
            atom, reason = parse_atom_line(line, line_no)
            if atom is None:
                reject_input("common.pdbLineUnparsable", file=inp.name, line=line_no, reason=reason, text=one_line(line, 80))
            total += 1
            if not in_later_model:
                atoms.append(atom)
        elif rec == "MODEL":
            models += 1
            in_later_model = models > 1
        elif rec == "SEQRES":
            seqres.append(line)
        elif rec not in PDB_RECORDS and line[:6].split()[0].upper() not in PDB_RECORDS:
            reject_input("common.pdbLineNotPdb", file=inp.name, line=line_no, text=one_line(line, 80))
    if total == 0:
        reject_input("common.pdbNoAtoms", file=inp.name)
    return ParsedPdb(atoms=atoms, seqres=seqres, models=max(models, 1), atom_lines_total=total)


# --------------------------------------------------------------------------
# Log


class PrepLog:
    def __init__(self, path: str) -> None:
        self.fh: TextIO = open(path, "w", encoding="utf-8")
        self.t0 = time.monotonic()
        self.warnings: list[str] = []

    def info(self, msg: str) -> None:
        self.fh.write(f"[{time.monotonic() - self.t0:6.1f}s] {msg}\n")
        self.fh.flush()

    def warn(self, msg: str) -> None:
        self.warnings.append(one_line(msg, 400))
        self.info("警告：" + msg)

    def close(self) -> None:
        self.fh.close()


def _counts_text(counter: "Counter[str]") -> str:
    return "、".join(f"{name} ×{n}" for name, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


@functools.lru_cache(maxsize=1)  # the cache key and the summary both need them; reading them imports every engine
def _versions() -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        import openmm

        out["openmm"] = openmm.__version__
    except Exception:  # pragma: no cover - engines are Debian packages
        pass
    for mod, key in (("pdbfixer", "pdbfixer"), ("pdb2pqr", "pdb2pqr"), ("propka", "propka")):
        try:
            m = __import__(mod)
            ver = getattr(m, "__version__", None)
            if ver is None:
                from importlib.metadata import version as _v

                ver = _v(mod)
            out[key] = str(ver)
        except Exception:
            pass
    try:
        from openbabel import openbabel as ob

        out["openbabel"] = ob.OBReleaseVersion()
    except Exception:  # pragma: no cover
        pass
    vina = shutil.which("vina")
    if vina:
        try:
            res = subprocess.run([vina, "--version"], capture_output=True, text=True, timeout=20)
            m2 = re.search(r"v?(\d+\.\d+\.\d+)", res.stdout + res.stderr)
            if m2:
                out["vina"] = m2.group(1)
        except Exception:
            pass
    return out


# --------------------------------------------------------------------------
# Steps


@dataclass
class Split:
    polymer: list[Atom]
    cofactors: list[Atom]
    removed_groups: "Counter[str]"
    removed_atoms: int
    waters: int
    kept_groups: "Counter[str]"
    input_h: int
    altloc_dropped: int


def polymer_names() -> set[str]:
    from pdbfixer.pdbfixer import substitutions

    return AMINO_ACIDS | NUCLEIC | set(substitutions)


def split_structure(pdb: ParsedPdb, keep: set[str]) -> Split:
    polymer_ok = polymer_names()
    first_alt: dict[tuple, str] = {}
    polymer: list[Atom] = []
    cofactors: list[Atom] = []
    removed_groups: "Counter[str]" = Counter()
    kept_groups: "Counter[str]" = Counter()
    seen_removed: set[tuple] = set()
    seen_kept: set[tuple] = set()
    removed_atoms = 0
    waters = 0
    input_h = 0
    altloc_dropped = 0
    for a in pdb.atoms:
        # One conformer only: the first alternate location met for each atom.
        if a.altloc not in (" ", ""):
            key = a.res_key + (a.name,)
            if first_alt.setdefault(key, a.altloc) != a.altloc:
                altloc_dropped += 1
                continue
            a.altloc = " "
        if a.resname in keep:
            if a.res_key not in seen_kept:
                seen_kept.add(a.res_key)
                kept_groups[a.resname] += 1
            if a.is_h:
                input_h += 1
            else:
                cofactors.append(a)
            continue
        if a.resname in WATER_NAMES or a.resname not in polymer_ok:
            removed_atoms += 1
            if a.res_key not in seen_removed:
                seen_removed.add(a.res_key)
                removed_groups[a.resname] += 1
                if a.resname in WATER_NAMES:
                    waters += 1
            continue
        if a.is_h:
            input_h += 1
            continue
        a.record = "ATOM" if a.resname in AMINO_ACIDS | NUCLEIC else a.record
        polymer.append(a)
    return Split(polymer, cofactors, removed_groups, removed_atoms, waters, kept_groups, input_h, altloc_dropped)


def refuse_without_polymer(name: str, split: Split) -> None:
    if not split.polymer:
        if split.removed_groups or split.kept_groups:
            reject_input("common.pdbNoProteinOnly", file=name, groups=_counts_text(split.removed_groups + split.kept_groups))
        reject_input("common.pdbNoProtein", file=name)


def check_protein(inp: InputFile) -> None:
    """What preparation refuses of a structure before its engines start; the server runs it at submission."""
    refuse_without_polymer(inp.name, split_structure(read_pdb(inp), set()))


def chain_breaks(atoms: Sequence[Atom]) -> list[str]:
    """Peptide bonds longer than 2 Å between consecutive residues of a chain."""
    residues: "OrderedDict[tuple, dict[str, Atom]]" = OrderedDict()
    for a in atoms:
        residues.setdefault(a.res_key, {})[a.name] = a
    out: list[str] = []
    prev_key: Optional[tuple] = None
    for key, names in residues.items():
        if prev_key is not None and prev_key[0] == key[0]:
            c = residues[prev_key].get("C")
            n = names.get("N")
            if c is not None and n is not None:
                d = math.dist((c.x, c.y, c.z), (n.x, n.y, n.z))
                if d > 2.0:
                    out.append(
                        f"链 {key[0].strip() or '-'} 在残基 {prev_key[3]}{prev_key[1].strip()}{prev_key[2].strip()} 与 "
                        f"{key[3]}{key[1].strip()}{key[2].strip()} 之间断开（{d:.1f} Å）"
                    )
        prev_key = key
    return out


def write_atoms(path: str, atoms: Sequence[Atom], header: Sequence[str] = ()) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for h in header:
            fh.write(h.rstrip("\n") + "\n")
        for i, a in enumerate(atoms, start=1):
            fh.write(format_atom(i, a) + "\n")
        fh.write("END\n")


def read_atoms(path: str) -> list[Atom]:
    atoms: list[Atom] = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for no, line in enumerate(fh, start=1):
            if line.startswith(("ATOM", "HETATM")):
                a, _ = parse_atom_line(line.rstrip("\n"), no)
                if a is not None:
                    atoms.append(a)
    return atoms


@dataclass
class FixReport:
    replaced: "Counter[str]"
    missing_heavy: int
    missing_terminal: int
    built_residues: int
    unbuilt_gaps: list[str]


def run_pdbfixer(src: str, dst: str, log: PrepLog):
    from openmm.app import PDBFile
    from pdbfixer import PDBFixer

    fixer = PDBFixer(filename=src)
    fixer.findMissingResidues()
    chains = list(fixer.topology.chains())
    unbuilt: list[str] = []
    built = 0
    for key in list(fixer.missingResidues):
        chain_index, pos = key
        names = fixer.missingResidues[key]
        chain = chains[chain_index]
        n_res = len(list(chain.residues()))
        where = "N 端" if pos == 0 else "C 端" if pos >= n_res else f"第 {pos} 个残基之后"
        label = f"链 {chain.id} {where}缺失 {len(names)} 个残基（{'-'.join(names[:8])}{'…' if len(names) > 8 else ''}）"
        # Termini are left open and long loops are not guessed: either would put
        # invented atoms where a ligand may be docked.
        if pos == 0 or pos >= n_res or len(names) > MAX_BUILT_GAP:
            unbuilt.append(label)
            del fixer.missingResidues[key]
        else:
            built += len(names)
            log.info(f"PDBFixer：按 SEQRES 补建短缺口 {label}")
    for label in unbuilt:
        log.warn(f"{label}，未补建（只补建不超过 {MAX_BUILT_GAP} 个残基的内部缺口）")

    fixer.findNonstandardResidues()
    replaced: "Counter[str]" = Counter(f"{r.name}→{to}" for r, to in fixer.nonstandardResidues)
    if replaced:
        fixer.replaceNonstandardResidues()
        log.info(f"PDBFixer：替换非标准残基 {_counts_text(replaced)}")
    fixer.findMissingAtoms()
    missing_heavy = sum(len(v) for v in fixer.missingAtoms.values())
    missing_terminal = sum(len(v) for v in fixer.missingTerminals.values())
    try:
        fixer.addMissingAtoms(seed=LANGEVIN_SEED)
    except TypeError:  # older PDBFixer without the seed argument
        fixer.addMissingAtoms()
    log.info(
        f"PDBFixer：补全缺失重原子 {missing_heavy} 个（涉及 {len(fixer.missingAtoms)} 个残基），"
        f"末端原子 {missing_terminal} 个"
    )
    with open(dst, "w", encoding="utf-8") as fh:
        PDBFile.writeFile(fixer.topology, fixer.positions, fh, keepIds=True)
    return fixer, FixReport(replaced, missing_heavy, missing_terminal, built, unbuilt)


def _log_text(reason: "Message | dict") -> str:
    """A reason (a message, or a text in both languages) in Chinese, for prep.log."""
    return render_message(reason) if "code" in reason else str(reason.get("zh", reason))


def run_pdb2pqr(src: str, out_pdb: str, ph: float, workdir: str) -> "Message | str | dict | None":
    """None on success, else a short reason."""
    exe = shutil.which("pdb2pqr") or shutil.which("pdb2pqr30")
    cmd = [exe] if exe else [sys.executable, "-m", "pdb2pqr.main"]
    cmd += [
        "--ff=AMBER",
        f"--with-ph={ph}",
        "--titration-state-method=propka",
        "--keep-chain",
        f"--pdb-output={out_pdb}",
        src,
        os.path.join(workdir, "protein.pqr"),
    ]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=PDB2PQR_TIMEOUT_S, cwd=workdir)
    except subprocess.TimeoutExpired:
        return message("common.pdb2pqrTimedOut", seconds=PDB2PQR_TIMEOUT_S)
    except OSError as exc:
        return message("common.pdb2pqrNotRun", error=one_line(exc, 200))
    with open(os.path.join(workdir, "pdb2pqr.log"), "w", encoding="utf-8") as fh:
        fh.write(res.stdout + res.stderr)
    if res.returncode != 0 or not os.path.isfile(out_pdb):
        # The last traceback line is a bare "RuntimeError"; the cause is logged as CRITICAL or "XError: text".
        lines = (res.stderr + "\n" + res.stdout).strip().splitlines()
        critical = [l for l in lines if l.startswith("CRITICAL")]
        errs = [l for l in lines if re.match(r"^\w*(Error|Exception): \S", l)]
        if not (critical or errs or lines):
            return {"zh": "(无输出)", "en": "(no output)"}
        return one_line(critical[0] if critical else (errs or lines)[-1], 300)
    if not read_atoms(out_pdb):
        return message("common.pdb2pqrNoAtoms")
    return None


def protonate_cofactors(atoms: list[Atom], ph: float, log: PrepLog) -> list[Atom]:
    """Open Babel's pH model per kept cofactor; it drops residue labels, so they are copied back from the parent heavy atom."""
    if not atoms:
        return []
    from openbabel import openbabel as ob

    ob.obErrorLog.SetOutputLevel(-1)
    out: list[Atom] = []
    groups: "OrderedDict[tuple, list[Atom]]" = OrderedDict()
    for a in atoms:
        groups.setdefault(a.res_key, []).append(a)
    for key, heavy in groups.items():
        conv = ob.OBConversion()
        conv.SetInFormat("pdb")
        mol = ob.OBMol()
        text = "".join(format_atom(i, a).replace("ATOM  ", "HETATM") + "\n" for i, a in enumerate(heavy, 1)) + "END\n"
        added: list[Atom] = []
        if len(heavy) == 1:
            # Ions (ZN, MG, ...): Open Babel would turn MG into MgH2.
            heavy[0].record = "HETATM"
            out.extend(heavy)
            log.info(f"辅因子 {key[3]}（链 {key[0].strip() or '-'} {key[1].strip()}）：单原子离子，不加氢")
            continue
        try:
            if not conv.ReadString(mol, text) or mol.NumAtoms() != len(heavy):
                raise RuntimeError("Open Babel 无法读取")
            mol.AddHydrogens(False, True, ph)
            counter = 0
            for idx in range(len(heavy) + 1, mol.NumAtoms() + 1):
                h = mol.GetAtom(idx)
                if h.GetAtomicNum() != 1:
                    continue
                parent = next((nb for nb in ob.OBAtomAtomIter(h)), None)
                if parent is None or parent.GetIdx() > len(heavy) or parent.IsMetal():
                    continue
                p = heavy[parent.GetIdx() - 1]
                counter += 1
                added.append(
                    Atom("HETATM", f"H{counter}"[:4], " ", p.resname, p.chain, p.resseq, p.icode,
                         h.GetX(), h.GetY(), h.GetZ(), "  1.00", "  0.00", "H", 0)
                )
        except Exception as exc:
            log.warn(f"辅因子 {key[3]}（链 {key[0].strip() or '-'} {key[1].strip()}）加氢失败，保留重原子：{exc}")
            added = []
        for a in heavy:
            a.record = "HETATM"
        out.extend(heavy)
        out.extend(added)
        log.info(f"辅因子 {key[3]}（链 {key[0].strip() or '-'} {key[1].strip()}）：{len(heavy)} 个重原子，按 pH {ph:g} 加氢 {len(added)} 个（Open Babel）")
    return out


METALS = {
    "Li", "Be", "Na", "Mg", "Al", "K", "Ca", "Sc", "Ti", "V", "Cr", "Mn", "Fe", "Co", "Ni", "Cu", "Zn",
    "Ga", "Rb", "Sr", "Y", "Zr", "Nb", "Mo", "Tc", "Ru", "Rh", "Pd", "Ag", "Cd", "In", "Sn", "Cs", "Ba",
    "La", "Ce", "Pr", "Nd", "Sm", "Eu", "Gd", "Tb", "Dy", "Ho", "Er", "Tm", "Yb", "Lu", "Hf", "Ta", "W",
    "Re", "Os", "Ir", "Pt", "Au", "Hg", "Tl", "Pb", "Bi", "U",
}
# Charge written for a metal in the PDBQT (Vina's scoring ignores charges; AD4 uses them).
METAL_CHARGE = {"Li": 1.0, "Na": 1.0, "K": 1.0, "Rb": 1.0, "Cs": 1.0, "Ag": 1.0, "Al": 3.0, "Ga": 3.0}


def write_pdbqt(src_pdb: str, dst: str, workdir: str, log: PrepLog) -> tuple[int, "Counter[str]", int]:
    """(atoms kept, stripped atom types, atoms with a non-zero charge)."""
    # Open Babel has no Gasteiger parameters for metals: with one present it
    # silently converts nothing. Metals are set aside and appended afterwards.
    body: list[str] = []
    metals: list[Atom] = []
    with open(src_pdb, encoding="utf-8") as fh:
        for no, line in enumerate(fh, start=1):
            if line.startswith(("ATOM", "HETATM")):
                a, _ = parse_atom_line(line.rstrip("\n"), no)
                if a is not None and a.element in METALS:
                    metals.append(a)
                    continue
            body.append(line)
    no_metal = os.path.join(workdir, "receptor_nometal.pdb")
    with open(no_metal, "w", encoding="utf-8") as fh:
        fh.writelines(body)
    tmp = os.path.join(workdir, "receptor_raw.pdbqt")
    # -xr: rigid receptor (no ROOT/BRANCH). Gasteiger charges must be asked for:
    # from PDB input the writer otherwise keeps the file's (zero) charges. No
    # -h / -p: hydrogens were placed by pdb2pqr at the requested pH already.
    cmd = ["obabel", no_metal, "-opdbqt", "-xr", "--partialcharge", "gasteiger", "-O", tmp]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        fail("common.receptorPdbqtFailed", detail=str(exc))
    if res.returncode != 0 or not os.path.isfile(tmp) or os.path.getsize(tmp) == 0:
        fail("common.receptorPdbqtObFailed", detail=one_line(res.stderr, 300))
    metal_lines = [
        f"{format_atom(0, m)[:54]}  0.00  0.00    {METAL_CHARGE.get(m.element, 2.0):+6.3f} {m.element:<2}\n" for m in metals
    ]
    if metals:
        log.info(f"金属原子 {len(metals)} 个不参与 Gasteiger 电荷计算，按形式电荷写入 PDBQT")
    kept: list[str] = []
    stripped: "Counter[str]" = Counter()
    where: dict[str, list[str]] = {}
    n_atoms = 0
    charged = 0
    with open(tmp, encoding="utf-8", errors="replace") as fh:
        raw = fh.readlines()
    last_atom = max((i for i, l in enumerate(raw) if l.startswith(("ATOM", "HETATM"))), default=len(raw) - 1)
    raw[last_atom + 1 : last_atom + 1] = metal_lines
    for line in raw:
        if line.startswith("REMARK  Name = "):
            # Open Babel names its input, a random temporary path: the receptor's bytes must repeat.
            line = f"REMARK  Name = {os.path.basename(src_pdb)}\n"
        if line.startswith(("ATOM", "HETATM")):
            ad_type = line[77:79].strip()
            if ad_type not in VINA_TYPES:
                stripped[ad_type or "?"] += 1
                where.setdefault(ad_type or "?", []).append(f"{line[17:20].strip()}{line[22:26].strip()}:{line[12:16].strip()}")
                continue
            n_atoms += 1
            try:
                if abs(float(line[70:76])) > 1e-6:
                    charged += 1
            except ValueError:
                pass
        kept.append(line)
    for t, n in stripped.items():
        log.warn(f"Vina 不支持原子类型 {t}，已从受体 PDBQT 中删除 {n} 个原子（{', '.join(where[t][:10])}）")
    with open(dst + ".tmp", "w", encoding="utf-8") as fh:
        fh.writelines(kept)
    os.replace(dst + ".tmp", dst)
    return n_atoms, stripped, charged


def vina_check(pdbqt: str, atoms: Sequence[Atom], workdir: str) -> "Message | str | dict | None":
    """Scores one carbon at the protein centroid: proves Vina reads the receptor (about 0.5 s). None when fine."""
    vina = shutil.which("vina")
    if not vina:
        return "skipped"
    cx = sum(a.x for a in atoms) / len(atoms)
    cy = sum(a.y for a in atoms) / len(atoms)
    cz = sum(a.z for a in atoms) / len(atoms)
    lig = os.path.join(workdir, "probe.pdbqt")
    with open(lig, "w", encoding="utf-8") as fh:
        fh.write(f"ROOT\nATOM      1  C   LIG L   1    {cx:8.3f}{cy:8.3f}{cz:8.3f}  0.00  0.00     0.000 C \nENDROOT\nTORSDOF 0\n")
    try:
        res = subprocess.run(
            [vina, "--receptor", pdbqt, "--ligand", lig, "--score_only", "--autobox", "--cpu", "1"],
            capture_output=True, text=True, timeout=120, env=vina_env(),
        )
    except subprocess.TimeoutExpired:
        return message("common.vinaCheckTimedOut")
    if res.returncode != 0 or "Estimated Free Energy" not in res.stdout:
        lines = [l for l in (res.stdout + "\n" + res.stderr).splitlines() if l.strip()]
        err = next((l for l in lines if "error" in l.lower()), lines[-1] if lines else None)
        return one_line(err, 300) if err else {"zh": "无输出", "en": "no output"}
    return None


# --------------------------------------------------------------------------


def prepare(args: argparse.Namespace, log: PrepLog) -> None:
    name = args.name or os.path.basename(args.input)
    if not os.path.isfile(args.input):
        reject_input("common.inputUnreadable", file=name)
    if not (0.0 <= args.ph <= 14.0):
        reject_input("common.phOutOfRange", ph=f"{args.ph:g}")
    keep = {k.strip().upper() for k in args.keep_het.split(",") if k.strip()}
    bad_keep = [k for k in keep if not re.fullmatch(r"[A-Z0-9]{1,3}", k)]
    if bad_keep:
        reject_input("common.keepHetInvalid", names=", ".join(sorted(bad_keep)))
    log.info(f"输入 {name}，pH {args.ph:g}，保留辅因子：{', '.join(sorted(keep)) or '无'}")

    pdb = read_pdb(InputFile(path=args.input, name=name, ext="pdb"))
    atoms_before = len(pdb.atoms)
    log.info(f"读取 {pdb.atom_lines_total} 条原子记录，共 {pdb.models} 个模型")
    if pdb.models > 1:
        log.warn(f"文件含 {pdb.models} 个模型，只使用第 1 个（{atoms_before} 个原子）")

    split = split_structure(pdb, keep)
    if split.altloc_dropped:
        log.info(f"多构象原子：每个原子只保留第一个构象，删除 {split.altloc_dropped} 个备选位置")
    if split.removed_groups:
        log.info(
            f"删除水分子 {split.waters} 个、杂原子基团 {sum(split.removed_groups.values()) - split.waters} 个"
            f"（共 {split.removed_atoms} 个原子）：{_counts_text(split.removed_groups)}"
        )
    else:
        log.info("没有需要删除的水分子或杂原子基团")
    if split.kept_groups:
        log.info(f"保留辅因子：{_counts_text(split.kept_groups)}（{len(split.cofactors)} 个重原子）")
    for k in sorted(keep - set(split.kept_groups)):
        log.warn(f"要求保留的辅因子 {k} 在结构中不存在")
    if split.input_h:
        log.info(f"删除输入中的氢原子 {split.input_h} 个，稍后按 pH {args.ph:g} 重新加氢")
    refuse_without_polymer(name, split)
    # Only once the file is accepted: importing the engines to read their versions costs a second
    # of CPU, which a refused file need not wait for.
    versions = _versions()
    log.info("引擎版本：" + ", ".join(f"{k} {v}" for k, v in versions.items()))
    # With SEQRES, PDBFixer names the missing residues itself (and builds the short gaps).
    breaks = [] if pdb.seqres else chain_breaks(split.polymer)
    for b in breaks[:50]:
        log.warn(f"{b}，缺失残基未补建（文件没有 SEQRES，无法确定缺失的序列）")

    with tempfile.TemporaryDirectory(prefix="protein_prep_") as tmp:
        stage1 = os.path.join(tmp, "polymer.pdb")
        write_atoms(stage1, split.polymer, header=pdb.seqres)
        fixed = os.path.join(tmp, "fixed.pdb")
        try:
            fixer, fix = run_pdbfixer(stage1, fixed, log)
        except Exception as exc:
            fail("common.pdbfixerFailed", detail=one_line(exc, 300))

        protonated = os.path.join(tmp, "protonated.pdb")
        method = "pdb2pqr+propka"
        reason = run_pdb2pqr(fixed, protonated, args.ph, tmp)
        if reason is None:
            log.info(f"pdb2pqr {versions.get('pdb2pqr', '')} + PROPKA {versions.get('propka', '')}：按 pH {args.ph:g} 确定质子化状态并加氢（AMBER 力场命名规则，保留链号和残基编号）")
        else:
            method = "pdbfixer"
            log.warn(f"pdb2pqr 处理失败（{reason if isinstance(reason, str) else _log_text(reason)}），改用 PDBFixer addMissingHydrogens(pH={args.ph:g}) 加氢（不做 pKa 预测）")
            try:
                # OpenMM's Modeller places the new hydrogens at positions drawn from Python's
                # global `random` before minimising them; seeding it makes the receptor, and so
                # a seeded docking run, repeat exactly.
                random.seed(0)
                fixer.addMissingHydrogens(args.ph)
                from openmm.app import PDBFile

                with open(protonated, "w", encoding="utf-8") as fh:
                    PDBFile.writeFile(fixer.topology, fixer.positions, fh, keepIds=True)
            except Exception as exc:
                fail("common.protonationFailed", pdb2pqr=reason, pdbfixer=one_line(exc, 200))
        protein = read_atoms(protonated)
        heavy_in = Counter(a.res_key[:3] for a in read_atoms(fixed) if not a.is_h)
        heavy_out = Counter(a.res_key[:3] for a in protein if not a.is_h)
        lost = [k for k in heavy_in if k not in heavy_out]
        if lost:
            log.warn(
                f"加氢程序丢弃了 {len(lost)} 个无法识别的残基："
                + ", ".join(f"{c.strip() or '-'}:{r.strip()}{i.strip()}" for c, r, i in lost[:20])
            )
        for a in protein:
            a.record = "ATOM"
        protein_h = sum(1 for a in protein if a.is_h)
        log.info(f"蛋白质加氢 {protein_h} 个（方法：{method}）")

        cof = protonate_cofactors(split.cofactors, args.ph, log)
        cof_h = sum(1 for a in cof if a.is_h)

        final = protein + cof
        with open(args.out_pdb + ".tmp", "w", encoding="utf-8") as fh:
            # No user text here: Open Babel's PDB reader stops at some REMARK 1 contents.
            fh.write(f"REMARK 999 PREPARED BY YUNYAO PROTEIN_PREP AT PH {args.ph:g}\n")
            serial = 0
            prev_chain: Optional[str] = None
            for a in protein:
                if prev_chain is not None and a.chain != prev_chain:
                    fh.write("TER\n")
                prev_chain = a.chain
                serial += 1
                fh.write(format_atom(serial, a) + "\n")
            if protein:
                fh.write("TER\n")
            for a in cof:
                serial += 1
                fh.write(format_atom(serial, a) + "\n")
            fh.write("END\n")
        os.replace(args.out_pdb + ".tmp", args.out_pdb)
        log.info(f"写出 {args.out_pdb}：{len(final)} 个原子（其中氢 {protein_h + cof_h} 个）")

        n_pdbqt, stripped, charged = write_pdbqt(args.out_pdb, args.out_pdbqt, tmp, log)
        if n_pdbqt == 0:
            fail("common.receptorPdbqtEmpty")
        if charged == 0:
            log.warn("受体 PDBQT 中所有原子的部分电荷都为 0")
        log.info(f"写出 {args.out_pdbqt}：{n_pdbqt} 个原子（Open Babel -xr，Gasteiger 电荷，非极性氢并入重原子）")
        check = "skipped" if args.skip_vina_check else vina_check(args.out_pdbqt, final, tmp)
        if check == "skipped":
            log.info("跳过 Vina 读取检查")
            vina_state = "skipped"
        elif check is not None:
            fail("common.receptorVinaCheckFailed", detail=check)
        else:
            log.info("Vina 读取受体 PDBQT 检查通过")
            vina_state = "passed"

    chains: "OrderedDict[str, dict[str, object]]" = OrderedDict()
    for a in final:
        row = chains.setdefault(a.chain, {"chain": a.chain.strip() or "-", "residues": set(), "atoms": 0, "hydrogens": 0})
        row["residues"].add(a.res_key)  # type: ignore[union-attr]
        row["atoms"] = int(row["atoms"]) + 1  # type: ignore[call-overload]
        if a.is_h:
            row["hydrogens"] = int(row["hydrogens"]) + 1  # type: ignore[call-overload]
    rows = [{**r, "residues": len(r["residues"])} for r in chains.values()]  # type: ignore[arg-type]
    write_json(args.rows, rows)
    write_json(
        args.summary,
        {
            "module": "protein_prep",
            "engine": versions,
            "input": name,
            "ph": args.ph,
            "models": pdb.models,
            "atomsBefore": atoms_before,
            "atomsAfter": len(final),
            "heavyAtomsAfter": len(final) - protein_h - cof_h,
            "removedHetero": [
                {"resname": k, "groups": v} for k, v in sorted(split.removed_groups.items(), key=lambda kv: (-kv[1], kv[0]))
            ],
            "removedWaters": split.waters,
            "removedAtoms": split.removed_atoms,
            # What the user asked to keep, beside what was found and kept: the result's provenance.
            "keepHeteroRequested": sorted(keep),
            "keptCofactors": [{"resname": k, "groups": v} for k, v in sorted(split.kept_groups.items())],
            "inputHydrogensRemoved": split.input_h,
            "altlocAtomsDropped": split.altloc_dropped,
            "nonstandardReplaced": [{"change": k, "count": v} for k, v in sorted(fix.replaced.items())],
            "missingAtomsAdded": fix.missing_heavy,
            "terminalAtomsAdded": fix.missing_terminal,
            "missingResiduesBuilt": fix.built_residues,
            "missingResiduesNotBuilt": fix.unbuilt_gaps,
            "chainBreaks": breaks,
            "hydrogensAdded": protein_h + cof_h,
            "protonation": method,
            "pdbqtAtoms": n_pdbqt,
            "strippedAtomTypes": dict(stripped),
            "vinaCheck": vina_state,
            "outputs": {"pdb": args.out_pdb, "pdbqt": args.out_pdbqt, "log": args.log},
            "warningCount": len(log.warnings),
            "warnings": log.warnings[:200],
        },
    )
    log.info("完成")


def _outputs(args: argparse.Namespace) -> list[str]:
    return [args.out_pdb, args.out_pdbqt, args.log, args.summary, args.rows]


def _reuse(args: argparse.Namespace) -> bool:
    """Copies a receptor an earlier attempt prepared from the same input; False when there is none.

    A resumed docking task's checkpoints are keyed by the receptor's bytes; preparation repeats
    exactly on one machine, but an engine upgrade between attempts would not, so a rerun reuses
    the receptor rather than prepare it again.
    """
    saved = os.path.join(args.reuse_dir, "input.sha256")
    if not os.path.isfile(saved) or not all(os.path.isfile(os.path.join(args.reuse_dir, os.path.basename(f))) for f in _outputs(args)):
        return False
    with open(saved, encoding="utf-8") as fh:
        if fh.read().strip() != file_sha256(args.input):
            return False
    for f in _outputs(args):
        shutil.copyfile(os.path.join(args.reuse_dir, os.path.basename(f)), f)
    with open(args.log, "a", encoding="utf-8") as fh:
        fh.write("沿用上次运行已处理的蛋白结构（任务从检查点继续）\n")
    return True


def _keep(args: argparse.Namespace) -> None:
    os.makedirs(args.reuse_dir, exist_ok=True)
    for f in _outputs(args):
        shutil.copyfile(f, os.path.join(args.reuse_dir, os.path.basename(f)))
    with open(os.path.join(args.reuse_dir, "input.sha256"), "w", encoding="utf-8") as fh:
        fh.write(file_sha256(args.input))


def _cache_key(args: argparse.Namespace, versions: dict[str, str]) -> str:
    settings = {
        "name": args.name or os.path.basename(args.input),  # the display name is written into the log and summary
        "keepHet": args.keep_het,
        "ph": args.ph,
        "skipVinaCheck": args.skip_vina_check,
        "outputs": [os.path.basename(f) for f in _outputs(args)],
    }
    code = [__file__, os.path.join(os.path.dirname(__file__), "common.py")]
    return receptor_cache.cache_key(args.input, settings, versions, code)


def _from_cache(args: argparse.Namespace, key: str) -> bool:
    """The prepared receptor of an earlier task with the same input, settings and engines; False when there is none."""
    if not receptor_cache.restore(args.cache_dir, key, _outputs(args)):
        return False
    with open(args.summary, encoding="utf-8") as fh:
        summary = json.load(fh)
    write_json(args.summary, {**summary, "cacheHit": True})
    with open(args.log, "a", encoding="utf-8") as fh:
        fh.write(f"沿用此前任务已处理的同一蛋白结构（输入、参数与引擎版本均相同；缓存 {key[:12]}）\n")
    return True


def main(argv: Sequence[str]) -> None:
    # OpenMM's CPU platform sums forces in a thread-dependent order, so PDBFixer's minimisations
    # of added atoms and hydrogens land on slightly different coordinates from run to run. One
    # thread (the variable is read when OpenMM is first imported, after this) makes the receptor
    # repeat exactly; those minimisations take a few seconds.
    os.environ["OPENMM_CPU_THREADS"] = "1"
    args = parse_args(argv)
    if args.reuse_dir and _reuse(args):
        return
    key = _cache_key(args, _versions()) if args.cache_dir and os.path.isfile(args.input) else None
    if key is None or not _from_cache(args, key):
        log = PrepLog(args.log)
        try:
            prepare(args, log)
        except Exception as exc:
            log.info(f"失败：{exc}")
            raise
        finally:
            log.close()
        if key is not None:
            receptor_cache.store(args.cache_dir, key, _outputs(args))
    if args.reuse_dir:
        _keep(args)


if __name__ == "__main__":
    run_main(main)
