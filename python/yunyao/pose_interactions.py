"""Protein–ligand interactions of docked poses: PLIP per pose, contact residues for every pose.

PLIP reads one complex PDB per pose: the prepared receptor plus the pose's heavy atoms with
CONECT records carrying its bond orders.  PLIP adds the polar hydrogens it is missing itself
(its default): with ``--nohydro`` on RDKit-placed ligand hydrogens it missed the hinge hydrogen
bond of the Aurora A test pose (N–H···N 3.8 Å, 171°), so its own, tested, placement is used.  PLIP costs about a
second per pose (docs/models/docking.md), two thirds of it its start-up, so one process analyses a
share of the poses, and it runs for the best rows only; contact residues
are a distance search and are listed for every kept pose.  A PLIP failure is recorded per pose
and never fails the docking task.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Sequence

import numpy as np

from .common import one_line, write_json
from .plip_report import PlipReportError, plip_version, read_report

# Rows (best first) whose every pose PLIP analyses; the rest get contact residues only.
PLIP_ROWS = 10
PLIP_TIMEOUT_S = 120
INTERACTIONS_FILE = "interactions.json"
CONTACT_CUTOFF = 4.0
LIGAND_RESIDUE = "LIG"
# PLIP names a residue without a chain identifier as chain A; contact residues follow it.
BLANK_CHAIN = "A"


def read_receptor(path: str) -> tuple[list[str], np.ndarray, list[str]]:
    """Atom lines of the receptor PDB, and its heavy atoms' coordinates and residue labels."""
    lines: list[str] = []
    coords: list[tuple[float, float, float]] = []
    labels: list[str] = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if not line.startswith(("ATOM", "HETATM")):
                continue
            lines.append(line.rstrip("\n"))
            element = line[76:78].strip() or line[12:14].strip()
            if element.upper() == "H" or line[17:20] == "HOH":
                continue
            coords.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
            labels.append(f"{line[21].strip() or BLANK_CHAIN}:{line[17:20].strip()}{line[22:26].strip()}")
    return lines, np.array(coords, dtype=float).reshape(-1, 3), labels


def contact_residues(receptor_xyz: np.ndarray, labels: Sequence[str], pose) -> list[dict]:
    """Residues with a heavy atom within 4 Å of a pose heavy atom, closest first."""
    conf = pose.GetConformer()
    lig = np.array([list(conf.GetAtomPosition(a.GetIdx())) for a in pose.GetAtoms() if a.GetAtomicNum() > 1])
    if not len(lig) or not len(receptor_xyz):
        return []
    nearest = np.sqrt(((receptor_xyz[:, None, :] - lig[None, :, :]) ** 2).sum(axis=2)).min(axis=1)
    closest: dict[str, float] = {}
    for i in np.nonzero(nearest <= CONTACT_CUTOFF)[0]:
        label = labels[i]
        closest[label] = min(closest.get(label, 99.0), float(nearest[i]))
    return [{"residue": r, "distance": round(d, 2)} for r, d in sorted(closest.items(), key=lambda kv: kv[1])]


def complex_pdb(receptor_lines: Sequence[str], pose) -> tuple[str, int]:
    """Receptor + pose (heavy atoms, CONECT) as one PDB, and PLIP's index of the pose's first atom.

    PLIP numbers atoms after dropping hydrogens, so the pose's first atom is the one after the
    receptor's heavy atoms (tested against the report's coordinates).
    """
    from rdkit import Chem

    ligand = Chem.RemoveHs(pose)
    # Serials renumbered 1..n so the ligand's follow on without a gap.
    out = [l[:6] + f"{i % 100000:>5}" + l[11:] for i, l in enumerate(receptor_lines, start=1)]
    first = len(receptor_lines) + 1
    conf = ligand.GetConformer()
    for atom in ligand.GetAtoms():
        p = conf.GetAtomPosition(atom.GetIdx())
        name = f"{atom.GetSymbol()}{atom.GetIdx() + 1}"[:4]
        out.append(f"HETATM{first + atom.GetIdx():>5} {name:<4} {LIGAND_RESIDUE} L   1    {p.x:8.3f}{p.y:8.3f}{p.z:8.3f}  1.00  0.00          {atom.GetSymbol().upper():>2}")
    # CONECT gives Open Babel (inside PLIP) the pose's own connectivity instead of a guess from distances.
    for atom in ligand.GetAtoms():
        partners = [first + n.GetIdx() for n in atom.GetNeighbors()]
        for start in range(0, len(partners), 4):
            out.append(f"CONECT{first + atom.GetIdx():>5}" + "".join(f"{n:>5}" for n in partners[start:start + 4]))
    receptor_heavy = sum(1 for l in receptor_lines if (l[76:78].strip() or l[12:14].strip()).upper() != "H")
    return "\n".join(out + ["END"]) + "\n", receptor_heavy + 1


def _report(xml_text: str, first_serial: int, seconds: float) -> dict:
    try:
        interactions = read_report(xml_text, LIGAND_RESIDUE, first_serial)
    except PlipReportError as exc:
        return {"error": str(exc)}
    return {"interactions": interactions, "seconds": round(seconds, 3), "version": plip_version(xml_text)}


