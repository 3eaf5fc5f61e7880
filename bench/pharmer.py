#!/usr/bin/python3
"""Pharmacophore screening benchmark (docs/models/pharmacophore.md) on DUD-E (``dude-vs`` under
YUNYAO_DATASETS) and rdkit-data's NCI set.  One process, one core (--cpu N: N worker processes per screen):

    PYTHONPATH=python nice -n 10 /usr/bin/python3 bench/pharmer.py --decoys 400 --work /tmp/pharmer_bench

* fabp4: query from receptor.pdb + crystal_ligand.mol2 (interacting features enabled, excluded
  volumes), all actives + a seeded sample of --decoys decoys, plus the molecules of the Vina arm;
  the receptor prepared as the module prepares it (yunyao.protein_prep), so the screen rescores the
  best placements of the best molecules by rank score with Vina (pharmer/rescore.py; the module's rule,
  10 %, at least 300, unless --rescore-percent / --rescore-at-least say otherwise: --rescore-percent 100
  rescores every molecule, as the module did before issue 31) and puts them first by the optimised energy.
* rock1, hs90a (no receptor): query from the first active of actives_final.ism (its first
  ETKDGv3 conformer, seed 42), every feature enabled, no excluded volume; that active is left out.
  Second variant from the same query (the ensembles are then read from the cache): --spread
  features enabled, chosen by farthest-point sampling of the feature points starting from the one
  nearest their centroid (anchors spread over the ligand, as a user would pick them).  Third variant:
  two references, the first two actives (each embedded the same way, both left out), every feature.
* Every screened molecule has a row; metrics rank them in the screen's own order (with a receptor the
  Vina rescoring, else the rank score) and, for comparison, by the rank score alone, with the passing
  molecules (hard feature match) first, and (with a receptor) by the optimised energy of the best
  placement alone (the first of the rescored ones: a cheaper rule, reported, not used).
* fabp4VinaSubset: the 30 molecules of the 2026-11-24 Vina arm, ranked by the fabp4 screen.
* Vina arm (--vina-actives/--vina-decoys, seeded): plain Vina on fabp4 (pharmer_support/vina_arm.py),
  the pharmacophore scored on the same molecules.
* Speed: the first --nci molecules of /usr/share/RDKit/Data/NCI/first_5K.smi against the fabp4
  query, cold (empty cache) then warm (cache filled), molecules per core-second.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, "..", "python"))
sys.path.insert(0, PYTHON_DIR)
sys.path.insert(0, HERE)

from pharmer_support import vina_arm  # noqa: E402
from pharmer_support.dude import labelled_set, target_dir  # noqa: E402
from pharmer_support.metrics import enrichment, random_expectation  # noqa: E402
from yunyao.params import write_params  # noqa: E402

NCI = "/usr/share/RDKit/Data/NCI/first_5K.smi"
# The Vina arm of 2026-11-24 docked the first 32 of its shuffled sample; these two gave no score
# (Open Babel hung on the decoy, Vina gave the active no pose), leaving the 30 molecules of its table.
VINA_DOCKED_FROM = range(32)
VINA_FAILED = {"D_C37866167", "A_412702"}
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}


def python(cwd: str, program: str, *args: str) -> None:
    res = subprocess.run([sys.executable, "-m", program, *args], cwd=cwd, env=ENV, capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"{program} failed: {res.stderr[-2000:]}")


def write_csv(path: str, molecules: list[tuple[str, str]]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("name,smiles\n" + "".join(f"{i},{s}\n" for i, s in molecules))


def child_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# The module's rescoring rule (packages/modules/pharmer/pharmer-cost.ts); main() may override it.
RESCORE = {"at_least": 300, "percent": 10}
# Worker processes per screen (the module gives a task's cores); main() may override it.
SCREEN = {"cpu": 1}


def screen(work: str, name: str, target: str, molecules: list[tuple[str, str]], cache: str, receptor: str = "") -> tuple[list[dict], dict]:
    """The screen's rows in its own order (every molecule kept, error rows last) and the summary, with the CPU seconds the screen used;
    ``receptor``: the prepared receptor's PDBQT (in ``work``), whose Vina rescoring then orders the rows."""
    folder = os.path.join(work, name)
    os.makedirs(folder, exist_ok=True)
    write_csv(os.path.join(folder, "mols.csv"), molecules)
    write_params(folder, "pharmer", {"filter": len(molecules), "seed": 42})
    cpu = child_cpu_seconds()
    python(
        work, "yunyao.pharmer.screen", f"--query=query_{target}.json",
        f'--ligands-json=[{{"path":"{name}/mols.csv","name":"mols.csv"}}]', "--conformers=30", f"--params={name}/params.json",
        f"--cpu={SCREEN['cpu']}", f"--cache-dir={cache}", f"--progress={name}/progress.json", f"--out-dir={name}",
        *([f"--receptor-pdbqt={receptor}", f"--rescore-at-least={RESCORE['at_least']}", f"--rescore-percent={RESCORE['percent']}"] if receptor else []),
    )
    with open(os.path.join(folder, "result.json"), encoding="utf-8") as fh:
        rows = json.load(fh)
    with open(os.path.join(folder, "summary.json"), encoding="utf-8") as fh:
        summary = json.load(fh)
    summary["cpuSeconds"] = round(child_cpu_seconds() - cpu, 1)
    return [r for r in rows if "error" not in r], summary


