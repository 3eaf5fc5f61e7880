"""The protein sequence of a graph_dta task: one .fasta, .txt (plain sequence or FASTA) or .pdb upload.

A .pdb gives the sequence of its first protein chain, read from the ATOM/HETATM residues (not SEQRES,
which lists residues the structure may not contain). Every refusal names the problem in Chinese.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..amino_acids import STANDARD_THREE_TO_ONE
from ..common import InputFile, read_text, reject_input

# The 20 standard residues plus X (unknown), the alphabet of both training sets (Davis uses X).
AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWXY"
# Rare or ambiguous one-letter codes the network never saw: read as X rather than refused.
READ_AS_UNKNOWN = "BZUO"
MIN_LENGTH = 30
MAX_LENGTH = 5000

THREE_TO_ONE = {
    **STANDARD_THREE_TO_ONE,
    # protonation / modification variants written by common preparation tools
    "HID": "H", "HIE": "H", "HIP": "H", "HSD": "H", "HSE": "H", "HSP": "H", "CYX": "C", "CYM": "C",
    "ASH": "D", "GLH": "E", "LYN": "K", "MSE": "M", "SEP": "S", "TPO": "T", "PTR": "Y",
}


@dataclass
class ProteinSequence:
    name: str
    sequence: str
    warnings: list[str] = field(default_factory=list)


def clean_sequence(raw: str, file_name: str) -> str:
    """Upper-case, drop whitespace, digits and a terminal '*'; refuse any other letter with its position."""
    letters = [c for c in raw.upper() if not c.isspace() and not c.isdigit()]
    if letters and letters[-1] == "*":
        letters.pop()
    seq: list[str] = []
    for pos, c in enumerate(letters, start=1):
        if c in AMINO_ACIDS:
            seq.append(c)
        elif c in READ_AS_UNKNOWN:
            seq.append("X")
        else:
            reject_input("graph_dta.sequenceBadLetter", file=file_name, pos=pos, letter=c, letters=AMINO_ACIDS)
    if len(seq) < MIN_LENGTH:
        reject_input("graph_dta.sequenceTooShort", file=file_name, length=len(seq), min=MIN_LENGTH)
    if len(seq) > MAX_LENGTH:
        reject_input("graph_dta.sequenceTooLong", file=file_name, length=len(seq), max=MAX_LENGTH)
    return "".join(seq)


def fasta_records(text: str) -> list[tuple[str, str]]:
    """(header, sequence text) of each FASTA record; a text without '>' is one unnamed record."""
    records: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(";"):
            continue
        if s.startswith(">"):
            records.append((s[1:].strip(), []))
        elif records:
            records[-1][1].append(s)
        else:
            records.append(("", [s]))
    return [(head, "".join(lines)) for head, lines in records]


def sequence_from_fasta(text: str, file_name: str) -> ProteinSequence:
    records = [r for r in fasta_records(text) if r[1]]
    if not records:
        reject_input("graph_dta.noSequence", file=file_name)
    header, raw = records[0]
    warnings = []
    if len(records) > 1:
        extra = "、".join(h or "（无名）" for h, _ in records[1:4])
        more = "等" if len(records) > 4 else ""
        warnings.append(f"文件 {file_name} 含 {len(records)} 条序列，只使用第一条；忽略了 {extra}{more}")
    name = header.split()[0] if header else file_name
    return ProteinSequence(name, clean_sequence(raw, file_name), warnings)


def sequence_from_pdb(text: str, file_name: str) -> ProteinSequence:
    """Residues of the first chain that holds standard amino acids, in file order."""
    chain = None
    seen: set[tuple[str, str]] = set()
    residues: list[str] = []
    for line in text.splitlines():
        if line.startswith("ENDMDL") and residues:
            break  # first model only
        if not line.startswith(("ATOM  ", "HETATM")) or len(line) < 27:
            continue
        one = THREE_TO_ONE.get(line[17:20].strip().upper())
        if one is None:
            continue
        line_chain = line[21]
        if chain is None:
            chain = line_chain
        elif line_chain != chain:
            break
        key = (line[22:26], line[26])  # residue number + insertion code
        if key not in seen:
            seen.add(key)
            residues.append(one)
    if not residues:
        reject_input("graph_dta.noResidues", file=file_name)
    label = f"链 {chain.strip() or '（空）'}" if chain is not None else ""
    return ProteinSequence(f"{file_name} {label}".strip(), clean_sequence("".join(residues), file_name))


def read_protein(inp: InputFile) -> ProteinSequence:
    text = read_text(inp)
    if inp.ext == "pdb" or inp.ext == "ent":
        return sequence_from_pdb(text, inp.name)
    if inp.ext in ("fasta", "fa", "faa", "fas", "txt", "seq"):
        return sequence_from_fasta(text, inp.name)
    reject_input("graph_dta.proteinFileType", file=inp.name)
