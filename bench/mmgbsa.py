#!/usr/bin/python3
"""MM/GBSA benchmark on the p38 set of the OpenFF protein-ligand-benchmark (``fep-benchmark`` under
``YUNYAO_DATASETS``): computed ΔG_bind against experiment, wall time per ligand, and the runner's
overhead against the same OpenMM system stepped directly.

    PYTHONPATH=python nice -n 10 /usr/bin/python3 bench/mmgbsa.py --btime 0 --stime 0 --json /tmp/mmgbsa.json
    PYTHONPATH=python nice -n 10 /usr/bin/python3 bench/mmgbsa.py --overhead-steps 1000 --limit 1

``--pocket-a`` cuts the receptor to the residues within that many Å of any ligand of the series (short
gaps filled, lone residues dropped): a 2-core machine cannot afford the whole solvated kinase per
ligand. 0 keeps the whole protein. The ligands run through the platform's own command
(``python -m yunyao.dynamic``) as one .zip of .mol2 poses; ``--work`` keeps its checkpoints, so a rerun
only computes what is missing.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import subprocess
import sys
import time
import zipfile

import numpy as np
from scipy import stats

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, "..", "python"))
sys.path.insert(0, PYTHON_DIR)

from yunyao.datasets import dataset_path  # noqa: E402
from yunyao.params import write_params  # noqa: E402


def read_ligands(folder: str) -> list[tuple[str, str]]:
    """(name, MOL2 text) per ligand of ligands.sdf, in file order."""
    from openbabel import pybel

    return [(mol.title, mol.write("mol2")) for mol in pybel.readfile("sdf", os.path.join(folder, "ligands.sdf"))]


def experimental(folder: str) -> dict[str, float]:
    with open(os.path.join(folder, "ligands_exp.csv"), encoding="utf-8") as fh:
        return {row["name"]: float(row["dG_exp_kcal_mol"]) for row in csv.DictReader(fh)}


def pocket_pdb(folder: str, within_a: float, ligand_xyz: np.ndarray) -> str:
    with gzip.open(os.path.join(folder, "protein.pdb.gz"), "rt") as fh:
        lines = [l for l in fh.read().splitlines() if l.startswith(("ATOM", "HETATM"))]
    if within_a <= 0:
        return "\n".join(lines) + "\nEND\n"
    residues: dict[str, list[str]] = {}
    for line in lines:
        if line[17:20] != "HOH":
            residues.setdefault(line[21:27], []).append(line)
    keys = list(residues)
    near = []
    for i, key in enumerate(keys):
        xyz = np.array([[float(l[30:38]), float(l[38:46]), float(l[46:54])] for l in residues[key]])
        if np.min(np.linalg.norm(xyz[:, None] - ligand_xyz[None], axis=2)) < within_a:
            near.append(i)
    chosen = set(near)
    for a, b in zip(near, near[1:]):
        if b - a <= 4:  # fill gaps of up to 3 residues
            chosen.update(range(a, b))
    return "\n".join(l for i in sorted(chosen) for l in residues[keys[i]]) + "\nEND\n"


BOOTSTRAP = 2000  # resamples of the ligands for the 95 % intervals


def correlations(pairs: list[tuple[float, float]], seed: int = 42) -> dict:
    """Pearson, Spearman and Kendall with 95 % percentile-bootstrap intervals over the ligands (a
    series of ~30 leaves wide intervals: they are the point of reporting them), and the RMSE after
    removing the mean offset (MM/GBSA has no entropy term, so only the ranking is comparable)."""
    calc, exp = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    if len(pairs) < 3:
        return {"n": len(pairs)}
    measures = {"pearson": lambda a, b: stats.pearsonr(a, b)[0], "spearman": lambda a, b: stats.spearmanr(a, b)[0],
                "kendall": lambda a, b: stats.kendalltau(a, b)[0]}
    rng = np.random.default_rng(seed)
    draws = [rng.integers(0, len(pairs), len(pairs)) for _ in range(BOOTSTRAP)]
    draws = [d for d in draws if len(np.unique(calc[d])) > 2 and len(np.unique(exp[d])) > 2]
    offset = float(np.mean(exp - calc))
    out: dict = {"n": len(pairs)}
    for name, f in measures.items():
        boot = np.array([f(calc[d], exp[d]) for d in draws])
        out[name] = round(float(f(calc, exp)), 3)
        out[f"{name}_ci95"] = [round(float(np.nanpercentile(boot, 2.5)), 3), round(float(np.nanpercentile(boot, 97.5)), 3)]
    out["rmse_offset_corrected"] = round(float(np.sqrt(np.mean((calc + offset - exp) ** 2))), 3)
    return out


def run_series(args: argparse.Namespace, folder: str) -> dict:
    from openbabel import pybel

    os.makedirs(args.work, exist_ok=True)
    ligands = read_ligands(folder)
    if args.limit:
        ligands = ligands[:: -(-len(ligands) // args.limit)][: args.limit]  # spread over the series
    ligand_xyz = np.array([a.coords for m in pybel.readfile("sdf", os.path.join(folder, "ligands.sdf")) for a in m.atoms])
    with open(os.path.join(args.work, "protein.pdb"), "w", encoding="utf-8") as fh:
        fh.write(pocket_pdb(folder, args.pocket_a, ligand_xyz))
    with zipfile.ZipFile(os.path.join(args.work, "poses.zip"), "w") as archive:
        for name, mol2 in ligands:
            archive.writestr(f"{name}.mol2", mol2)
    write_params(args.work, "dynamic", {"btime": args.btime, "stime": args.stime, "seed": args.seed})
    cmd = [
        sys.executable, "-m", "yunyao.dynamic", "--protein=protein.pdb",
        '--ligands-json=[{"path": "poses.zip", "name": "poses.zip"}]', "--params=params.json",
        "--cpu=1", "--checkpoint-dir=checkpoint", "--progress=progress.json", "--out-dir=out",
        f"--padding-nm={args.padding_nm}",
        *([f"--snapshot-ps={args.snapshot_ps}"] if args.snapshot_ps else []),
    ]
    started = time.monotonic()
    subprocess.run(cmd, cwd=args.work, env={**os.environ, "PYTHONPATH": PYTHON_DIR}, check=True)
    wall = time.monotonic() - started
    with open(os.path.join(args.work, "out", "result.json"), encoding="utf-8") as fh:
        rows = json.load(fh)
    with open(os.path.join(args.work, "out", "summary.json"), encoding="utf-8") as fh:
        summary = json.load(fh)
    exp = experimental(folder)
    pairs = [(r["dG"], exp[r["ID"]]) for r in rows if r["dG"] is not None and r["ID"] in exp]
    per_ligand = {i: d["wallSeconds"] for i, d in summary["ligands"].items()}
    return {
        "settings": {"btimeNs": args.btime, "stimeNs": args.stime, "pocketA": args.pocket_a, "paddingNm": args.padding_nm, "seed": args.seed, "ligands": len(ligands)},
        "metrics": correlations(pairs),
        "wallSeconds": round(wall, 1),
        "wallPerLigandMedian": round(float(np.median(list(per_ligand.values()))), 1) if per_ligand else None,
        "atomsMedian": int(np.median([d["atoms"] for d in summary["ligands"].values()])),
        "rows": [{"ID": r["ID"], "dG": r["dG"], "dG_sem": r["dG_sem"], "exp": exp.get(r["ID"]), "error": r["error"]} for r in rows],
    }


def overhead(args: argparse.Namespace, folder: str) -> dict:
    """ns/day of the platform's runner (chunks, restraint updates, progress; scoring left out) against
    Simulation.step on an identical copy of the same system, both on one CPU thread."""
    import copy

    from openbabel import pybel
    import openmm
    from openmm import app, unit

    from yunyao.dynamic import system as build
    from yunyao.dynamic.ligand_params import parameterise
    from yunyao.dynamic.md import Plan, Runner, StopFlag, add_restraint, make_platform

    mol = next(pybel.readfile("sdf", os.path.join(folder, "ligands.sdf")))
    os.makedirs(args.work, exist_ok=True)
    receptor = os.path.join(args.work, "overhead_receptor.pdb")
    ligand_xyz = np.array([a.coords for a in mol.atoms])
    with open(receptor + ".in", "w", encoding="utf-8") as fh:
        fh.write(pocket_pdb(folder, args.pocket_a, ligand_xyz))
    with open(receptor + ".in", encoding="utf-8") as fh:
        build.prepare_receptor(fh.read(), "protein", args.seed, receptor)
    ligand = parameterise(mol)
    topology, positions = build.solvate(receptor, ligand, "NaCl", 0.15, args.seed, args.padding_nm)
    system = build.create_system(build.forcefield_for(ligand), topology, 4.0)
    xyz = np.array(positions.value_in_unit(unit.nanometer))
    add_restraint(system, xyz, [])
    direct_system = copy.deepcopy(system)
    steps = args.overhead_steps
    plan = Plan(equilibration_steps=0, production_steps=steps, snapshot_steps=steps, timestep_fs=4.0)
    os.makedirs(os.path.join(args.work, "overhead"), exist_ok=True)
    runner = Runner(os.path.join(args.work, "overhead"), topology, system, plan, args.seed, 1)
    runner.minimise(positions)
    started = time.monotonic()
    runner.run(StopFlag(), 300.0, lambda step, xyz: None, lambda step: None)
    runner_s = time.monotonic() - started
    integrator = openmm.LangevinMiddleIntegrator(300, 1.0, 0.004)
    integrator.setRandomNumberSeed(args.seed)
    platform, properties = make_platform(1)
    direct_system.addForce(openmm.MonteCarloBarostat(1.0, 300.0))
    simulation = app.Simulation(topology, direct_system, integrator, platform, properties)
    simulation.context.setState(runner.simulation.context.getState(getPositions=True, getVelocities=True))
    started = time.monotonic()
    simulation.step(steps)
    direct_s = time.monotonic() - started
    ns = steps * 4e-6
    return {
        "atoms": topology.getNumAtoms(),
        "steps": steps,
        "runnerNsPerDay": round(ns / runner_s * 86400, 3),
        "directNsPerDay": round(ns / direct_s * 86400, 3),
        "overheadPercent": round((runner_s / direct_s - 1) * 100, 1),
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--btime", type=float, default=0.0)
    p.add_argument("--stime", type=float, default=0.0)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--snapshot-ps", type=float, default=None, help="ps between scored snapshots (default: the module's, 100 over production)")
    p.add_argument("--limit", type=int, default=0, help="N ligands spread over the series (0: all 29)")
    p.add_argument("--pocket-a", type=float, default=8.0)
    p.add_argument("--padding-nm", type=float, default=1.0)
    p.add_argument("--overhead-steps", type=int, default=0, help="measure the runner's overhead instead of the series")
    p.add_argument("--work", default="/tmp/yunyao-bench-mmgbsa")
    p.add_argument("--json", default=None)
    args = p.parse_args()
    folder = os.path.join(dataset_path("fep-benchmark"), "p38")
    report = overhead(args, folder) if args.overhead_steps else run_series(args, folder)
    text = json.dumps(report, indent=1, ensure_ascii=False)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")


if __name__ == "__main__":
    main()