def orderings(rows: list[dict], labels: dict[str, int]) -> dict:
    """Enrichment of the screen's own order and, for comparison, of the rank score alone (no clash before
    clash, then score), of passing molecules first and (rescored screens) of the best placement's energy alone."""
    rows = [r for r in rows if r["ID"] in labels]
    passed = [r for r in rows if r.get("pass")]
    own = {r["ID"]: -i for i, r in enumerate(rows)}
    # Python's sort is stable: equal keys keep the screen's order.
    by_score = sorted(rows, key=lambda r: (r["clash"], -r["score"]))
    pass_first = {r["ID"]: -i for i, r in enumerate(sorted(by_score, key=lambda r: not r.get("pass")))}
    out = {
        "screen": enrichment(own, labels),
        "rankScore": enrichment({r["ID"]: -i for i, r in enumerate(by_score)}, labels),
        "passFirst": enrichment(pass_first, labels),
        "passed": {"actives": sum(labels[r["ID"]] for r in passed), "decoys": sum(1 - labels[r["ID"]] for r in passed)},
    }
    if any(r.get("vina") is not None for r in rows):
        if all("vinaPoses" in r for r in rows):  # every molecule rescored: the cheaper per-molecule rule, for comparison
            first = {r["ID"]: -r["vinaPoses"][0] for r in rows if r["vinaPoses"] and r["vinaPoses"][0] is not None}
            out["firstPlacementVina"] = enrichment(first, labels)
        out["rescored"] = sum(r.get("vina") is not None for r in rows)
        out["rescoredActives"] = sum(labels[r["ID"]] for r in rows if r.get("vina") is not None)
    return out


def fabp4_query(work: str) -> str:
    """query_fabp4.json, and the receptor prepared as the module's first step prepares it; its PDBQT's name."""
    d = target_dir("fabp4")
    with gzip.open(os.path.join(d, "receptor.pdb.gz"), "rt") as src, open(os.path.join(work, "fabp4_receptor.pdb"), "w") as dst:
        dst.write(src.read())
    shutil.copy(os.path.join(d, "crystal_ligand.mol2"), os.path.join(work, "fabp4_crystal.mol2"))
    python(work, "yunyao.pharmer.query", "--receptor=fabp4_receptor.pdb",
           '--reference-json=[{"path":"fabp4_crystal.mol2","name":"crystal_ligand.mol2"}]', "--out=query_fabp4.json")
    python(work, "yunyao.protein_prep", "--input=fabp4_receptor.pdb", "--out-pdb=fabp4_prepared.pdb", "--out-pdbqt=fabp4_receptor.pdbqt",
           "--log=fabp4_prep.log", "--summary=fabp4_prep_summary.json", "--rows=fabp4_prep_rows.json")
    return "fabp4_receptor.pdbqt"


