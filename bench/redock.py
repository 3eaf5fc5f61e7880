#!/usr/bin/python3
"""Redocking benchmark on the shared Astex set (the ``redock`` dataset under ``YUNYAO_DATASETS``, default
../shared/datasets; see ``yunyao.datasets``): the platform's docking step against AutoDock Vina run by
hand, on the same complexes, in the same run.

    PYTHONPATH=python nice -n 10 /usr/bin/python3 bench/redock.py --json /tmp/redock.json

Arms (``--arms``, both by default):

- ``plain``: Vina 1.2.3 as a user runs it by hand (``bench/redock_plain.py``): Open Babel ``-p 7.4``
  preparation of ``protein.pdb`` (``-xr``) and of PoseBusters' ``ligand_start_conf.sdf``, a 22 Å cube
  on the crystal-ligand centroid.
- ``platform``: ``yunyao.protein_prep`` on ``protein.pdb`` (the hetero groups listed in index.csv kept,
  as PoseBusters kept cofactors) -> ligand as SMILES written from the crystal ``ligand.sdf`` (bond
  orders + stereo only; the crystal conformation is not used) -> one site from the platform's box
  rule (``yunyao.autodock.dock.box_around`` of the crystal ligand) -> ``yunyao.autodock --cpu 1``, whose poses are
  re-ranked (``yunyao.autodock.rerank``); the report also gives the same poses in Vina's own order.

Both: exhaustiveness 8, 9 poses, the same seed, one Vina process. Success: the top-1 pose's heavy-atom,
symmetry-aware RMSD to ligand.sdf (RDKit ``rdMolAlign.CalcRMS``, no re-alignment, bond orders assigned
from the crystal ligand) < 2 Å. Prepared receptors and finished dockings are kept under ``--work``
(the platform's in its checkpoint, keyed by receptor, ligand, box and seed), so a rerun only docks
what changed.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, "..", "python"))
sys.path.insert(0, PYTHON_DIR)
SUCCESS_RMSD = 2.0


def skeleton(mol):
    """The molecule's heavy atoms and connectivity only: no charges, single bonds, nothing aromatic."""
    from rdkit import Chem

    p = Chem.RWMol(Chem.RemoveHs(mol, sanitize=False))
    for a in p.GetAtoms():
        a.SetFormalCharge(0)
        a.SetNumExplicitHs(0)
        a.SetNoImplicit(False)
        a.SetIsAromatic(False)
    for b in p.GetBonds():
        b.SetBondType(Chem.BondType.SINGLE)
        b.SetIsAromatic(False)
    return p.GetMol()


def pose_mols_for_rmsd(poses_sdf: str, crystal_sdf: str) -> list:
    """Every pose of poses_sdf with the crystal ligand's bond orders (heavy atoms), ready for CalcRMS."""
    from rdkit import Chem
    from rdkit.Chem import AllChem

    ref = Chem.MolFromMolFile(crystal_sdf)
    # Unsanitised: Open Babel's poses of the pH-7.4 ligand can carry valences RDKit refuses;
    # only the connectivity is used, bond orders come from the crystal ligand.
    return [AllChem.AssignBondOrdersFromTemplate(ref, skeleton(m)) for m in Chem.SDMolSupplier(poses_sdf, sanitize=False, removeHs=False)]


def rmsd_poses(poses_sdf: str, crystal_sdf: str) -> list[float]:
    from rdkit import Chem
    from rdkit.Chem import rdMolAlign

    ref = Chem.MolFromMolFile(crystal_sdf)
    return [rdMolAlign.CalcRMS(p, ref) for p in pose_mols_for_rmsd(poses_sdf, crystal_sdf)]


