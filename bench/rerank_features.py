"""Per-pose features of a finished redock run (``bench/redock.py --work DIR``), for the re-ranking study
(``bench/rerank_study.py``). Reads DIR, never writes into it; one JSON per arm and complex under ``--cache``.

For every pose Vina returned (in Vina's order): its RMSD to the crystal ligand, Vina's docking score,
the Vinardo score of the unchanged pose (``vina --score_only --scoring vinardo``; with ``--minimise``
instead after a local Vinardo minimisation, ``--local_only``, into ``<pdb>.min.json``), and the
pose-to-pose RMSD matrix.
One Vina process at a time (about 0.7 s of CPU per pose), cached, so a rerun only scores what is new.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from redock import PYTHON_DIR, pose_mols_for_rmsd  # noqa: E402

sys.path.insert(0, PYTHON_DIR)
from yunyao.autodock.ligand import read_vina_out  # noqa: E402
from yunyao.autodock.rerank import vinardo_scores  # noqa: E402


def arm_files(work: str, arm: str, pdb: str) -> tuple[str, str, str] | None:
    """(receptor PDBQT, Vina output PDBQT, poses SDF in Vina's order) of one finished docking, or None."""
    d = os.path.join(work, arm, pdb)
    if arm == "plain":
        files = (os.path.join(d, "receptor.pdbqt"), os.path.join(d, "out_s42_e8_n9.pdbqt"), os.path.join(d, "out_s42_e8_n9.sdf"))
    else:
        out = glob.glob(os.path.join(d, "checkpoint", "site__*.pdbqt"))
        files = (os.path.join(d, "protein.pdbqt"), out[0] if len(out) == 1 else "", os.path.join(d, "poses.sdf"))
    return files if all(os.path.isfile(f) for f in files) else None


def vina_order(poses_sdf: str) -> list[int]:
    """Record index of Vina's 1st, 2nd, ... pose: the platform writes its re-ranked order with each
    pose's ``vina_rank``; plain Vina's poses (no such field) are in Vina's order."""
    from rdkit import Chem

    poses = list(Chem.SDMolSupplier(poses_sdf, sanitize=False))
    ranks = [m.GetIntProp("vina_rank") if m.HasProp("vina_rank") else i + 1 for i, m in enumerate(poses)]
    return sorted(range(len(poses)), key=lambda i: ranks[i])


def run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def features(receptor: str, vina_out: str, poses_sdf: str, crystal_sdf: str, minimise: bool) -> dict:
    from rdkit.Chem import rdMolAlign

    from redock import rmsd_poses

    with open(vina_out, encoding="utf-8") as fh:
        text = fh.read()
    order = vina_order(poses_sdf)
    rmsd = rmsd_poses(poses_sdf, crystal_sdf)
    out: dict = {"vina": [s for s, _ in read_vina_out(text)], "rmsd": [rmsd[i] for i in order]}
    mode = "--local_only" if minimise else "--score_only"
    out["vinardo_min" if minimise else "vinardo"] = vinardo_scores("vina", receptor, text, run, mode)
    mols = [pose_mols_for_rmsd(poses_sdf, crystal_sdf)[i] for i in order]
    out["pair_rmsd"] = [[round(rdMolAlign.CalcRMS(a, b), 3) for b in mols] for a in mols]
    return out


def main() -> None:
    import argparse

    from yunyao.datasets import dataset_path

    ap = argparse.ArgumentParser()
    ap.add_argument("--work", required=True, help="the --work directory of a finished bench/redock.py run (read only)")
    ap.add_argument("--cache", default="/tmp/rerank")
    ap.add_argument("--arms", default="platform,plain")
    ap.add_argument("--minimise", action="store_true", help="also minimise each pose under Vinardo (written beside the plain scores)")
    ap.add_argument("--first", type=int, default=0, help="only the first N complexes (alphabetical); 0: all")
    args = ap.parse_args()
    data = dataset_path("redock")
    for arm in args.arms.split(","):
        os.makedirs(os.path.join(args.cache, arm), exist_ok=True)
        pdbs = sorted(os.listdir(os.path.join(args.work, arm)))
        for pdb in pdbs[: args.first or len(pdbs)]:
            target = os.path.join(args.cache, arm, pdb + (".min" if args.minimise else "") + ".json")
            files = arm_files(args.work, arm, pdb)
            if os.path.isfile(target) or files is None:
                continue
            feats = features(*files, os.path.join(data, pdb, "ligand.sdf"), args.minimise)
            with open(target, "w", encoding="utf-8") as fh:
                json.dump(feats, fh)
            print(arm, pdb, len(feats["vina"]), "poses", flush=True)


if __name__ == "__main__":
    main()