def ligand_only_query(work: str, target: str, references: list[str], name: str = "") -> None:
    """query_<name or target>.json from the references' SMILES, each embedded once (ETKDGv3, seed 42), no receptor."""
    from rdkit import Chem
    from rdkit.Chem import AllChem

    manifest = []
    for k, smiles in enumerate(references, start=1):
        mol = Chem.AddHs(Chem.MolFromSmiles(smiles))
        params = AllChem.ETKDGv3()
        params.randomSeed = 42
        AllChem.EmbedMolecule(mol, params)
        Chem.MolToMolFile(Chem.RemoveHs(mol), os.path.join(work, f"{target}_ref{k}.sdf"))
        manifest.append({"path": f"{target}_ref{k}.sdf", "name": f"{target}_ref{k}.sdf"})
    python(work, "yunyao.pharmer.query", f"--reference-json={json.dumps(manifest)}", f"--out=query_{name or target}.json")


def spread_query(work: str, target: str, count: int) -> str:
    """query_<target>-spread.json: ``count`` features enabled by farthest-point sampling; its name."""
    import numpy as np

    with open(os.path.join(work, f"query_{target}.json"), encoding="utf-8") as fh:
        query = json.load(fh)
    pts = np.array([f["center"] for f in query["features"]])
    chosen = [int(np.argmin(np.linalg.norm(pts - pts.mean(axis=0), axis=1)))]
    while len(chosen) < min(count, len(pts)):
        gap = np.min(np.linalg.norm(pts[:, None] - pts[chosen][None], axis=2), axis=1)
        chosen.append(int(np.argmax(gap)))
    for i, f in enumerate(query["features"]):
        f["enabled"] = i in chosen
    name = f"{target}-spread"
    with open(os.path.join(work, f"query_{name}.json"), "w", encoding="utf-8") as fh:
        json.dump(query, fh)
    return name


