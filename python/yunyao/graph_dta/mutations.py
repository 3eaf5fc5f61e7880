"""Davis's mutant kinase constructs, written into their sequences.

Davis names its mutants ``ABL1(T315I)``, ``EGFR(L858RT790M)``, ``KIT(V559D-T670I)``,
``EGFR(E746A750del)`` (``…p`` = phosphorylated), but DeepDTA's release gives every variant the
wild-type sequence, so a network trained on it cannot tell imatinib on ABL1 (Kd 1 nM) from imatinib on
ABL1(T315I) (10 µM): the only difference is a name it never reads. Here each named substitution or
deletion is applied to the construct's sequence before training.

Numbering: the names use each gene's canonical (UniProt isoform 1) numbering, which most sequences
share (EGFR, KIT, FLT3, BRAF); ABL1 (isoform 1b, +37 here) and PIK3CA (+1) are shifted. A gene's offset
is the one shift under which every wild-type residue its mutants name is where the names say: 0 when
that holds unshifted, else the single shift within ``MAX_SHIFT`` that fits at least
``MIN_POSITIONS_FOR_SHIFT`` distinct named positions (fewer could fit by chance). Genes that fit
neither (RET, FGFR3: kinase-domain fragments with a wild-type residue or two named) keep the wild-type
sequence and are reported, as are mutations past the network's 1,200 read residues (LRRK2 G2019S, MET).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_SHIFT = 100
MIN_POSITIONS_FOR_SHIFT = 3
_NAME = re.compile(r"^(?P<gene>[A-Za-z0-9]+)\((?P<body>[^)]*)\)p?$")
_DELETION = re.compile(r"([A-Z])(\d+)([A-Z])(\d+)del")
_SUBSTITUTION = re.compile(r"([A-Z])(\d+)([A-Z])")


@dataclass(frozen=True)
class Change:
    """Residues ``first``..``last`` (1-based, the gene's numbering) become ``replacement``:
    one residue for a substitution, empty for a deletion. ``expected`` names the wild-type ends."""

    first: int
    last: int
    replacement: str
    expected: tuple[tuple[int, str], ...]


@dataclass
class MutationReport:
    applied: dict[str, str] = field(default_factory=dict)  # construct name -> its changes
    not_applied: dict[str, str] = field(default_factory=dict)  # construct name -> why


def parse_changes(name: str) -> tuple[str, list[Change]] | None:
    """The gene and the changes a construct name spells out; None for a name without any."""
    match = _NAME.match(name)
    if not match:
        return None
    body = match.group("body")
    changes = [Change(int(a_pos), int(b_pos), "", ((int(a_pos), a), (int(b_pos), b))) for a, a_pos, b, b_pos in _DELETION.findall(body)]
    for wild, position, mutant in _SUBSTITUTION.findall(_DELETION.sub("", body)):
        changes.append(Change(int(position), int(position), mutant, ((int(position), wild),)))
    return (match.group("gene"), changes) if changes else None


def gene_offset(sequence: str, named: dict[int, str]) -> int | None:
    def fits(shift: int) -> bool:
        return all(0 <= p - 1 + shift < len(sequence) and sequence[p - 1 + shift] == aa for p, aa in named.items())

    if fits(0):
        return 0
    if len(named) < MIN_POSITIONS_FOR_SHIFT:
        return None
    shifts = [s for s in range(-MAX_SHIFT, MAX_SHIFT + 1) if s and fits(s)]
    return shifts[0] if len(shifts) == 1 else None


def apply_named_mutations(names: list[str], sequences: list[str], read_length: int) -> tuple[list[str], MutationReport]:
    """The sequences with each construct's named changes applied (same order), and what was done."""
    parsed = {i: parse_changes(n) for i, n in enumerate(names)}
    named_by_gene: dict[str, dict[int, str]] = {}
    for result in parsed.values():
        if result:
            for change in result[1]:
                named_by_gene.setdefault(result[0], {}).update(dict(change.expected))
    report = MutationReport()
    out = list(sequences)
    for i, result in parsed.items():
        if not result:
            continue
        gene, changes = result
        shift = gene_offset(sequences[i], named_by_gene[gene])
        if shift is None:
            report.not_applied[names[i]] = "named wild-type residues not found in the sequence"
            continue
        residues = list(sequences[i])
        for change in sorted(changes, key=lambda c: -c.first):  # from the end, so deletions keep earlier positions
            residues[change.first - 1 + shift : change.last + shift] = list(change.replacement)
        out[i] = "".join(residues)
        spelled = name_changes(names[i])
        if min(c.first for c in changes) + shift > read_length:
            report.not_applied[names[i]] = f"{spelled} lies past the {read_length} residues the network reads"
        else:
            report.applied[names[i]] = spelled + (f" (construct numbering {shift:+d})" if shift else "")
    return out, report


def name_changes(name: str) -> str:
    match = _NAME.match(name)
    return match.group("body") if match else name
