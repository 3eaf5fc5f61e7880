"""Choose the pocket ranking by family-grouped cross-validation and write the shipped model.

    cd python && YUNYAO_DATASETS=... /usr/bin/python3 -m yunyao.pocket.train [--features=FILE] [--repeats=5]

Data: every candidate pocket that the TypeScript detector finds in every holo structure of the shared
datasets (COACH420 subset, Astex `redock`, DUD-E fabp4, FEP p38, PDBbind whole-protein examples),
exported by bench/pockets-features.ts; label = the pocket centre lies within 4 A of a relevant ligand's
heavy atom (the benchmark's DCA hit). Structures are grouped into protein families (families.py);
5-fold CV with whole families per fold, repeated with seeds 42, 43, ... Every arm (the hand-set
geometric score, the previous 46-feature recipe, small physical feature sets) sees the same folds.

The winner is the arm with the best mean fold top-n, except that an arm with fewer features wins when
its mean is within one standard error of the best (a physical few-feature ranking is preferred to a
tuned many-feature one that is not clearly better). It is then trained on all structures and written
to packages/pockets/src/rescorer-model.json (or, when the geometric score wins, nothing is trained and
the report says so). The benchmark's held-out-half model is trained by the same recipe on every
structure except the odd COACH420 half and the members of its families.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform

import numpy as np

from ..datasets import REPO_ROOT
from .data import Structure, Table, export_features, load_table
from .export import check_vectors, ensemble, write_json
from .families import IDENTITY, families
from .metrics import Success
from .validation import BASE_PARAMS, FOLDS, PHYSICAL, PHYSICAL_CONTEXT, PHYSICAL_RESIDUES, REPEATS, SEED, Arm, choose, cross_validate, fold_rates, nested_selection, pooled

MODEL = "packages/pockets/src/rescorer-model.json"
CHECK = "packages/pockets/src/rescorer-check.json"
HALF_MODEL = "bench/pockets-rescorer-even-half.json"
CHECK_VECTORS = 8


def arms(feature_names: list[str]) -> list[Arm]:
    return [
        Arm("geometric score (hand-set)"),
        Arm("previous recipe: 46 features, XGBoost depth 3 x 50", "xgboost", tuple(feature_names), 3, 50),
        Arm("physical 6, XGBoost depth 1 x 100", "xgboost", tuple(PHYSICAL), 1, 100),
        Arm("physical 6, XGBoost depth 2 x 100", "xgboost", tuple(PHYSICAL), 2, 100),
        Arm("physical 6, logistic", "logistic", tuple(PHYSICAL)),
        Arm("physical+residues 14, XGBoost depth 1 x 100", "xgboost", tuple(PHYSICAL_RESIDUES), 1, 100),
        Arm("physical+residues 14, XGBoost depth 2 x 100", "xgboost", tuple(PHYSICAL_RESIDUES), 2, 100),
        Arm("physical+residues 14, logistic", "logistic", tuple(PHYSICAL_RESIDUES)),
        Arm("physical+residues+context 16, XGBoost depth 2 x 100", "xgboost", tuple(PHYSICAL_CONTEXT), 2, 100),
    ]


def family_label(members: list[Structure]) -> str:
    ids = sorted(s.id for s in members)
    return ", ".join(ids[:4]) + (f" … (+{len(ids) - 4})" if len(ids) > 4 else "")


def provenance(table: Table, arm: Arm, trained_on: str, metrics: dict) -> dict:
    import xgboost

    return {
        "engine": f"xgboost {xgboost.__version__}",
        "python": platform.python_version(),
        "params": {**BASE_PARAMS, "max_depth": arm.max_depth, "rounds": arm.rounds},
        "usedFeatures": list(arm.features),
        "trainedOn": trained_on,
        "dataSha256": table.sha256,
        "date": datetime.date.today().isoformat(),
        "metrics": metrics,
    }


def booster_on(arm: Arm, table: Table, structures: list[Structure]):
    """The arm's XGBoost model trained on these structures exactly as in the CV (its columns only)."""
    import xgboost

    columns = [table.feature_names.index(f) for f in arm.features]
    x = np.vstack([s.features[:, columns] for s in structures])
    y = np.concatenate([s.labels for s in structures])
    return xgboost.train({**BASE_PARAMS, "max_depth": arm.max_depth}, xgboost.DMatrix(x, label=y), arm.rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--features", help="a saved bench/pockets-features.ts output instead of running it")
    parser.add_argument("--repeats", type=int, default=REPEATS)
    parser.add_argument("--nested-repeats", type=int, default=2, help="outer repeats of the nested check of the selection itself (0: skip)")
    args = parser.parse_args()
    raw = open(args.features, "rb").read() if args.features else export_features()
    table = load_table(raw)
    structures = table.structures
    family_of = families({s.id: s.sequences for s in structures})
    members: dict[int, list[Structure]] = {}
    for s in structures:
        members.setdefault(family_of[s.id], []).append(s)
    ligands = sum(s.ligands for s in structures)
    pockets = sum(len(s.hits) for s in structures)
    print(f"{len(structures)} structures ({', '.join(f'{k} {v}' for k, v in sorted(_count(s.source for s in structures).items()))}), "
          f"{ligands} ligands, {pockets} pockets, {len(members)} families at >= {IDENTITY:.0%} identity, data sha256 {table.sha256}")
    for fam, ms in sorted(members.items(), key=lambda kv: -sum(s.ligands for s in kv[1])):
        if len(ms) > 1:
            print(f"  family {fam}: {len(ms)} structures, {sum(s.ligands for s in ms)} ligands: {family_label(ms)}")

    arm_list = arms(table.feature_names)
    results = cross_validate(arm_list, table.feature_names, structures, family_of, args.repeats)
    rates = {a.name: fold_rates(results[a.name]) for a in arm_list}
    print(f"\nfamily-grouped {FOLDS}-fold CV x {args.repeats} (seeds {SEED}..{SEED + args.repeats - 1}); per fold DCA top-n, mean ± SD over {FOLDS * args.repeats} folds; "
          "SD of the per-repeat pooled top-n; pooled top-n / top-(n+2); paired per-fold difference to the geometric score (mean ± SE); folds better/equal/worse")
    geo = rates[arm_list[0].name]
    metrics = {}
    for a in arm_list:
        p = pooled(results[a.name])
        top_n, top_n2 = p.percent()
        wins = int((rates[a.name] > geo).sum()), int((rates[a.name] == geo).sum()), int((rates[a.name] < geo).sum())
        per_repeat = np.array([pooled([r for r in results[a.name] if r.repeat == k]).percent()[0] for k in range(args.repeats)])
        delta = rates[a.name] - geo
        print(f"  {a.name:<56} {rates[a.name].mean():5.1f} ± {rates[a.name].std(ddof=1):4.1f}  repeats SD {per_repeat.std(ddof=1) if args.repeats > 1 else 0:3.1f}  "
              f"pooled {top_n:5.1f} / {top_n2:5.1f}  Δgeo {delta.mean():+5.1f} ± {delta.std(ddof=1) / np.sqrt(len(delta)):3.1f}  +{wins[0]} ={wins[1]} -{wins[2]}")
        metrics[a.name] = {
            "foldMean": round(float(rates[a.name].mean()), 2),
            "foldSd": round(float(rates[a.name].std(ddof=1)), 2),
            "pooledTopN": round(top_n, 2),
            "pooledTopN2": round(top_n2, 2),
            "features": len(a.features),
        }

    # Per source and per family (pooled over repeats: each structure is tested once per repeat).
    def per(select) -> dict[str, tuple[float, int]]:
        out = {}
        for a in arm_list:
            t = Success()
            for r in results[a.name]:
                for sid, sc in r.per_structure.items():
                    if select(sid):
                        t.add(sc)
            out[a.name] = (t.percent()[0], t.ligands // args.repeats)
        return out

    by_id = {s.id: s for s in structures}
    print("\nper source (pooled top-n over repeats)")
    for source in sorted({s.source for s in structures}):
        res = per(lambda sid: by_id[sid].source == source)
        print(f"  {source:<10} ligands {next(iter(res.values()))[1]:>3}  " + "  ".join(f"{v[0]:5.1f}" for v in res.values()))
    print("\nper family with >= 4 ligands (pooled top-n over repeats); columns = arms in the order above")
    for fam, ms in sorted(members.items(), key=lambda kv: -sum(s.ligands for s in kv[1])):
        if sum(s.ligands for s in ms) < 4:
            continue
        ids = {s.id for s in ms}
        res = per(lambda sid: sid in ids)
        print(f"  {family_label(ms):<48} ligands {next(iter(res.values()))[1]:>3}  " + "  ".join(f"{v[0]:5.1f}" for v in res.values()))

    winner = choose(arm_list, rates)
    print(f"\nwinner (best mean, fewer features within one SE): {winner.name}")
    if args.nested_repeats:
        # Choosing among the arms on the same folds flatters the winner; this estimates the whole procedure.
        nested, chosen = nested_selection(arm_list, table.feature_names, structures, family_of, args.nested_repeats)
        nested_rates = fold_rates(nested)
        top_n, top_n2 = pooled(nested).percent()
        print(f"nested check (selection inside each outer training side), {FOLDS}-fold x {args.nested_repeats}: {nested_rates.mean():5.1f} ± {nested_rates.std(ddof=1):4.1f}  "
              f"pooled {top_n:5.1f} / {top_n2:5.1f}; chosen: " + "; ".join(f"{n} x{chosen.count(n)}" for n in sorted(set(chosen))))
        metrics["nestedSelection"] = {"foldMean": round(float(nested_rates.mean()), 2), "foldSd": round(float(nested_rates.std(ddof=1)), 2), "pooledTopN": round(top_n, 2), "pooledTopN2": round(top_n2, 2), "repeats": args.nested_repeats}
    path = lambda rel: os.path.join(REPO_ROOT, rel)  # noqa: E731
    if winner.model != "xgboost":
        print("the winner is not an XGBoost model: nothing written; ship it by hand (see docs/models/pockets.md)")
        return
    cv = {"familyGroupedCv": {"folds": FOLDS, "repeats": args.repeats, "identity": IDENTITY, "arms": metrics, "winner": winner.name}}
    columns = [table.feature_names.index(f) for f in winner.features]
    final = booster_on(winner, table, structures)
    shipped_on = f"all {len(structures)} holo structures ({len(members)} families)"
    size = write_json(path(MODEL), ensemble(final, table.feature_names, provenance(table, winner, shipped_on, cv), columns))
    odd = {s.id for s in structures if s.source == "coach420" and s.index % 2 == 1}
    odd_families = {family_of[sid] for sid in odd}
    half_train = [s for s in structures if family_of[s.id] not in odd_families]
    half = booster_on(winner, table, half_train)
    half_on = f"{len(half_train)} structures outside the families of the odd COACH420 half"
    half_size = write_json(path(HALF_MODEL), ensemble(half, table.feature_names, provenance(table, winner, half_on, cv), columns))
    picked = [s.features[i] for s in structures[:: max(1, len(structures) // CHECK_VECTORS)][:CHECK_VECTORS] for i in range(min(2, len(s.hits)))]
    write_json(path(CHECK), check_vectors(final, np.array(picked), columns))
    print(f"wrote {MODEL} ({size} bytes), {HALF_MODEL} ({half_size} bytes, trained on {half_on}), {CHECK}")


def _count(items) -> dict:
    out: dict = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return out


if __name__ == "__main__":
    main()
