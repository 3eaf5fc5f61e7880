#!/usr/bin/python3
"""Redocking benchmark for ``yunyao.dock`` on the shared Astex set (the ``redock`` dataset under
``YUNYAO_DATASETS``, default ../shared/datasets; see ``yunyao.datasets``).

    PYTHONPATH=python /usr/bin/python3 bench/redock.py --limit 20 --exhaustiveness 8

Per complex: ``yunyao.protein_prep`` on protein.pdb (the hetero groups listed in index.csv kept,
as PoseBusters kept cofactors) -> ligand as SMILES written from the crystal ``ligand.sdf``
(bond orders + stereo only; the crystal conformation is not used) -> one site = the platform box
rule (crystal-ligand extent + 5 Å per side, ``yunyao.dock.box_around``) -> ``yunyao.dock --cpu 1``.
Success: the top-1 pose's heavy-atom, symmetry-aware RMSD to ligand.sdf (RDKit
``rdMolAlign.CalcRMS``, no re-alignment, bond orders assigned from the crystal ligand after
clearing charges / H counts of the pH-7.4 pose) < 2 Å.

Overhead: the exact Vina command each job ran (same prepared ligand, same seed) is run again
directly and timed; overhead = (wall time of the whole ``python -m yunyao.dock`` process -
direct Vina time) / direct Vina time.
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
PYTHON_DIR = os.path.join(HERE, "..", "python")
sys.path.insert(0, PYTHON_DIR)


def rmsd_top(poses_sdf: str, crystal_sdf: str) -> list[float]:
    from rdkit import Chem
    from rdkit.Chem import AllChem, rdMolAlign

    ref = Chem.MolFromMolFile(crystal_sdf)
    out = []
    for m in Chem.SDMolSupplier(poses_sdf):
        p = Chem.RWMol(Chem.RemoveHs(m))
        for a in p.GetAtoms():
            a.SetFormalCharge(0)
            a.SetNumExplicitHs(0)
            a.SetNoImplicit(False)
            a.SetIsAromatic(False)
        for b in p.GetBonds():
            b.SetBondType(Chem.BondType.SINGLE)
            b.SetIsAromatic(False)
        p = AllChem.AssignBondOrdersFromTemplate(ref, p.GetMol())
        out.append(rdMolAlign.CalcRMS(p, ref))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=42)
    ap.add_argument("--skip", type=int, default=0, help="skip the first N complexes (alphabetical)")
    ap.add_argument("--exhaustiveness", type=int, default=8)
    ap.add_argument("--poses", type=int, default=9)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--margin", type=float, default=5.0)
    ap.add_argument("--work", default="/tmp/yunyao-redock")
    ap.add_argument("--json", default=None, help="write per-complex results here")
    ap.add_argument("--no-overhead", action="store_true", help="do not re-run Vina directly")
    args = ap.parse_args()

    from rdkit import Chem

    from yunyao.datasets import dataset_path
    from yunyao.dock import box_around

    data = dataset_path("redock")
    with open(os.path.join(data, "index.csv"), encoding="utf-8") as fh:
        index = sorted(csv.DictReader(fh), key=lambda r: r["dir"])
    index = index[args.skip : args.skip + args.limit]
    env = {**os.environ, "PYTHONPATH": os.path.abspath(PYTHON_DIR)}
    rows = []
    print(f"{'pdb':6} {'heavy':>5} {'tors':>4} {'score':>7} {'rmsd1':>6} {'best':>6} {'dock_s':>7} {'vina_s':>7} {'ovh%':>6} {'own_s':>6}", flush=True)
    for item in index:
        d = item["dir"]
        work = os.path.join(args.work, d)
        os.makedirs(work, exist_ok=True)
        src = os.path.join(data, d)
        t0 = time.monotonic()
        prep = subprocess.run(
            [sys.executable, "-m", "yunyao.protein_prep", f"--input={src}/protein.pdb", "--name=protein.pdb",
             f"--keep-het={item['protein_hetero_groups'].replace(';', ',')}", "--log=prep.log",
             "--summary=prep_summary.json", "--rows=prep_rows.json"],
            cwd=work, env=env, capture_output=True, text=True,
        )
        t_prep = time.monotonic() - t0
        if prep.returncode != 0:
            print(f"{d:6} protein_prep failed: {prep.stderr.strip()[-300:]}", flush=True)
            rows.append({"pdb": d, "error": "protein_prep: " + prep.stderr.strip()[-300:]})
            continue
        crystal = Chem.MolFromMolFile(os.path.join(src, "ligand.sdf"))
        smiles = Chem.MolToSmiles(crystal)
        with open(os.path.join(work, "ligand.csv"), "w", encoding="utf-8") as fh:
            fh.write(f"name,smiles\n{d},{smiles}\n")
        with open(os.path.join(work, "sites.json"), "w", encoding="utf-8") as fh:
            json.dump([{"id": "site", **box_around(crystal.GetConformer().GetPositions().tolist(), args.margin)}], fh)
        for sub in ("checkpoint",):
            subprocess.run(["rm", "-rf", os.path.join(work, sub)])
        t0 = time.monotonic()
        res = subprocess.run(
            [sys.executable, "-m", "yunyao.dock", "--receptor=protein.pdbqt", "--receptor-pdb=protein_prepared.pdb",
             '--ligands-json=[{"path": "ligand.csv", "name": "ligand.csv"}]', "--sites=sites.json",
             f"--exhaustiveness={args.exhaustiveness}", f"--poses={args.poses}", "--keep=50", f"--seed={args.seed}",
             "--cpu=1", "--checkpoint-dir=checkpoint", "--progress=progress.json"],
            cwd=work, env=env, capture_output=True, text=True,
        )
        t_dock = time.monotonic() - t0
        if res.returncode != 0:
            print(f"{d:6} dock failed: {res.stderr.strip()[-300:]}", flush=True)
            rows.append({"pdb": d, "error": "dock: " + res.stderr.strip()[-300:], "dock_s": t_dock})
            continue
        with open(os.path.join(work, "result.json"), encoding="utf-8") as fh:
            result = json.load(fh)
        with open(os.path.join(work, "summary.json"), encoding="utf-8") as fh:
            summary = json.load(fh)
        rms = rmsd_top(os.path.join(work, "poses.sdf"), os.path.join(src, "ligand.sdf"))
        t_vina = None
        same = None
        if not args.no_overhead:
            key = next(iter(summary["seeds"]))
            with open(os.path.join(work, "checkpoint", key + ".json"), encoding="utf-8") as fh:
                cmd = json.load(fh)["command"]
            cmd[cmd.index("--out") + 1] = "direct_out.pdbqt"
            t0 = time.monotonic()
            subprocess.run(cmd, cwd=work, capture_output=True, text=True)
            t_vina = time.monotonic() - t0
            with open(os.path.join(work, "direct_out.pdbqt"), encoding="utf-8") as fh:
                direct = [float(l.split()[3]) for l in fh if l.startswith("REMARK VINA RESULT:")]
            same = direct == result[0]["score"]
        lig_prep = json.load(open(os.path.join(work, "checkpoint", "ligands", os.listdir(os.path.join(work, "checkpoint", "ligands"))[0].split(".")[0] + ".json")))
        row = {
            "pdb": d, "heavy": int(item["ligand_heavy_atoms"]), "torsions": lig_prep.get("torsions"),
            "smiles": smiles, "smiles_prepared": lig_prep.get("smiles_prepared"),
            "score": result[0]["score"][0], "rmsd_top1": rms[0], "rmsd_best": min(rms), "poses": len(rms),
            "prep_s": round(t_prep, 2), "dock_s": round(t_dock, 2),
            "vina_s": round(t_vina, 2) if t_vina is not None else None, "same_scores": same,
            # Vina time inside this very run: process wall minus this is the step's own cost,
            # free of the run-to-run noise of a shared machine.
            "vina_in_step_s": summary["vinaSeconds"],
        }
        rows.append(row)
        ovh = f"{100 * (t_dock - t_vina) / t_vina:6.1f}" if t_vina else "     -"
        print(
            f"{d:6} {row['heavy']:>5} {row['torsions']:>4} {row['score']:7.2f} {row['rmsd_top1']:6.2f} {row['rmsd_best']:6.2f} "
            f"{t_dock:7.1f} {t_vina or 0:7.1f} {ovh} {t_dock - summary['vinaSeconds']:6.2f}",
            flush=True,
        )
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(rows, fh, indent=1)

    ok = [r for r in rows if "error" not in r]
    if not ok:
        print("no complex docked")
        return
    succ = sum(1 for r in ok if r["rmsd_top1"] < 2.0)
    dock_times = [r["dock_s"] for r in ok]
    print()
    print(f"complexes: {len(rows)} ({len(rows) - len(ok)} failed), exhaustiveness {args.exhaustiveness}, poses {args.poses}, margin {args.margin} Å, seed {args.seed}")
    print(f"top-1 RMSD < 2 Å: {succ}/{len(ok)} = {100 * succ / len(ok):.1f} %  (failures counted as misses: {100 * succ / len(rows):.1f} %)")
    print(f"best-of-poses RMSD < 2 Å: {sum(1 for r in ok if r['rmsd_best'] < 2.0)}/{len(ok)}")
    print(f"median top-1 RMSD: {statistics.median(r['rmsd_top1'] for r in ok):.2f} Å")
    print(f"time per complex (yunyao.dock, 1 core): median {statistics.median(dock_times):.1f} s, mean {statistics.mean(dock_times):.1f} s")
    print(f"ligands per core-hour (1 site): {3600 / statistics.mean(dock_times):.0f}")
    print(f"receptor preparation: median {statistics.median(r['prep_s'] for r in ok):.1f} s")
    own = [r["dock_s"] - r["vina_in_step_s"] for r in ok]
    print(f"step's own time (process wall - Vina time in the same run): median {statistics.median(own):.2f} s, "
          f"total {100 * sum(own) / sum(r['vina_in_step_s'] for r in ok):.1f} % of Vina time")
    with_v = [r for r in ok if r.get("vina_s")]
    if with_v:
        tot_d = sum(r["dock_s"] for r in with_v)
        tot_v = sum(r["vina_s"] for r in with_v)
        per = [100 * (r["dock_s"] - r["vina_s"]) / r["vina_s"] for r in with_v]
        print(f"platform overhead vs direct vina: total {100 * (tot_d - tot_v) / tot_v:.1f} %, median {statistics.median(per):.1f} % "
              f"(absolute median {statistics.median(r['dock_s'] - r['vina_s'] for r in with_v):.2f} s per complex)")
        print(f"identical scores dock vs direct vina (same seed): {sum(1 for r in with_v if r['same_scores'])}/{len(with_v)}")


if __name__ == "__main__":
    main()
