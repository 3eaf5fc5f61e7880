"""Per-pose features of a finished redock run (``bench/redock.py --work DIR``), for the re-ranking study
(``bench/rerank_study.py``). Reads DIR, never writes into it; one JSON per arm and complex under ``--cache``.

For every pose Vina returned (in Vina's order): its RMSD to the crystal ligand, Vina's docking score,
the Vinardo score of the unchanged pose (``vina --score_only --scoring vinardo``; with ``--minimise``
instead after a local Vinardo minimisation, ``--local_only``, into ``<pdb>.min.json``), and the
pose-to-pose RMSD matrix.
One Vina process at a time (about 1 s per call), cached, so a rerun only scores what is new.
"""

from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from redock import pose_mols_for_rmsd  # noqa: E402

ENERGY = re.compile(r"Estimated Free Energy of Binding\s*:\s*(-?\d+\.\d+)")


def arm_files(work: str, arm: str, pdb: str) -> tuple[str, str, str] | None:
    """(receptor PDBQT, Vina output PDBQT, poses SDF in Vina's order) of one finished docking, or None."""
    d = os.path.join(work, arm, pdb)
    if arm == "plain":
        files = (os.path.join(d, "receptor.pdbqt"), os.path.join(d, "out_s42_e8_n9.pdbqt"), os.path.join(d, "out_s42_e8_n9.sdf"))
    else:
        out = glob.glob(os.path.join(d, "checkpoint", "site__*.pdbqt"))
        files = (os.path.join(d, "protein.pdbqt"), out[0] if len(out) == 1 else "", os.path.join(d, "poses.sdf"))
    return files if all(os.path.isfile(f) for f in files) else None


def split_models(vina_out: str) -> list[tuple[float, str]]:
    """[(Vina score, ligand PDBQT text without MODEL lines)] per pose."""
    models, lines, score = [], [], 0.0
    with open(vina_out, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("MODEL"):
                lines = []
            elif line.startswith("ENDMDL"):
                models.append((score, "".join(lines)))
            else:
                if line.startswith("REMARK VINA RESULT:"):
                    score = float(line.split()[3])
                lines.append(line)
    return models


def vina_energy(receptor: str, ligand: str, scoring: str, minimise: bool) -> float:
    mode = ["--local_only"] if minimise else ["--score_only"]
    res = subprocess.run(["vina", *mode, "--autobox", "--scoring", scoring, "--receptor", receptor, "--ligand", ligand],
                         capture_output=True, text=True)
    m = ENERGY.search(res.stdout)
    if res.returncode != 0 or m is None:
        raise RuntimeError(f"vina {scoring}: {(res.stderr or res.stdout).strip()[-200:]}")
    return float(m.group(1))


def features(receptor: str, vina_out: str, poses_sdf: str, crystal_sdf: str, minimise: bool) -> dict:
    from rdkit.Chem import rdMolAlign

    from redock import rmsd_poses

    models = split_models(vina_out)
    out: dict = {"vina": [s for s, _ in models], "rmsd": rmsd_poses(poses_sdf, crystal_sdf),
                 "vinardo_min" if minimise else "vinardo": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i, (_, text) in enumerate(models):
            lig = os.path.join(tmp, f"pose{i}.pdbqt")
            with open(lig, "w", encoding="utf-8") as fh:
                fh.write(text)
            out["vinardo_min" if minimise else "vinardo"].append(vina_energy(receptor, lig, "vinardo", minimise))
    mols = pose_mols_for_rmsd(poses_sdf, crystal_sdf)
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
