"""The binding site a user gives, as one box: a predicted pocket (docking's sites.json), or a file of site
atoms or points (.pdb pocket, .mol2 ligand or site points, .csv/.txt box or points)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..common import InputFile, read_text, reject_input
from ..autodock.dock import box_around, load_sites

SITE_EXTS = {"pdb", "mol2", "csv", "txt"}
BOX_COLUMNS = ("center_x", "center_y", "center_z", "size_x", "size_y", "size_z")
# The smallest box edge: a drug-sized ligand needs room to be docked (as docking's pocket boxes).
MIN_EDGE = 16.0


@dataclass
class Box:
    name: str
    center: list[float]
    size: list[float]

    def contains(self, point: tuple[float, float, float]) -> bool:
        return all(abs(point[i] - self.center[i]) <= self.size[i] / 2 for i in range(3))

    def as_site(self) -> dict:
        return {"id": self.name, "center": self.center, "size": self.size}


def _around(points: list[tuple[float, float, float]], name: str, source: str) -> Box:
    if not points:
        reject_input("sign.siteNoCoordinates", file=source)
    box = box_around(points)
    return Box(name, box["center"], [max(MIN_EDGE, s) for s in box["size"]])


def _pdb_points(text: str) -> list[tuple[float, float, float]]:
    points = []
    for line in text.splitlines():
        if line.startswith(("ATOM", "HETATM")):
            try:
                points.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
            except ValueError:
                continue
    return points


def _mol2_points(text: str, source: str) -> list[tuple[float, float, float]]:
    points, inside = [], False
    for line in text.splitlines():
        if line.startswith("@<TRIPOS>"):
            inside = line.strip() == "@<TRIPOS>ATOM"
            continue
        parts = line.split()
        if inside and len(parts) >= 5:
            try:
                points.append((float(parts[2]), float(parts[3]), float(parts[4])))
            except ValueError:
                reject_input("sign.siteAtomUnreadable", file=source, line=line.strip()[:60])
    return points


def _table_box(text: str, source: str, name: str) -> Box:
    """A header row with the six box columns, or rows of three coordinates (x, y, z)."""
    dialect = "\t" if "\t" in text.split("\n", 1)[0] else ","
    rows = [[c.strip() for c in row] for row in csv.reader(io.StringIO(text), delimiter=dialect) if any(c.strip() for c in row)]
    if not rows:
        reject_input("sign.siteEmpty", file=source)
    header = [c.lower() for c in rows[0]]
    try:
        if all(col in header for col in BOX_COLUMNS):
            values = [float(rows[1][header.index(col)]) for col in BOX_COLUMNS]
            if any(s <= 0 or s > 126 for s in values[3:]):
                reject_input("sign.siteBoxSize", file=source)
            return Box(name, values[:3], values[3:])
        body = rows[1:] if any(not _is_number(c) for c in rows[0]) else rows
        return _around([(float(r[0]), float(r[1]), float(r[2])) for r in body], name, source)
    except (ValueError, IndexError):
        reject_input("sign.siteMalformed", file=source, columns=",".join(BOX_COLUMNS))


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def site_from_file(inp: InputFile) -> Box:
    if inp.ext not in SITE_EXTS:
        reject_input("sign.siteTypeUnsupported", file=inp.name)
    text = read_text(inp)
    name = inp.stem or "site"
    if inp.ext == "pdb":
        return _around(_pdb_points(text), name, inp.name)
    if inp.ext == "mol2":
        return _around(_mol2_points(text, inp.name), name, inp.name)
    return _table_box(text, inp.name, name)


def site_from_json(path: str) -> Box:
    """The first predicted pocket of docking's sites.json (a sign task scores in one site)."""
    site = load_sites(path)[0]
    return Box(site.id, site.center, site.size)
