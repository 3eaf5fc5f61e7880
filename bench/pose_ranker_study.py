"""Can a learned model rank Vina's poses better than the platform's Vina + Vinardo rank sum? (issue 30)

1. Lay out PDBbind's pocket structures (``pdbbind-affinity/structures`` under YUNYAO_DATASETS) the way
   ``bench/redock.py`` reads a data set, drug-like ligands only (≤ 40 heavy atoms, ≤ 8 rotatable bonds,
   as Astex's), metal ions in the pocket kept:

       PYTHONPATH=python /usr/bin/python3 bench/pose_ranker_study.py layout --out /tmp/ps/data/redock

2. Dock both sets with the platform's arm (exhaustiveness 8, 9 poses, seed 42):

       YUNYAO_DATASETS=../shared/datasets PYTHONPATH=python nice /usr/bin/python3 bench/redock.py --arms platform --work /tmp/ps/astex
       YUNYAO_DATASETS=/tmp/ps/data PYTHONPATH=python nice /usr/bin/python3 bench/redock.py --arms platform --work /tmp/ps/pdbbind

3. Per-pose features (``bench/pose_ranker_features.py``) and labels (RMSD < 2 Å to the crystal ligand),
   then three learners against Vina's order and the rank sum: logistic regression, gradient-boosted
   trees (pose classifier) and a pairwise ranker (xgboost ``rank:pairwise``, poses grouped by job).
   Scored two ways: trained on every PDBbind complex and tested on Astex (no Astex complex seen), and
   5-fold cross-validation grouped by complex over both sets (3 repeats):

       PYTHONPATH=python /usr/bin/python3 bench/pose_ranker_study.py study --astex-work /tmp/ps/astex/platform \\
           --pdbbind-work /tmp/ps/pdbbind/platform --pdbbind-data /tmp/ps/data/redock

4. More search instead: the ligands with a non-aromatic ring docked again with seed 43 (another ETKDG start
   conformer, so other ring puckers, and another Vina seed), both dockings' poses pooled by the rank sum:

       YUNYAO_DATASETS=../shared/datasets PYTHONPATH=python nice /usr/bin/python3 bench/redock.py --arms platform --seed 43 \
           --only 1gm8,1gpk,1hp0,1hq2,1ke5,1kzk,1pmn,1q1g,1s19,1t46,1tt1,1u4d,1uou,1xm6,1xoq,1xoz,1y6b,1yv3,2bm2 --work /tmp/ps/astex43
       PYTHONPATH=python /usr/bin/python3 bench/pose_ranker_study.py pool --astex-work /tmp/ps/astex/platform --other-work /tmp/ps/astex43/platform

The result (docs/models/docking.md, "Learned pose ranking") decides whether the platform ships either.
"""

from __future__ import annotations

import argparse
import csv
import glob
import gzip
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from pose_ranker_features import NAMES, pose_features  # noqa: E402
from redock import PYTHON_DIR, rmsd_poses, skeleton  # noqa: E402
from rerank_features import vina_order  # noqa: E402

sys.path.insert(0, PYTHON_DIR)
from yunyao.autodock import vinardo  # noqa: E402
from yunyao.autodock.rerank import rank_sum_order  # noqa: E402

SUCCESS_RMSD = 2.0
METALS = {"ZN", "MG", "MN", "CA", "FE", "FE2", "NA", "K", "CO", "NI", "CU", "CD", "HG"}


