"""A protein's amino-acid sequence from the file a user gives: FASTA, plain text or a PDB structure."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from ..common import InputFile, read_text, reject_input

# The 20 standard residues; X (unknown) and the IUPAC extras B, Z, U, O are read as X by the encoding.
STANDARD = "ACDEFGHIKLMNPQRSTVWY"
ALLOWED = set(STANDARD + "XBZUO")
MIN_LENGTH = 30
MAX_LENGTH = 10_000

# PDB three-letter residue names, including common modified residues read as their parent.
THREE_TO_ONE = {
    "ALA": "A", "ARG": "R", "ASN": "N", "ASP": "D", "CYS": "C", "GLN": "Q", "GLU": "E", "GLY": "G",
    "HIS": "H", "ILE": "I", "LEU": "L", "LYS": "K", "MET": "M", "PHE": "F", "PRO": "P", "SER": "S",
    "THR": "T", "TRP": "W", "TYR": "Y", "VAL": "V", "MSE": "M", "SEP": "S", "TPO": "T", "PTR": "Y",
    "HID": "H", "HIE": "H", "HIP": "H", "CYX": "C", "SEC": "U", "PYL": "O",
}


@dataclass
class ProteinSequence:
    name: str
    sequence: str
    warnings: list[str] = field(default_factory=list)


def _clean(raw: str, source: str) -> str:
    seq = re.sub(r"[\s*]", "", raw).upper()
    for pos, letter in enumerate(seq, start=1):
        if letter not in ALLOWED:
            reject_input(f"{source} 的氨基酸序列第 {pos} 位含非法字符 '{letter}'，请使用单字母氨基酸代码")
    if len(seq) < MIN_LENGTH:
        reject_input(f"{source} 的氨基酸序列只有 {len(seq)} 个残基，至少需要 {MIN_LENGTH} 个")
    if len(seq) > MAX_LENGTH:
        reject_input(f"{source} 的氨基酸序列超过 {MAX_LENGTH} 个残基")
    return seq


def _from_fasta(text: str, source: str) -> ProteinSequence:
    records: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith(">"):
            records.append((line[1:].strip(), []))
        elif line.strip() and not line.startswith(";"):
            if not records:
                records.append(("", []))
            records[-1][1].append(line)
    if not records or not any(lines for _, lines in records):
        reject_input(f"{source} 中没有氨基酸序列")
    title, lines = records[0]
    warnings = [f"{source} 含 {len(records)} 条序列，只使用第一条（{title or '未命名'}）"] if len(records) > 1 else []
    return ProteinSequence(title.split()[0] if title else "", _clean("".join(lines), source), warnings)


def _from_pdb(text: str, source: str) -> ProteinSequence:
    """The first protein chain, from its CA atoms in file order (a gap in the model is simply skipped)."""
    chains: dict[str, list[str]] = {}
    seen: set[tuple[str, str]] = set()
    for line in text.splitlines():
        if not line.startswith(("ATOM", "HETATM")) or line[12:16].strip() != "CA":
            continue
        letter = THREE_TO_ONE.get(line[17:20].strip())
        key = (line[21], line[22:27])
        if letter is None or key in seen:
            continue
        seen.add(key)
        chains.setdefault(line[21], []).append(letter)
        if line.startswith("ENDMDL"):
            break
    protein_chains = [(chain, "".join(res)) for chain, res in chains.items() if len(res) >= MIN_LENGTH]
    if not protein_chains:
        reject_input(f"{source} 中没有可读取的蛋白质链（至少 {MIN_LENGTH} 个残基）")
    chain, seq = protein_chains[0]
    warnings = [f"{source} 含 {len(protein_chains)} 条蛋白链，只使用链 {chain}"] if len(protein_chains) > 1 else []
    return ProteinSequence(f"chain {chain}", _clean(seq, source), warnings)


def read_sequence(inp: InputFile) -> ProteinSequence:
    text = read_text(inp)
    if inp.ext == "pdb":
        result = _from_pdb(text, inp.name)
    elif text.lstrip().startswith(">"):
        result = _from_fasta(text, inp.name)
    else:
        result = ProteinSequence("", _clean(text, inp.name))
    result.name = result.name or inp.name.rsplit(".", 1)[0]
    return result


def first_protein(inputs: list[InputFile]) -> Optional[InputFile]:
    return inputs[0] if inputs else None
