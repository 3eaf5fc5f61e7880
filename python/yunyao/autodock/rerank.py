"""Re-ranking of one docking job's poses: Vina's order and Vinardo's order combined (rank sum).

Vina's scoring function often ranks a near-native pose second (see the redock study in
docs/models/docking.md); a second, differently fitted function (Vinardo, in the same Vina binary)
breaks such near ties. Each pose is scored unchanged (Vinardo's ``vina --score_only`` estimate); the new
order is by (rank under Vina + rank under Vinardo), ties in Vina's order. Vina's score of each pose is
kept: callers report it, in the new order.

Vina runs on the job's first pose only; ``vinardo.scores`` computes every pose's score the way Vina
does and is used when it reproduces Vina's numbers on that pose (otherwise, or for an atom type it
does not reproduce, Vina scores every pose): one Vina process per job instead of one per pose.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from typing import Callable, Optional

RANKING = {
    "method": "vina+vinardo rank sum",
    "version": "rerank-1",
    "rescoring": "AutoDock Vina --score_only --scoring vinardo --autobox, pose unchanged (Vina's computation, one process per job)",
}
ENERGY = re.compile(r"Estimated Free Energy of Binding\s*:\s*(-?\d+(?:\.\d+)?)")
INTER = re.compile(r"Ligand - Receptor\s*:\s*(-?\d+(?:\.\d+)?)")
# Vina prints 3 decimals, so its number is within half a unit of the last digit of the one computed
# the same way (plus floating-point noise); a larger difference means the computation is not Vina's.
PRINTED = 0.0006

Run = Callable[[list[str], float], subprocess.CompletedProcess]


class RescoreError(Exception):
    """Why Vinardo could not score a pose (Chinese)."""


def split_poses(vina_out: str) -> list[str]:
    """The ligand PDBQT of every MODEL of a Vina output, MODEL/ENDMDL lines dropped (Vina reads one pose per file)."""
    poses: list[str] = []
    lines: list[str] = []
    for line in vina_out.splitlines(keepends=True):
        if line.startswith("MODEL"):
            lines = []
        elif line.startswith("ENDMDL"):
            poses.append("".join(lines))
        else:
            lines.append(line)
    return poses


def vinardo_scores(vina: str, receptor: str, vina_out: str, run: Run, mode: str = "--score_only", timeout: float = 300) -> list[float]:
    """Vinardo's estimate (kcal/mol) of every pose of a Vina output, in the output's order: of the pose
    unchanged (``--score_only``, the platform's rule) or after a local Vinardo minimisation (``--local_only``,
    tried in bench/rerank_study.py; one Vina process per pose)."""
    poses = split_poses(vina_out)
    with tempfile.TemporaryDirectory(prefix="rerank_") as tmp:

        def by_vina(i: int) -> tuple[float, Optional[float]]:
            path = os.path.join(tmp, f"pose{i + 1}.pdbqt")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(poses[i])
            proc = run([vina, mode, "--autobox", "--scoring", "vinardo", "--receptor", receptor, "--ligand", path], timeout)
            m = ENERGY.search(proc.stdout)
            if proc.returncode != 0 or m is None:
                raise RescoreError(f"Vinardo 重打分失败（第 {i + 1} 个构象）：{(proc.stderr or proc.stdout).strip()[-200:]}")
            inter = INTER.search(proc.stdout)
            return float(m.group(1)), float(inter.group(1)) if inter else None

        if mode != "--score_only" or not poses:
            return [by_vina(i)[0] for i in range(len(poses))]
        first, inter = by_vina(0)
        computed = _computed(receptor, poses)
        if computed is not None and inter is not None:
            sums, factor = computed
            if abs(sums[0] - inter) <= PRINTED and abs(sums[0] * factor - first) <= PRINTED:
                return [first] + [round(s * factor, 3) for s in sums[1:]]
        return [first] + [by_vina(i)[0] for i in range(1, len(poses))]


def _computed(receptor: str, poses: list[str]) -> Optional[tuple[list[float], float]]:
    """``vinardo.scores`` of the poses, or None where it leaves them to Vina (an atom type it does
    not reproduce, a receptor it cannot read)."""
    from . import vinardo

    try:
        with open(receptor, encoding="utf-8") as fh:
            text = fh.read()
        return vinardo.scores(text, poses)
    except (OSError, ValueError, KeyError, vinardo.Unsupported):
        return None


def rank_sum_order(vina: list[float], vinardo: list[float]) -> list[int]:
    """Pose indices, best first: by rank under Vina + rank under Vinardo, ties in Vina's order."""
    by_vina = sorted(range(len(vina)), key=lambda i: (vina[i], i))
    by_vinardo = sorted(range(len(vinardo)), key=lambda i: (vinardo[i], i))
    vina_rank = {i: r for r, i in enumerate(by_vina)}
    vinardo_rank = {i: r for r, i in enumerate(by_vinardo)}
    return sorted(range(len(vina)), key=lambda i: (vina_rank[i] + vinardo_rank[i], vina_rank[i]))
