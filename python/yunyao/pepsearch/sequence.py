"""The peptide sequence the user typed: checked here as well as in the form, since the CLI may be run
on its own; every refusal is a Chinese message naming what is wrong."""

from __future__ import annotations

from ..amino_acids import STANDARD_THREE_TO_ONE
from ..common import reject_input

MIN_LENGTH = 2
MAX_LENGTH = 50

# Residue names PDBFixer and Amber know; His goes in as HIS and PDBFixer picks its neutral form at pH 7.
RESIDUE_NAMES = {one: three for three, one in STANDARD_THREE_TO_ONE.items()}


def clean_sequence(raw: str) -> str:
    """Upper-case and without whitespace, so 'gyd pet' and 'GYDPET' are the same peptide."""
    return "".join(raw.split()).upper()


def check_sequence(raw: str) -> str:
    """The cleaned sequence, or an input refusal naming the bad letters (1-based positions) or the length."""
    sequence = clean_sequence(raw)
    if not sequence:
        reject_input("peptide sequence cannot be empty! 多肽序列不能为空！")
    bad = [(pos, letter) for pos, letter in enumerate(sequence, start=1) if letter not in RESIDUE_NAMES]
    if bad:
        shown = "、".join(f"第 {pos} 位 '{letter}'" for pos, letter in bad[:10])
        more = f" 等 {len(bad)} 处" if len(bad) > 10 else ""
        reject_input(f"多肽序列含有非标准氨基酸字母：{shown}{more}；只允许 20 种标准氨基酸的单字母代码 (ACDEFGHIKLMNPQRSTVWY)")
    if not MIN_LENGTH <= len(sequence) <= MAX_LENGTH:
        reject_input(f"多肽序列长度为 {len(sequence)}，应在 {MIN_LENGTH}–{MAX_LENGTH} 个残基之间")
    return sequence
