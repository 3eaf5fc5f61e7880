"""Which re-ranking of Vina's poses puts a < 2 Å pose first more often? Chosen on the first 20 complexes only.

    PYTHONPATH=python /usr/bin/python3 bench/rerank_study.py --cache /tmp/rerank/feat

Reads the per-pose features of ``bench/rerank_features.py`` for both arms of a redock run. Every candidate
rule (and each of its thresholds) is scored on the development complexes (the first 20 alphabetically,
as in docs/models/docking.md) of both arms together; the best one there (ties: the simpler rule, listed
first) is then reported, unchanged, on the other 22 and on all 42, next to Vina's own order.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Callable

SUCCESS_RMSD = 2.0
DEV = 20

Rule = Callable[[dict], int]  # features of one docking -> index of the pose it puts first


def by_vina(f: dict) -> int:
    return 0  # Vina's own order


def lowest(values: list[float]) -> int:
    return min(range(len(values)), key=lambda i: (values[i], i))


def by_vinardo(f: dict) -> int:
    return lowest(f["vinardo"])


def by_rank_sum(f: dict) -> int:
    """Sum of the pose's rank under Vina and under Vinardo (ties: Vina's order)."""
    n = len(f["vina"])
    vinardo_rank = {i: r for r, i in enumerate(sorted(range(n), key=lambda i: (f["vinardo"][i], i)))}
    return min(range(n), key=lambda i: (i + vinardo_rank[i], i))


def by_score_sum(f: dict) -> int:
    return lowest([a + b for a, b in zip(f["vina"], f["vinardo"])])


def by_vinardo_within(window: float) -> Rule:
    """Vinardo's best among the poses within window kcal/mol of Vina's best."""

    def rule(f: dict) -> int:
        near = [i for i, s in enumerate(f["vina"]) if s <= f["vina"][0] + window]
        return min(near, key=lambda i: (f["vinardo"][i], i))

    return rule


def by_key(key: str) -> Rule:
    return lambda f: lowest(f[key])


def by_cluster(cutoff: float, window: float) -> Rule:
    """The pose with most neighbours (< cutoff Å) among the poses within window kcal/mol of Vina's best; ties: Vina's order."""

    def rule(f: dict) -> int:
        near = [i for i, s in enumerate(f["vina"]) if s <= f["vina"][0] + window]
        return max(near, key=lambda i: (sum(1 for j in near if f["pair_rmsd"][i][j] < cutoff), -i))

    return rule


def candidates(minimised: bool) -> dict[str, Rule]:
    rules: dict[str, Rule] = {"vina": by_vina, "vinardo": by_vinardo, "rank sum vina+vinardo": by_rank_sum,
                             "score sum vina+vinardo": by_score_sum}
    for window in (0.5, 1.0, 2.0):
        rules[f"vinardo within {window:g} kcal/mol of vina's best"] = by_vinardo_within(window)
    if minimised:
        rules["vinardo after vinardo minimisation"] = by_key("vinardo_min")
    for cutoff in (1.0, 1.5, 2.0, 3.0):
        for window in (1.0, 2.0, 3.0, 100.0):
            rules[f"cluster < {cutoff:g} Å within {window:g} kcal/mol"] = by_cluster(cutoff, window)
    return rules


def load(cache: str, arm: str, minimised: bool) -> dict[str, dict]:
    d = os.path.join(cache, arm)
    out = {}
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if name.endswith(".min.json"):
            continue
        with open(os.path.join(d, name), encoding="utf-8") as fh:
            f = json.load(fh)
        extra = os.path.join(d, name[: -len(".json")] + ".min.json")
        if minimised:
            if not os.path.isfile(extra):
                continue
            with open(extra, encoding="utf-8") as fh:
                f.update({k: v for k, v in json.load(fh).items() if k.endswith("_min")})
        out[name[: -len(".json")]] = f
    return out


def hits(rule: Rule, feats: dict[str, dict], pdbs: list[str]) -> list[str]:
    return [p for p in pdbs if p in feats and feats[p]["rmsd"][rule(feats[p])] < SUCCESS_RMSD]


def print_table(rule: Rule, arms: dict[str, dict[str, dict]], pdbs: list[str], dev: set[str]) -> None:
    """Markdown rows: top-1 RMSD (Å) in Vina's order and re-ranked, per arm; bold = < 2 Å."""

    def cell(feats: dict[str, dict], pdb: str, pose: Rule) -> str:
        if pdb not in feats:
            return "–"
        r = feats[pdb]["rmsd"][pose(feats[pdb])]
        return f"**{r:.2f}**" if r < SUCCESS_RMSD else f"{r:.2f}"

    print("| pdb | split | platform, Vina order | platform, re-ranked | plain, Vina order | plain, re-ranked |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for p in pdbs:
        cells = [cell(arms[a], p, pose) for a in ("platform", "plain") for pose in (by_vina, rule)]
        print(f"| {p} | {'dev' if p in dev else 'held out'} | {' | '.join(cells)} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default="/tmp/rerank/feat")
    ap.add_argument("--minimised", action="store_true", help="include the rules on Vinardo-minimised poses (only complexes with them)")
    ap.add_argument("--show-all", action="store_true", help="print every rule on the held-out split too (after the choice)")
    ap.add_argument("--table", action="store_true", help="print the chosen rule's per-complex top-1 RMSDs as a markdown table")
    args = ap.parse_args()
    arms = {arm: load(args.cache, arm, args.minimised) for arm in ("platform", "plain")}
    pdbs = sorted(set(arms["platform"]) | set(arms["plain"]))
    dev, held = pdbs[:DEV], pdbs[DEV:]
    rules = candidates(args.minimised)
    print(f"complexes: {len(pdbs)} (development {dev[0]}..{dev[-1]}, held out {len(held)})")
    print(f"{'rule':44} {'dev platform':>12} {'dev plain':>9}" + (f" {'held platform':>13} {'held plain':>10}" if args.show_all else ""))
    score = {}
    for name, rule in rules.items():
        row = [len(hits(rule, arms[a], dev)) for a in ("platform", "plain")]
        score[name] = sum(row)
        extra = "".join(f" {len(hits(rule, arms[a], held)):>13}" for a in ("platform", "plain")) if args.show_all else ""
        print(f"{name:44} {row[0]:>12} {row[1]:>9}{extra}")
    chosen = max(rules, key=lambda n: (score[n], -list(rules).index(n)))
    print(f"\nchosen on the development complexes: {chosen}")
    if args.table:
        print_table(rules[chosen], arms, pdbs, set(dev))
    for arm, feats in arms.items():
        for label, part in (("development", dev), ("held out", held), ("all", pdbs)):
            done = [p for p in part if p in feats]
            base, new = hits(by_vina, feats, done), hits(rules[chosen], feats, done)
            print(f"{arm:8} {label:11} Vina order {len(base):>2}/{len(done)}  re-ranked {len(new):>2}/{len(done)}"
                  f"   gained: {' '.join(sorted(set(new) - set(base))) or '-'}   lost: {' '.join(sorted(set(base) - set(new))) or '-'}")


if __name__ == "__main__":
    main()