def enrichment_of(work: str, target: str, molecules: list[tuple[str, str, int]], cache: str, receptor: str = "") -> dict:
    rows, summary = screen(work, target, target, [(i, s) for i, s, _ in molecules], cache, receptor)
    labels = {i: l for i, s, l in molecules}
    result = orderings(rows, labels)
    with open(os.path.join(work, f"query_{target}.json"), encoding="utf-8") as fh:
        query = json.load(fh)
    result["enabled"] = [f"{f['id']} {f['family']}" for f in query["features"] if f["enabled"]]
    result["random"] = random_expectation(sum(labels.values()), len(labels))
    result["seconds"] = {**summary["seconds"], "cpu": summary["cpuSeconds"], "cpuPerMolecule": round(summary["cpuSeconds"] / len(molecules), 3)}
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="/tmp/pharmer_bench")
    ap.add_argument("--decoys", type=int, default=400, help="seeded decoy sample per target (actives: all)")
    ap.add_argument("--vina-actives", type=int, default=8)
    ap.add_argument("--vina-decoys", type=int, default=32)
    ap.add_argument("--vina-limit", type=int, default=0, help="dock at most this many of the Vina sample this run (0: all)")
    ap.add_argument("--nci", type=int, default=1000)
    ap.add_argument("--spread", type=int, default=5, help="features enabled in the ligand-only spread variant")
    ap.add_argument("--only", default="fabp4,rock1,hs90a,vina,speed")
    ap.add_argument("--cpu", type=int, default=1, help="worker processes per screen (CPU seconds are summed over them)")
    ap.add_argument("--rescore-at-least", type=int, default=RESCORE["at_least"], help="with the receptor: rescore at least this many molecules")
    ap.add_argument("--rescore-percent", type=int, default=RESCORE["percent"], help="with the receptor: rescore the best this many %% (100: all)")
    args = ap.parse_args()
    RESCORE.update(at_least=args.rescore_at_least, percent=args.rescore_percent)
    SCREEN.update(cpu=args.cpu)
    os.makedirs(args.work, exist_ok=True)
    stages = set(args.only.split(","))
    cache = os.path.join(args.work, "cache")
    report: dict = {"decoySample": args.decoys, "seed": 18}
    vina_set = labelled_set("fabp4", args.vina_actives, args.vina_decoys, 18)
    random.Random(18).shuffle(vina_set)
    receptor = fabp4_query(args.work) if stages & {"fabp4", "vina", "speed"} else ""
    if "fabp4" in stages:
        sample = labelled_set("fabp4", None, args.decoys, 18)
        have = {i for i, _, _ in sample}
        report["fabp4"] = enrichment_of(args.work, "fabp4", sample + [m for m in vina_set if m[0] not in have], cache, receptor)
        # The molecules Vina docked (docs/models/pharmacophore.md), scored from this screen's rows.
        with open(os.path.join(args.work, "fabp4", "result.json"), encoding="utf-8") as fh:
            rows = json.load(fh)
        subset = {i: l for i, _, l in vina_set[: len(VINA_DOCKED_FROM)] if i not in VINA_FAILED}
        report["fabp4VinaSubset"] = {"molecules": len(subset), **orderings([r for r in rows if "error" not in r], subset)}
    for target in ("rock1", "hs90a"):
        if target not in stages:
            continue
        sample = labelled_set(target, None, args.decoys, 18)
        reference = sample[0]  # the first active of actives_final.ism
        ligand_only_query(args.work, target, [reference[1]])
        report[target] = {**enrichment_of(args.work, target, sample[1:], cache), "reference": reference[0]}
        spread = spread_query(args.work, target, args.spread)
        report[spread] = enrichment_of(args.work, spread, sample[1:], cache)
        # Several actives as references (the form takes two): the first two of actives_final.ism, both left out.
        pair = f"{target}-2ref"
        ligand_only_query(args.work, target, [m[1] for m in sample[:2]], pair)
        report[pair] = {**enrichment_of(args.work, pair, sample[2:], cache), "references": [m[0] for m in sample[:2]]}
    if "vina" in stages:
        docked = vina_arm.run(target_dir("fabp4"), vina_set[: args.vina_limit or None], os.path.join(args.work, "vina_fabp4.jsonl"))
        done = [m for m in vina_set if docked.get(m[0]) is not None]
        labels = {i: l for i, _, l in done}
        pharm, _ = screen(args.work, "fabp4_vinaset", "fabp4", [(i, s) for i, s, _ in done], cache, receptor)
        report["vina"] = {
            "docked": len(done),
            "vina": enrichment({i: docked[i] for i in labels}, labels),
            "pharmacophore": orderings(pharm, labels),
            "random": random_expectation(sum(labels.values()), len(labels)),
        }
    if "speed" in stages:
        with open(NCI, encoding="utf-8") as fh:
            nci = [(f"NCI_{p[1]}", p[0]) for p in (l.split() for l in fh) if len(p) >= 2][: args.nci]
        speed_cache = os.path.join(args.work, "speed_cache")
        shutil.rmtree(speed_cache, ignore_errors=True)
        runs = {}
        for name in ("nci_cold", "nci_warm"):
            _scores, summary = screen(args.work, name, "fabp4", nci, speed_cache, receptor)
            runs[name] = {"molecules": len(nci), "cpuSeconds": summary["cpuSeconds"], "seconds": summary["seconds"], "cache": summary["cache"],
                          "hits": summary["hits"], "moleculesPerCoreSecond": round(len(nci) / summary["cpuSeconds"], 2)}
        report["speed"] = runs
    print(json.dumps(report, indent=1))
    with open(os.path.join(args.work, f"report_{args.only.replace(',', '_')}.json"), "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=1)


if __name__ == "__main__":
    main()