def layout(out: str) -> None:
    from rdkit import Chem
    from rdkit.Chem import Lipinski

    from yunyao.datasets import dataset_path

    src = os.path.join(dataset_path("pdbbind-affinity"), "structures")
    rows = []
    for d in sorted(os.listdir(src)):
        if not os.path.isdir(os.path.join(src, d)):
            continue
        with gzip.open(os.path.join(src, d, f"{d}_ligand.sdf.gz"), "rt") as fh:
            ligand = fh.read()
        mol = Chem.MolFromMolBlock(ligand)
        if mol is None or mol.GetNumHeavyAtoms() > 40 or Lipinski.NumRotatableBonds(mol) > 8:
            continue
        with gzip.open(os.path.join(src, d, f"{d}_pocket.pdb.gz"), "rt") as fh:
            pocket = fh.read()
        os.makedirs(os.path.join(out, d), exist_ok=True)
        for name, text in (("ligand.sdf", ligand), ("protein.pdb", pocket)):
            with open(os.path.join(out, d, name), "w", encoding="utf-8") as fh:
                fh.write(text)
        het = sorted({l[17:20].strip() for l in pocket.splitlines() if l.startswith("HETATM")} & METALS)
        rows.append({"dir": d, "ligand_heavy_atoms": mol.GetNumHeavyAtoms(), "protein_hetero_groups": ";".join(het)})
    with open(os.path.join(out, "index.csv"), "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["dir", "ligand_heavy_atoms", "protein_hetero_groups"])
        writer.writeheader()
        writer.writerows(rows)
    print(len(rows), "complexes in", out)


def pose_rmsds(poses_sdf: str, crystal_sdf: str) -> list[float]:
    try:
        return rmsd_poses(poses_sdf, crystal_sdf)
    except ValueError:  # PDBbind ligands whose bond orders RDKit cannot carry onto a pose: symmetry-aware RMSD on the skeletons
        from rdkit import Chem
        from rdkit.Chem import rdMolAlign

        def bare(mol):
            m = skeleton(mol)
            m.UpdatePropertyCache(strict=False)
            return m

        ref = bare(Chem.MolFromMolFile(crystal_sdf, sanitize=False))
        return [rdMolAlign.CalcRMS(bare(m), ref) for m in Chem.SDMolSupplier(poses_sdf, sanitize=False, removeHs=False)]


def complexes(name: str, work: str, data: str) -> list[dict]:
    """Features and labels of every finished, re-ranked docking of one set (Vina's pose order)."""
    out = []
    for d in sorted(os.listdir(work)):
        w = os.path.join(work, d)
        ck = glob.glob(os.path.join(w, "checkpoint", "site__*.json"))
        if len(ck) != 1 or not os.path.isfile(os.path.join(w, "poses.sdf")):
            continue
        with open(ck[0], encoding="utf-8") as fh:
            res = json.load(fh)
        if res.get("error") or len(res.get("vinardo") or []) != len(res["scores"]):
            continue
        with open(ck[0][:-5] + ".pdbqt", encoding="utf-8") as fh:
            vina_out = fh.read()
        with open(os.path.join(w, "protein.pdbqt"), encoding="utf-8") as fh:
            receptor = fh.read()
        try:
            X = pose_features(receptor, vina_out, res["scores"], res["vinardo"])
        except vinardo.Unsupported as exc:  # an atom type the typing leaves to Vina (K⁺, say): not in the study
            print(f"{name} {d}: left out ({exc})")
            continue
        order = vina_order(os.path.join(w, "poses.sdf"))
        rms = pose_rmsds(os.path.join(w, "poses.sdf"), os.path.join(data, d, "ligand.sdf"))
        out.append({"set": name, "pdb": d, "X": X, "rmsd": np.array([rms[i] for i in order]), "vina": res["scores"], "vinardo": res["vinardo"]})
    return out


def fit(kind: str, train: list[dict], seed: int):
    """A pose scorer (lower = better) trained on the poses of `train`."""
    import xgboost as xgb
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    X = np.vstack([r["X"] for r in train])
    y = np.concatenate([r["rmsd"] < SUCCESS_RMSD for r in train]).astype(int)
    trees = dict(n_estimators=200, max_depth=3, learning_rate=0.05, subsample=0.8, colsample_bytree=0.8, random_state=seed, n_jobs=1)
    if kind == "logistic":
        scale = StandardScaler().fit(X)
        lr = LogisticRegression(C=0.3, max_iter=5000).fit(scale.transform(np.nan_to_num(X)), y)
        return lambda r: -lr.predict_proba(scale.transform(np.nan_to_num(r["X"])))[:, 1]
    if kind == "trees":
        clf = xgb.XGBClassifier(**trees).fit(X, y)
        return lambda r: -clf.predict_proba(r["X"])[:, 1]
    ranker = xgb.XGBRanker(objective="rank:pairwise", **trees)
    ranker.fit(X, y, group=[len(r["rmsd"]) for r in train])
    return lambda r: -ranker.predict(r["X"])


def hits(recs: list[dict], first) -> int:
    return sum(int(r["rmsd"][first(r)] < SUCCESS_RMSD) for r in recs)


def study(args: argparse.Namespace) -> None:
    from yunyao.datasets import dataset_path

    recs = complexes("astex", args.astex_work, dataset_path("redock")) + complexes("pdbbind", args.pdbbind_work, args.pdbbind_data)
    sets = ("astex", "pdbbind")
    by_set = {s: [r for r in recs if r["set"] == s] for s in sets}
    print(f"features: {len(NAMES)} ({', '.join(NAMES)})")
    for s in sets:
        rs = by_set[s]
        print(f"{s}: {len(rs)} complexes; top-1 < 2 Å: Vina's order {hits(rs, lambda r: 0)}, rank sum (platform) "
              f"{hits(rs, lambda r: rank_sum_order(r['vina'], r['vinardo'])[0])}, best of poses {sum(int(r['rmsd'].min() < SUCCESS_RMSD) for r in rs)}")
    kinds = ("logistic", "trees", "ranker")
    for kind in kinds:
        scorer = fit(kind, by_set["pdbbind"], 0)
        print(f"trained on PDBbind, tested on Astex, {kind}: {hits(by_set['astex'], lambda r: int(np.argmin(scorer(r))))} of {len(by_set['astex'])}")
    rng = np.random.default_rng(args.seed)
    for kind in kinds:
        per = {s: [] for s in sets}
        for repeat in range(3):
            folds = np.array_split(rng.permutation(len(recs)), 5)
            got = {s: 0 for s in sets}
            for fold in folds:
                held = set(fold.tolist())
                scorer = fit(kind, [r for i, r in enumerate(recs) if i not in held], repeat)
                for i in fold:
                    got[recs[i]["set"]] += int(recs[i]["rmsd"][int(np.argmin(scorer(recs[i])))] < SUCCESS_RMSD)
            for s in sets:
                per[s].append(got[s])
        print(f"grouped 5-fold CV ×3, {kind}: " + ", ".join(f"{s} {per[s]} of {len(by_set[s])}" for s in sets))


def pool(args: argparse.Namespace) -> None:
    """Two dockings of the same complexes (another seed: another start conformer and Vina seed) pooled, 18
    poses ranked by the rank sum, against each alone: does more search reach poses the ranking then picks?"""
    from yunyao.datasets import dataset_path

    first = {r["pdb"]: r for r in complexes("astex", args.astex_work, dataset_path("redock"))}
    other = {r["pdb"]: r for w in args.other_work.split(",") for r in complexes("astex", w, dataset_path("redock"))}
    both = sorted(set(first) & set(other))
    top = lambda vina, vinardo, rmsd: rmsd[rank_sum_order(vina, vinardo)[0]] < SUCCESS_RMSD  # noqa: E731
    pooled = [{k: list(first[p][k]) + list(other[p][k]) for k in ("vina", "vinardo", "rmsd")} for p in both]
    print(f"{len(both)} complexes; top-1 < 2 Å: first {sum(top(first[p]['vina'], first[p]['vinardo'], first[p]['rmsd']) for p in both)}, "
          f"other {sum(top(other[p]['vina'], other[p]['vinardo'], other[p]['rmsd']) for p in both)}, "
          f"pooled {sum(top(q['vina'], q['vinardo'], q['rmsd']) for q in pooled)}; best of poses: first "
          f"{sum(int(first[p]['rmsd'].min() < SUCCESS_RMSD) for p in both)}, pooled {sum(int(min(q['rmsd']) < SUCCESS_RMSD) for q in pooled)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    lay = sub.add_parser("layout")
    lay.add_argument("--out", required=True)
    st = sub.add_parser("study")
    st.add_argument("--astex-work", required=True)
    st.add_argument("--pdbbind-work", required=True)
    st.add_argument("--pdbbind-data", required=True)
    st.add_argument("--seed", type=int, default=0)
    po = sub.add_parser("pool")
    po.add_argument("--astex-work", required=True)
    po.add_argument("--other-work", required=True, help="platform work roots of the second docking, comma-separated")
    args = ap.parse_args()
    {"layout": lambda: layout(args.out), "study": lambda: study(args), "pool": lambda: pool(args)}[args.cmd]()


if __name__ == "__main__":
    main()
