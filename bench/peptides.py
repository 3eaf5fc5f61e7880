#!/usr/bin/python3
"""Peptide structure prediction benchmark (docs/models/peptides.md) on the ``peptides`` dataset under
YUNYAO_DATASETS (sequences of standard folding benchmarks; their structures are not shared, so this
reports speed and what the top models look like, not accuracy). One process, one core:

    PYTHONPATH=python nice -n 10 /usr/bin/python3 bench/peptides.py --work /tmp/peptide_bench \
        [--only chignolin_1uao] [-- --replicas=2 --cycles=4]

Everything after ``--`` goes to ``python -m yunyao.pepsearch`` (the product defaults otherwise). A
--work folder from an earlier run with fewer trajectories or cycles is extended (its finished cycles
are reused), and the speed counts only the cycles run now.
Per peptide: wall and CPU seconds, picoseconds simulated per CPU second, the projected wall time of
the product defaults on 2 free cores (from that rate; trajectories run one per core), and each top
model's DSSP string, helix/strand share, radius of gyration, end-to-end distance and population.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, "..", "python"))
sys.path.insert(0, PYTHON_DIR)

from yunyao.datasets import dataset_path  # noqa: E402
from yunyao.params import write_params  # noqa: E402
from yunyao.pepsearch.cli import parser  # noqa: E402

DEFAULTS = parser().parse_args(["--params=params.json"])
DEFAULT_NS = DEFAULTS.replicas * DEFAULTS.cycles * (DEFAULTS.heat_ps + DEFAULTS.anneal_ps + DEFAULTS.sample_ps) / 1000.0


def read_fasta(path: str) -> list[tuple[str, str]]:
    entries: list[tuple[str, str]] = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line.startswith(">"):
                entries.append((line[1:].split()[0], ""))
            elif line and entries:
                entries[-1] = (entries[-1][0], entries[-1][1] + line)
    return entries


def child_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def finished_cycles(folder: str) -> int:
    return len(glob.glob(os.path.join(folder, "checkpoint", "*", "r*_c*.npz")))


def predict(folder: str, sequence: str, extra: list[str]) -> dict:
    """Runs one prediction; a folder holding cycles of an earlier run (same settings, fewer
    trajectories or cycles) is extended, and the speed counts only the cycles run now."""
    os.makedirs(folder, exist_ok=True)
    before = finished_cycles(folder)
    write_params(folder, "pepsearch", {"sequence": sequence, "seed": 42})
    cpu, wall = child_cpu_seconds(), time.time()
    res = subprocess.run(
        [sys.executable, "-m", "yunyao.pepsearch", "--params=params.json", "--cpu=1", *extra],
        cwd=folder, env={**os.environ, "PYTHONPATH": PYTHON_DIR}, capture_output=True, text=True,
    )
    if res.returncode != 0:
        raise SystemExit(f"{sequence} failed: {res.stderr[-2000:]}")
    cpu, wall = child_cpu_seconds() - cpu, time.time() - wall
    with open(os.path.join(folder, "result.json"), encoding="utf-8") as fh:
        models = json.load(fh)
    with open(os.path.join(folder, "summary.json"), encoding="utf-8") as fh:
        summary = json.load(fh)
    sampling = summary["sampling"]
    cycle_ps = sampling["heat_ps"] + sampling["anneal_ps"] + sampling["sample_ps"]
    ran = finished_cycles(folder) - before
    if ran == 0:
        raise SystemExit(f"{folder} already held every cycle; use a fresh --work folder to time a run")
    rate = ran * cycle_ps / cpu
    return {
        "sequence": sequence,
        "length": len(sequence),
        "sampled_ns": summary["sampling"]["total_ns"],
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "ps_per_cpu_s": round(rate, 3),
        "default_ns": DEFAULT_NS,
        "projected_default_hours_2_cores": round(DEFAULT_NS * 1000.0 / rate / 2 / 3600.0, 2),
        "snapshots": summary["snapshots"],
        "clusters": summary["clusters"],
        "models": [
            {k: m[k] for k in ("rank", "ss", "helix_percent", "strand_percent", "radius_of_gyration_a", "end_to_end_a", "population_percent", "energy_kcal_mol")}
            for m in models
        ],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/peptide_bench")
    p.add_argument("--only", nargs="*", help="peptide names from the FASTA headers")
    p.add_argument("--out", help="JSON report path (default: <work>/report.json)")
    args, extra = p.parse_known_args()
    extra = [a for a in extra if a != "--"]
    entries = read_fasta(os.path.join(dataset_path("peptides"), "sequences.fasta"))
    report = []
    for name, sequence in entries:
        if args.only and name not in args.only:
            continue
        row = {"name": name, **predict(os.path.join(args.work, name), sequence, extra)}
        report.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)
    out = args.out or os.path.join(args.work, "report.json")
    with open(out, "w", encoding="utf-8") as fh:
        json.dump({"settings": extra or "product defaults", "peptides": report}, fh, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
