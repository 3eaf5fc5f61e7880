#!/usr/bin/python3
"""Peptide structure prediction benchmark (docs/models/peptides.md) on the ``peptides`` dataset under
YUNYAO_DATASETS (sequences of standard folding benchmarks; their structures are not shared, so this
reports speed and what the top models look like, not accuracy). One process, one core:

    PYTHONPATH=python nice -n 10 /usr/bin/python3 bench/peptides.py --work /tmp/peptide_bench \
        [--only chignolin_1uao] [-- --replicas=2 --cycles=4]

Everything after ``--`` goes to ``python -m yunyao.pepsearch`` (the product defaults otherwise;
``-- --method=fragments`` for fragment assembly). A --work folder from an earlier annealing run with
fewer trajectories or cycles is extended (its finished cycles are reused), and the speed counts only
the cycles run now.
Per peptide: wall and CPU seconds; for annealing, picoseconds simulated per CPU second and the
projected wall time of the product defaults on 2 free cores (from that rate; trajectories run one per
core); each top model's DSSP string, helix/strand share, radius of gyration, end-to-end distance and
population; and the top model against the published native secondary structure (NATIVE below: the
share of residues whose H/E/C letter agrees) and, for the hairpins, the cross-strand Cα distances
(about 4.5-5.5 Å when the strands pair). The reference coordinates are not shared, so no RMSD.
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

from yunyao.params import write_params  # noqa: E402
from yunyao.pepsearch.cli import parser  # noqa: E402
from yunyao.pepsearch.fraglib import benchmark_sequences  # noqa: E402

DEFAULTS = parser().parse_args(["--params=params.json"])
# Published native secondary structure, 3-state as the module reports it (H: alpha, 3-10 and pi helix;
# E: strand/bridge; C: the rest), one letter per residue of the benchmark sequence.
NATIVE = {
    # chignolin (Honda et al., Structure 2004) and CLN025 (Honda et al., JACS 2008): strands 2-4 and
    # 7-9, turn 5-6
    "chignolin_1uao": "CEEECCEEEC",
    "cln025_5awl": "CEEECCEEEC",
    # Trp-cage TC5b (Neidigh et al., NSB 2002): alpha helix 2-9, 3-10 helix 11-14, PPII 17-19
    "trpcage_1l2y": "CHHHHHHHHCHHHHCCCCCC",
    # villin HP35 (McKnight et al., NSB 1997; Chiu et al., PNAS 2005): helices 44-51, 55-60, 64-74
    # (HP35 numbering starts at 42); approximate ends
    "villin_hp35_1yrf": "CCHHHHHHHHCCCHHHHHHCCCHHHHHHHHHHHCC",
    # GB1 41-56 (Gronenborn et al., Science 1991): strands 42-46 and 51-55 around the 47-50 turn
    "gb1_hairpin_1pga_41_56": "CEEEEECCCCEEEEEC",
}
# Cross-strand residue pairs (1-based) of the hairpins, Cα-Cα about 4.5-5.5 Å in the native fold.
HAIRPIN_PAIRS = {
    "chignolin_1uao": [(2, 9), (3, 8)],
    "cln025_5awl": [(2, 9), (3, 8)],
    "gb1_hairpin_1pga_41_56": [(2, 15), (4, 13), (6, 11)],
}


def against_native(name: str, folder: str, ss: str) -> dict:
    """The top model against the published fold: share of residues whose H/E/C letter agrees, and the
    hairpins' cross-strand Cα distances in Å."""
    import mdtraj

    row: dict = {"native_ss": NATIVE.get(name)}
    if name in NATIVE:
        row["ss_agreement_percent"] = round(100.0 * sum(a == b for a, b in zip(ss, NATIVE[name])) / len(ss), 1)
    if name in HAIRPIN_PAIRS:
        model = mdtraj.load_pdb(os.path.join(folder, "model_1.pdb"))
        ca = model.topology.select("name CA")
        pairs = [[ca[i - 1], ca[j - 1]] for i, j in HAIRPIN_PAIRS[name]]
        distances = mdtraj.compute_distances(model, pairs)[0] * 10.0
        row["cross_strand_ca_a"] = {f"{i}-{j}": round(float(d), 2) for (i, j), d in zip(HAIRPIN_PAIRS[name], distances)}
    return row
DEFAULT_NS = DEFAULTS.replicas * DEFAULTS.cycles * (DEFAULTS.heat_ps + DEFAULTS.anneal_ps + DEFAULTS.sample_ps) / 1000.0


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
    row = {"sequence": sequence, "length": len(sequence), "wall_s": round(wall, 1), "cpu_s": round(cpu, 1)}
    if "sampling" in summary:
        sampling = summary["sampling"]
        cycle_ps = sampling["heat_ps"] + sampling["anneal_ps"] + sampling["sample_ps"]
        ran = finished_cycles(folder) - before
        if ran == 0:
            raise SystemExit(f"{folder} already held every cycle; use a fresh --work folder to time a run")
        rate = ran * cycle_ps / cpu
        row.update({
            "sampled_ns": sampling["total_ns"],
            "ps_per_cpu_s": round(rate, 3),
            "default_ns": DEFAULT_NS,
            "projected_default_hours_2_cores": round(DEFAULT_NS * 1000.0 / rate / 2 / 3600.0, 2),
            "snapshots": summary["snapshots"],
        })
    else:
        row.update({"decoys": summary["decoys"], "decoys_clustered": summary["decoys_clustered"]})
    row["clusters"] = summary["clusters"]
    row["models"] = [
        {k: m[k] for k in ("rank", "ss", "helix_percent", "strand_percent", "radius_of_gyration_a", "end_to_end_a",
                           "population_percent", "energy_kcal_mol", "relative_energy_kcal_mol", "confidence_percent")}
        for m in models
    ]
    return row


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/peptide_bench")
    p.add_argument("--only", nargs="*", help="peptide names from the FASTA headers")
    p.add_argument("--out", help="JSON report path (default: <work>/report.json)")
    args, extra = p.parse_known_args()
    extra = [a for a in extra if a != "--"]
    entries = list(benchmark_sequences().items())
    report = []
    for name, sequence in entries:
        if args.only and name not in args.only:
            continue
        folder = os.path.join(args.work, name)
        row = {"name": name, **predict(folder, sequence, extra)}
        row["top_model"] = against_native(name, folder, row["models"][0]["ss"])
        report.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)
    out = args.out or os.path.join(args.work, "report.json")
    with open(out, "w", encoding="utf-8") as fh:
        json.dump({"settings": extra or "product defaults", "peptides": report}, fh, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