def run_platform(item: dict, src: str, work: str, crystal, args: argparse.Namespace) -> dict:
    from rdkit import Chem

    from yunyao.autodock.dock import box_around

    os.makedirs(work, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": PYTHON_DIR}
    t0 = time.monotonic()
    prep = subprocess.run(
        [sys.executable, "-m", "yunyao.protein_prep", f"--input={src}/protein.pdb", "--name=protein.pdb",
         f"--keep-het={item['protein_hetero_groups'].replace(';', ',')}", "--log=prep.log",
         "--summary=prep_summary.json", "--rows=prep_rows.json", "--reuse-dir=prepared"],
        cwd=work, env=env, capture_output=True, text=True,
    )
    if prep.returncode != 0:
        raise RuntimeError("protein_prep: " + prep.stderr.strip()[-300:])
    t_prep = time.monotonic() - t0
    with open(os.path.join(work, "ligand.csv"), "w", encoding="utf-8") as fh:
        fh.write(f"name,smiles\n{item['dir']},{Chem.MolToSmiles(crystal)}\n")
    with open(os.path.join(work, "sites.json"), "w", encoding="utf-8") as fh:
        json.dump([{"id": "site", **box_around(crystal.GetConformer().GetPositions().tolist(), args.margin)}], fh)
    from yunyao.params import write_params

    write_params(work, "autodock", {"accuracy": args.exhaustiveness, "posture": args.poses, "filter": 50, "seed": args.seed, "keep_hetero": []})
    t0 = time.monotonic()
    res = subprocess.run(
        [sys.executable, "-m", "yunyao.autodock", "--receptor=protein.pdbqt", "--receptor-pdb=protein_prepared.pdb",
         '--ligands-json=[{"path": "ligand.csv", "name": "ligand.csv"}]', "--sites=sites.json", "--params=params.json",
         "--cpu=1", "--checkpoint-dir=checkpoint", "--progress=progress.json"],
        cwd=work, env=env, capture_output=True, text=True,
    )
    if res.returncode != 0:
        raise RuntimeError("dock: " + res.stderr.strip()[-300:])
    with open(os.path.join(work, "result.json"), encoding="utf-8") as fh:
        score = json.load(fh)[0]["score"][0]
    with open(os.path.join(work, "summary.json"), encoding="utf-8") as fh:
        summary = json.load(fh)
    rms = rmsd_poses(os.path.join(work, "poses.sdf"), os.path.join(src, "ligand.sdf"))
    # poses.sdf is in the platform's re-ranked order (yunyao.autodock.rerank); vina_rank is Vina's own.
    vina_rank = [m.GetIntProp("vina_rank") for m in Chem.SDMolSupplier(os.path.join(work, "poses.sdf"), sanitize=False)]
    return {"score": score, "rmsd_top1": rms[0], "rmsd_vina_top1": rms[vina_rank.index(1)], "rmsd_best": min(rms), "prep_s": round(t_prep, 1),
            "dock_s": round(time.monotonic() - t0, 1), "vina_s": summary["vinaSeconds"], "docked_now": summary["ranThisRun"] > 0}


def run_plain(src: str, work: str, crystal, args: argparse.Namespace) -> dict:
    from redock_plain import dock_plain, pose_sdf

    out, seconds = dock_plain(src, work, crystal, args.seed, args.exhaustiveness, args.poses)
    with open(out, encoding="utf-8") as fh:
        score = next(float(l.split()[3]) for l in fh if l.startswith("REMARK VINA RESULT:"))
    rms = rmsd_poses(pose_sdf(out), os.path.join(src, "ligand.sdf"))
    return {"score": score, "rmsd_top1": rms[0], "rmsd_best": min(rms), "vina_s": round(seconds, 1), "docked_now": seconds > 0}


def cell(r: dict | None) -> str:
    if r is None:
        return f"{'-':>22}"
    if "error" in r:
        return f"{'failed':>22}"
    return f"{r['score']:7.2f} {r['rmsd_top1']:6.2f} {r['rmsd_best']:6.2f} {'*' if r['rmsd_top1'] < SUCCESS_RMSD else ' '}"


def report(rows: list[dict], arms: list[str], args: argparse.Namespace) -> None:
    from yunyao.autodock.rerank import RANKING

    print()
    print(f"complexes: {len(rows)}, exhaustiveness {args.exhaustiveness}, poses {args.poses}, seed {args.seed}, platform margin {args.margin} Å")
    for arm in arms:
        done = [r[arm] for r in rows if arm in r]
        ok = [r for r in done if "error" not in r]
        hits = sum(1 for r in ok if r["rmsd_top1"] < SUCCESS_RMSD)
        best = sum(1 for r in ok if r["rmsd_best"] < SUCCESS_RMSD)
        name = "plain Vina (by hand)" if arm == "plain" else "platform (yunyao.autodock)"
        print(f"{name:24} top-1 RMSD < 2 Å: {hits}/{len(done)} = {100 * hits / max(len(done), 1):.1f} %   "
              f"best of poses: {best}/{len(done)}   median top-1 RMSD {statistics.median(r['rmsd_top1'] for r in ok) if ok else float('nan'):.2f} Å   "
              f"({len(done) - len(ok)} failed, counted as misses)")
        if arm == "platform":
            vina_hits = sum(1 for r in ok if r["rmsd_vina_top1"] < SUCCESS_RMSD)
            print(f"{'  same poses, Vina order':24} top-1 RMSD < 2 Å: {vina_hits}/{len(done)} = {100 * vina_hits / max(len(done), 1):.1f} %   "
                  f"(the platform re-ranks Vina's poses: {RANKING['method']}, {RANKING['version']})")
    if set(arms) == {"plain", "platform"}:
        both = [r for r in rows if "error" not in r.get("plain", {"error": 1}) and "error" not in r.get("platform", {"error": 1})]
        only = {arm: [r["pdb"] for r in both if (r[arm]["rmsd_top1"] < SUCCESS_RMSD) > (r[other]["rmsd_top1"] < SUCCESS_RMSD)]
                for arm, other in (("plain", "platform"), ("platform", "plain"))}
        print(f"only plain succeeds: {' '.join(only['plain']) or '-'};  only platform succeeds: {' '.join(only['platform']) or '-'}")
        own = [r["platform"]["dock_s"] - r["platform"]["vina_s"] for r in rows if r.get("platform", {}).get("docked_now")]
        if own:
            print(f"platform step's own time (process wall - Vina time, complexes docked in this run): median {statistics.median(own):.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=42)
    ap.add_argument("--skip", type=int, default=0, help="skip the first N complexes (alphabetical)")
    ap.add_argument("--only", default="", help="comma list of complexes (overrides --skip/--limit)")
    ap.add_argument("--arms", default="plain,platform")
    ap.add_argument("--exhaustiveness", type=int, default=8)
    ap.add_argument("--poses", type=int, default=9)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--margin", type=float, default=None, help="platform box margin per side (default: yunyao.autodock.dock.BOX_MARGIN)")
    ap.add_argument("--work", default="/tmp/yunyao-redock")
    ap.add_argument("--json", default=None, help="write per-complex results here")
    args = ap.parse_args()

    from rdkit import Chem

    from yunyao.datasets import dataset_path
    from yunyao.autodock.dock import BOX_MARGIN

    args.margin = BOX_MARGIN if args.margin is None else args.margin
    arms = [a for a in args.arms.split(",") if a]
    data = dataset_path("redock")
    with open(os.path.join(data, "index.csv"), encoding="utf-8") as fh:
        index = sorted(csv.DictReader(fh), key=lambda r: r["dir"])
    only = {d for d in args.only.split(",") if d}
    index = [r for r in index if r["dir"] in only] if only else index[args.skip : args.skip + args.limit]
    print(f"{'pdb':6} {'heavy':>5}  {'plain: score  rmsd1   best':>26}  {'platform: score rmsd1   best':>26}", flush=True)
    rows = []
    for item in index:
        d = item["dir"]
        src = os.path.join(data, d)
        crystal = Chem.MolFromMolFile(os.path.join(src, "ligand.sdf"))
        row: dict = {"pdb": d, "heavy": int(item["ligand_heavy_atoms"])}
        for arm in arms:
            work = os.path.join(args.work, arm, d)
            try:
                row[arm] = run_plain(src, work, crystal, args) if arm == "plain" else run_platform(item, src, work, crystal, args)
            except Exception as exc:  # one complex's failure is a miss, not the end of the benchmark
                row[arm] = {"error": str(exc)[-300:]}
        rows.append(row)
        print(f"{d:6} {row['heavy']:>5}   {cell(row.get('plain'))}     {cell(row.get('platform'))}", flush=True)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(rows, fh, indent=1)
    report(rows, arms, args)


if __name__ == "__main__":
    main()
