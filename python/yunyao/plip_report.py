"""Reads a PLIP XML report (``plipcmd -x``) into the platform's interaction records.

PLIP (Adasme et al., Nucleic Acids Res. 49:W530, 2021) reports every binding site it finds;
docking asks only about the docked ligand (residue ``LIG``, see ``pose_interactions``), so the
other sites (capping groups, cofactors) are skipped.  Each record keeps what a chemist reads
(type, residue, distance, the ligand atoms involved) and the two end points the 3D view draws.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Optional

# XML element -> (interaction type, distance field, ligand-atom fields, ligand end, protein end).
# The ligand atom fields name complex-PDB serials; the end points are PLIP's own coordinates
# (ring centres for π-stacking, charge centres for salt bridges).
INTERACTION_TAGS: dict[str, tuple[str, str, tuple[str, ...], str, str]] = {
    "hydrophobic_interaction": ("hydrophobic", "dist", ("ligcarbonidx",), "ligcoo", "protcoo"),
    "hydrogen_bond": ("hbond", "dist_d-a", ("donoridx", "acceptoridx"), "ligcoo", "protcoo"),
    "water_bridge": ("waterbridge", "dist_a-w", ("donor_idx", "acceptor_idx"), "ligcoo", "watercoo"),
    "salt_bridge": ("saltbridge", "dist", ("lig_idx_list",), "ligcoo", "protcoo"),
    "pi_stack": ("pistacking", "centdist", ("lig_idx_list",), "ligcoo", "protcoo"),
    "pi_cation_interaction": ("pication", "dist", ("lig_idx_list",), "ligcoo", "protcoo"),
    "halogen_bond": ("halogen", "dist", ("donoridx",), "ligcoo", "protcoo"),
    "metal_complex": ("metal", "dist", ("target_idx",), "targetcoo", "metalcoo"),
}


class PlipReportError(Exception):
    """The report cannot be read (a reason in Chinese)."""


def _text(el: ET.Element, tag: str) -> str:
    child = el.find(tag)
    return (child.text or "").strip() if child is not None else ""


def _point(el: ET.Element, tag: str) -> Optional[list[float]]:
    child = el.find(tag)
    if child is None:
        return None
    try:
        return [round(float(_text(child, axis)), 3) for axis in ("x", "y", "z")]
    except ValueError:
        return None


def _serials(el: ET.Element, tags: tuple[str, ...]) -> list[int]:
    """Atom serials from plain fields or ``<idx>`` lists (a water bridge's donor may be the protein's)."""
    out: list[int] = []
    for tag in tags:
        child = el.find(tag)
        if child is None:
            continue
        values = [i.text or "" for i in child.findall("idx")] or [child.text or ""]
        out.extend(int(v) for v in values if v.strip().isdigit())
    return out


def _detail(tag: str, el: ET.Element) -> str:
    """The one fact that tells two interactions of a type apart (who donates, which stacking)."""
    if tag in ("hydrogen_bond", "water_bridge"):
        return "protein_donor" if _text(el, "protisdon") == "True" else "ligand_donor"
    if tag == "pi_stack":
        return {"P": "parallel", "T": "t_shaped"}.get(_text(el, "type"), "")
    if tag == "salt_bridge":
        return "protein_positive" if _text(el, "protispos") == "True" else "protein_negative"
    return ""


def read_report(xml_text: str, hetid: str = "LIG", ligand_first_serial: int = 1) -> list[dict]:
    """Interactions of the ``hetid`` binding site, ligand atoms numbered from 1 within the ligand.

    ``ligand_first_serial`` is PLIP's index of the ligand's first atom, so a ligand atom reads
    as its number in the pose's SDF record.
    """
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as exc:
        raise PlipReportError(f"PLIP 报告不是合法的 XML（{exc}）") from exc
    site = next((bs for bs in root.iter("bindingsite") if _text(bs, "identifiers/hetid") == hetid), None)
    if site is None:
        return []
    records: list[dict] = []
    for tag, (kind, dist_field, atom_fields, lig_end, prot_end) in INTERACTION_TAGS.items():
        for el in site.iter(tag):
            distance = _text(el, dist_field)
            first = ligand_first_serial
            records.append({
                "type": kind,
                "residue": f"{_text(el, 'reschain')}:{_text(el, 'restype')}{_text(el, 'resnr')}",
                "distance": float(distance) if distance else None,
                "ligandAtoms": sorted({s - first + 1 for s in _serials(el, atom_fields) if s >= first}),
                "detail": _detail(tag, el),
                "ligand": _point(el, lig_end),
                "protein": _point(el, prot_end),
            })
    return records


def plip_version(xml_text: str) -> str:
    try:
        return _text(ET.fromstring(xml_text), "plipversion")
    except ET.ParseError:
        return ""
