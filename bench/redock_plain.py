"""The reference arm of ``bench/redock.py``: AutoDock Vina 1.2.3 run by hand, as a user without the platform would.

Receptor ``obabel protein.pdb -xr -p 7.4 -opdbqt`` (cofactors in the file kept), ligand
``obabel ligand_start_conf.sdf -p 7.4 -opdbqt`` (PoseBusters' RDKit start conformer, so the crystal
conformation is not leaked), a 22 Å cube on the crystal-ligand centroid, exhaustiveness 8, one core,
the benchmark's seed. Files go to ``<work>/<pdb>/`` and a finished docking is not run again, so the
arm costs its Vina time once.
"""

from __future__ import annotations

import os
import subprocess
import time

BOX_EDGE = 22.0


def _obabel(args: list[str], out: str) -> None:
    if os.path.isfile(out) and os.path.getsize(out) > 0:
        return
    res = subprocess.run(["obabel", *args, "-O", out + ".tmp.pdbqt"], capture_output=True, text=True)
    if res.returncode != 0 or not os.path.isfile(out + ".tmp.pdbqt") or os.path.getsize(out + ".tmp.pdbqt") == 0:
        raise RuntimeError(f"obabel {' '.join(args)}: {res.stderr.strip()[-300:]}")
    os.replace(out + ".tmp.pdbqt", out)


def centroid(mol) -> list[float]:
    pos = mol.GetConformer().GetPositions()
    return [float(v) for v in pos.mean(axis=0)]


def dock_plain(src: str, work: str, crystal, seed: int, exhaustiveness: int, poses: int) -> tuple[str, float]:
    """(Vina output PDBQT, seconds Vina took in this call; 0 when the cached output was reused)."""
    os.makedirs(work, exist_ok=True)
    receptor = os.path.join(work, "receptor.pdbqt")
    ligand = os.path.join(work, "ligand.pdbqt")
    _obabel([os.path.join(src, "protein.pdb"), "-xr", "-p", "7.4", "-opdbqt"], receptor)
    _obabel([os.path.join(src, "ligand_start_conf.sdf"), "-p", "7.4", "-opdbqt"], ligand)
    out = os.path.join(work, f"out_s{seed}_e{exhaustiveness}_n{poses}.pdbqt")
    if os.path.isfile(out):
        return out, 0.0
    c = centroid(crystal)
    cmd = [
        "vina", "--receptor", receptor, "--ligand", ligand,
        "--center_x", f"{c[0]:.3f}", "--center_y", f"{c[1]:.3f}", "--center_z", f"{c[2]:.3f}",
        "--size_x", str(BOX_EDGE), "--size_y", str(BOX_EDGE), "--size_z", str(BOX_EDGE),
        "--exhaustiveness", str(exhaustiveness), "--num_modes", str(poses), "--seed", str(seed),
        "--cpu", "1", "--out", out + ".tmp.pdbqt",
    ]
    t0 = time.monotonic()
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"vina: {(res.stderr or res.stdout).strip()[-300:]}")
    os.replace(out + ".tmp.pdbqt", out)
    return out, time.monotonic() - t0


def pose_sdf(vina_out: str) -> str:
    """Vina's poses as SDF (Open Babel reads the PDBQT's connectivity), for the RMSD against the crystal."""
    sdf = vina_out[: -len(".pdbqt")] + ".sdf"
    res = subprocess.run(["obabel", vina_out, "-osdf", "-O", sdf], capture_output=True, text=True)
    if res.returncode != 0 or not os.path.isfile(sdf):
        raise RuntimeError(f"obabel pose conversion: {res.stderr.strip()[-300:]}")
    return sdf
