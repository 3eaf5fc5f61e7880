#!/usr/bin/python3
"""The re-ranking's Vinardo scores (``yunyao.autodock.rerank.vinardo_scores``: Vina on a job's first pose,
the others computed as Vina computes them) against Vina run on every pose (``vina --score_only --autobox
--scoring vinardo``, how the step scored before), on the platform dockings of a finished
``bench/redock.py --work DIR`` run. Reads DIR, never writes into it.

    PYTHONPATH=python nice -n 10 /usr/bin/python3 bench/rerank_exact.py --work /tmp/rr-work

Per complex: poses, Vina processes the step used, the largest |difference| (kcal/mol), whether the
rank-sum order is the same, and the CPU seconds of both ways (user + system: the Vina processes, and
this process's own share of the computed scores).
"""

from __future__ import annotations

import argparse
import glob
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))

from yunyao.autodock.ligand import read_vina_out  # noqa: E402
from yunyao.autodock.rerank import ENERGY, rank_sum_order, split_poses, vinardo_scores  # noqa: E402


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", required=True, help="a bench/redock.py --work folder with the platform arm")
    ap.add_argument("--only", default="", help="comma list of complexes (default: every finished one)")
    args = ap.parse_args()
    only = {d for d in args.only.split(",") if d}
    rows = []
    print(f"{'pdb':6} {'poses':>5} {'vina runs':>9} {'max |d|':>8} {'same order':>10} {'cpu before':>10} {'cpu after':>9}", flush=True)
    for d in sorted(glob.glob(os.path.join(args.work, "platform", "*"))):
        outs = glob.glob(os.path.join(d, "checkpoint", "site__*.pdbqt"))
        receptor = os.path.join(d, "protein.pdbqt")
        if len(outs) != 1 or not os.path.isfile(receptor) or (only and os.path.basename(d) not in only):
            continue
        with open(outs[0], encoding="utf-8") as fh:
            text = fh.read()
        calls: list[list[str]] = []

        def run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess:
            calls.append(cmd)
            return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)

        c0, p0 = children_cpu(), time.process_time()
        after = vinardo_scores("vina", receptor, text, run)
        c1 = children_cpu()
        c0 -= time.process_time() - p0  # this process's own part (the computed poses) counts too
        before = []
        for pose in split_poses(text):
            path = os.path.join("/tmp", f"rerank_exact_{os.getpid()}.pdbqt")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(pose)
            out = subprocess.run(["vina", "--score_only", "--autobox", "--scoring", "vinardo", "--receptor", receptor, "--ligand", path],
                                 capture_output=True, text=True).stdout
            os.remove(path)
            before.append(float(ENERGY.search(out).group(1)))
        c2 = children_cpu()
        vina = [s for s, _ in read_vina_out(text)]
        diffs = [abs(a - b) for a, b in zip(after, before)]
        diff = max(diffs)
        same = rank_sum_order(vina, after) == rank_sum_order(vina, before)
        rows.append((len(before), len(calls), diff, same, c2 - c1, c1 - c0, diffs))
        print(f"{os.path.basename(d):6} {len(before):>5} {len(calls):>9} {diff:>8.3f} {str(same):>10} {c2 - c1:>10.1f} {c1 - c0:>9.1f}", flush=True)
    if rows:
        poses = sum(r[0] for r in rows)
        print(f"{len(rows)} jobs, {poses} poses: max |d| {max(r[2] for r in rows):.3f} kcal/mol, "
              f"mean |d| {sum(sum(r[6]) for r in rows) / poses:.4f}, same order {sum(r[3] for r in rows)}/{len(rows)}, "
              f"one Vina run {sum(1 for r in rows if r[1] == 1)}/{len(rows)}; CPU s per pose before {sum(r[4] for r in rows) / poses:.2f}, "
              f"after {sum(r[5] for r in rows) / poses:.2f}")


if __name__ == "__main__":
    t0 = time.monotonic()
    main()
    print(f"({time.monotonic() - t0:.0f} s)")