def run_plip(pdb_text: str, first_serial: int) -> dict:
    """PLIP on one complex: ``{interactions, seconds}`` or ``{error}`` (a reason in Chinese)."""
    plip = shutil.which("plipcmd")
    if plip is None:
        return {"error": "未安装 PLIP（plipcmd），未分析相互作用"}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="plip-") as tmp:
        path = os.path.join(tmp, "complex.pdb")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(pdb_text)
        try:
            proc = subprocess.run(
                [plip, "-f", path, "-x", "-O", "--nofixfile", "--maxthreads", "1", "-s"],
                cwd=tmp, capture_output=True, text=True, timeout=PLIP_TIMEOUT_S,
            )
        except subprocess.TimeoutExpired:
            return {"error": f"PLIP 超过 {PLIP_TIMEOUT_S} 秒未完成"}
    if proc.returncode != 0:
        return {"error": f"PLIP 运行失败：{one_line(proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else proc.returncode, 200)}"}
    return _report(proc.stdout, first_serial, time.monotonic() - started)


def run_plip_batch(complexes: Sequence[tuple[str, int]]) -> list[dict]:
    """PLIP on several complexes in one ``plipcmd`` process, as ``run_plip`` gives each.

    Why: starting PLIP (Python, Open Babel, its modules) costs about 0.6 s, two thirds of a pose's
    analysis. ``plipcmd -f a.pdb b.pdb …`` analyses each file as it would alone and writes
    ``<out>/<file stem>/report.xml``. A batch that fails or runs out of time is run again one complex
    per process, so a failure stays that pose's own.
    """
    if len(complexes) < 2:
        return [run_plip(*c) for c in complexes]
    plip = shutil.which("plipcmd")
    if plip is None:
        return [run_plip(*c) for c in complexes]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="plip-") as tmp:
        # Relative names without dots: plipcmd names each report's folder after the file's stem.
        names = [f"complex{i}" for i in range(len(complexes))]
        for name, (pdb_text, _) in zip(names, complexes):
            with open(os.path.join(tmp, f"{name}.pdb"), "w", encoding="utf-8") as fh:
                fh.write(pdb_text)
        try:
            proc = subprocess.run(
                [plip, "-f", *(f"{n}.pdb" for n in names), "-x", "--out", tmp, "--nofixfile", "--maxthreads", "1", "-s"],
                cwd=tmp, capture_output=True, text=True, timeout=PLIP_TIMEOUT_S * len(complexes),
            )
            reports = [os.path.join(tmp, n, "report.xml") for n in names]
            done = proc.returncode == 0 and all(os.path.isfile(r) for r in reports)
        except subprocess.TimeoutExpired:
            done = False
        if not done:
            return [run_plip(*c) for c in complexes]
        per_pose = (time.monotonic() - started) / len(complexes)
        out = []
        for report, (_, first_serial) in zip(reports, complexes):
            with open(report, encoding="utf-8") as fh:
                out.append(_report(fh.read(), first_serial, per_pose))
        return out


def write_interactions(receptor_pdb: str, poses: Sequence[tuple[str, int, object]], cpu: int, path: str) -> dict:
    """``interactions.json`` for ``[(row ID, rank, pose)]`` (rows best first); returns its summary."""
    lines, xyz, labels = read_receptor(receptor_pdb)
    row_order = list(dict.fromkeys(row_id for row_id, _, _ in poses))
    analysed_rows = set(row_order[:PLIP_ROWS])

    records: list[dict] = [{"id": row_id, "rank": rank, "contacts": contact_residues(xyz, labels, pose)} for row_id, rank, pose in poses]
    analysed = [i for i, (row_id, _, _) in enumerate(poses) if row_id in analysed_rows]
    # One PLIP process per core, each taking an equal share of the analysed poses.
    shares = [analysed[k::max(1, cpu)] for k in range(max(1, cpu))]
    with ThreadPoolExecutor(max_workers=max(1, cpu), thread_name_prefix="plip") as pool:
        results = list(pool.map(lambda share: run_plip_batch([complex_pdb(lines, poses[i][2]) for i in share]), shares))
    for share, reports in zip(shares, results):
        for i, report in zip(share, reports):
            records[i].update(report)
    timed = [r["seconds"] for r in records if "seconds" in r]
    failures = [r["error"] for r in records if "error" in r]
    summary = {
        "engine": "PLIP",
        "version": next((r["version"] for r in records if r.get("version")), ""),
        "rowsAnalysed": len(analysed_rows),
        "posesAnalysed": len(timed),
        "failures": len(failures),
        "firstFailure": failures[0] if failures else "",
        "secondsPerPose": round(sum(timed) / len(timed), 3) if timed else None,
        "contactCutoff": CONTACT_CUTOFF,
    }
    for r in records:
        r.pop("seconds", None)
        r.pop("version", None)
    write_json(path, {"summary": summary, "poses": records})
    return summary


def best_pose_contacts(path: str) -> dict[str, list[str]]:
    """Contact residues of each row's best pose, for the result table and ``scores.csv``."""
    with open(path, encoding="utf-8") as fh:
        records = json.load(fh)["poses"]
    return {r["id"]: [c["residue"] for c in r["contacts"]] for r in records if r["rank"] == 1}
