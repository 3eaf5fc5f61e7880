"""Molecular docking with AutoDock Vina: every ligand into every site, resumable.

    python -m yunyao.autodock --receptor=protein.pdbqt --receptor-pdb=protein_prepared.pdb \
        --ligands-json='[{"path": "inputs/0_mols.csv", "name": "mols.csv"}]' \
        --sites=sites.json --params=params.json --cpu=2 \
        --checkpoint-dir=checkpoint --progress=progress.json

The docking module's parameters come from params.json (``yunyao.params``): ``accuracy`` is Vina's
exhaustiveness, ``posture`` the poses per site, ``filter`` the best ligands kept, ``seed`` the seed.

Ligands (``ligand``): SMILES -> largest fragment -> Open Babel pH 7.4 model
-> RDKit ETKDG + MMFF (seeded) -> PDBQT by Open Babel.  Jobs (ligand x site) run
``vina --cpu 1`` each, ``--cpu`` of them at a time; each finished job is written
atomically to ``<checkpoint-dir>/<job-key>.json`` (+ ``.pdbqt`` poses) and is not
run again on restart.  Outputs: result.json, rows.json, part_to_IDs.json,
poses.sdf, complex.pdb, statis.json, summary.json (see docs/models/docking.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..common import InputFile, YunyaoError, chunk_of, encode_message, fail, internal_error, load_inputs, message, one_line, read_smiles_table, reject_input, run_main, vina_env, write_json
from ..messages import decode
from ..histogram import histogram
from ..params import load_params
from ..pose_interactions import INTERACTIONS_FILE, best_pose_contacts, write_interactions
from ..protein_prep import VINA_TYPES
from .ligand_efficiency import efficiency
from .rerank import RANKING, RescoreError, rank_sum_order, vinardo_scores
from .scores_csv import write_scores_csv

# Bump when preparation or job semantics change: old checkpoints are then ignored.
CHECKPOINT_VERSION = "dock-2"
LIGAND_EXTS = {"csv", "smi", "txt", "tsv"}
# "posture" is the number of poses the user asked for; Vina's default 3 kcal/mol window
# around the best pose would silently return fewer, so the window is opened wide.
ENERGY_RANGE = 100
# One Vina job (one ligand, one site, one core) beyond this is a hang, not a search.
VINA_TIMEOUT_S = 3 * 3600
# Platform box rule: ligand (or pocket) extent plus this margin on every side, in Å.
BOX_MARGIN = 5.0


def box_around(coords: Sequence[Sequence[float]], margin: float = BOX_MARGIN) -> dict[str, list[float]]:
    """Axis-aligned box: centre of the extent, size = extent + 2 x margin per axis (Å, 3 decimals)."""
    lo = [min(c[i] for c in coords) for i in range(3)]
    hi = [max(c[i] for c in coords) for i in range(3)]
    return {
        "center": [round((lo[i] + hi[i]) / 2, 3) for i in range(3)],
        "size": [round(hi[i] - lo[i] + 2 * margin, 3) for i in range(3)],
    }


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="yunyao.autodock")
    p.add_argument("--receptor", required=True, help="receptor PDBQT (protein_prep)")
    p.add_argument("--receptor-pdb", required=True, help="prepared receptor PDB, for complex.pdb")
    p.add_argument("--ligands-json", required=True, help="JSON manifest [{path, name}] of SMILES tables")
    p.add_argument("--sites", required=True, help="sites.json: [{id, center:[x,y,z], size:[sx,sy,sz]}]")
    p.add_argument("--params", required=True, help="the docking module's params.json (accuracy, posture, filter, seed)")
    p.add_argument("--cpu", type=int, default=1)
    p.add_argument("--checkpoint-dir", default="checkpoint")
    p.add_argument("--progress", default="progress.json")
    p.add_argument("--out-dir", default=".")
    p.add_argument("--chunk", default="", help="I/N: dock only the ligands whose index is I modulo N, into the checkpoint, and write no outputs")
    args, unknown = p.parse_known_args(argv)
    if unknown:
        internal_error("autodock.unknownArguments", args=" ".join(unknown))
    params = load_params(args.params)
    args.exhaustiveness, args.poses, args.keep, args.seed = params["accuracy"], params["posture"], params["filter"], params["seed"]
    args.rerank = True  # the docking module's poses are re-ranked (rerank.py); an engine caller may not need it (yunyao.sign)
    if args.cpu < 1:
        fail("autodock.cpuInvalid", cpu=args.cpu)
    try:
        chunk_of(args.chunk)
    except ValueError:
        internal_error("autodock.unknownArguments", args=f"--chunk={args.chunk}")
    return args


# --------------------------------------------------------------------------
# Inputs


def check_receptor(path: str) -> str:
    """Strict check of the receptor PDBQT; returns its SHA-1 (part of every job key)."""
    if not os.path.isfile(path):
        fail("autodock.receptorMissing", file=os.path.basename(path))
    with open(path, "rb") as fh:
        data = fh.read()
    text = data.decode("utf-8", errors="replace")
    n = 0
    for no, line in enumerate(text.splitlines(), start=1):
        rec = line[:6].strip()
        if rec in ("ROOT", "BRANCH", "TORSDOF"):
            fail("autodock.receptorTorsionTree", line=no, record=rec)
        if rec not in ("ATOM", "HETATM"):
            continue
        try:
            xyz = [float(line[30:38]), float(line[38:46]), float(line[46:54])]
            float(line[70:76])
        except ValueError:
            fail("autodock.receptorNotNumbers", line=no, text=one_line(line, 80))
        if not all(math.isfinite(v) for v in xyz):
            fail("autodock.receptorNotFinite", line=no)
        ad = line[77:79].strip()
        if ad not in VINA_TYPES:
            fail("autodock.receptorAtomType", line=no, type=ad or {"zh": "空", "en": "empty"}, text=one_line(line, 80))
        n += 1
    if n == 0:
        fail("autodock.receptorNoAtoms")
    return hashlib.sha1(data).hexdigest()


@dataclass
class Site:
    id: str
    center: list[float]
    size: list[float]


def load_sites(path: str) -> list[Site]:
    try:
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
    except OSError:
        fail("autodock.sitesUnreadable")
    except json.JSONDecodeError as exc:
        fail("autodock.sitesNotJson", error=str(exc))
    if not isinstance(raw, list) or not raw:
        fail("autodock.sitesEmpty")
    sites: list[Site] = []
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            fail("autodock.siteMalformed", index=i)
        sid = str(item.get("id") or f"pocket{i}").strip()
        c, s = item.get("center"), item.get("size")
        ok = (
            isinstance(c, list) and isinstance(s, list) and len(c) == 3 and len(s) == 3
            and all(isinstance(v, (int, float)) and math.isfinite(v) for v in c + s)
        )
        if not ok:
            fail("autodock.siteBoxMalformed", site=sid)
        if any(v <= 0 or v > 126 for v in s):
            fail("autodock.siteBoxSize", site=sid, size=str(s))
        if any(x.id == sid for x in sites):
            fail("autodock.siteDuplicate", site=sid)
        sites.append(Site(sid, [float(v) for v in c], [float(v) for v in s]))
    return sites


@dataclass
class Ligand:
    index: int  # 0-based over all input files
    id: str
    smiles: str
    source: str  # file name + record, for messages
    key: str


def _safe(text: str, limit: int = 40) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)[:limit] or "x"


def _h8(*parts: object) -> str:
    return hashlib.sha1(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()[:8]


def load_ligands(manifest: str, seed: int) -> list[Ligand]:
    files = load_inputs(manifest)
    ligands: list[Ligand] = []
    for inp in files:
        if inp.ext not in LIGAND_EXTS:
            reject_input("autodock.ligandFileType", file=inp.name)
        table = read_smiles_table(InputFile(inp.path, inp.name, inp.ext))
        for rec in table.records:
            n = len(ligands) + 1
            ligands.append(Ligand(n - 1, rec.name.strip() or f"mol_{n}", rec.smiles.strip(), f"{inp.name}:{rec.line}", ""))
    if not ligands:
        reject_input("autodock.noLigands")
    seen: dict[str, int] = {}
    taken = {l.id for l in ligands}
    for lig in ligands:
        if lig.id in seen:
            k = seen[lig.id] + 1
            while f"{lig.id}_{k}" in taken:
                k += 1
            seen[lig.id] = k
            lig.id = f"{lig.id}_{k}"
            taken.add(lig.id)
        else:
            seen[lig.id] = 1
        lig.key = ligand_key(lig, seed)
    return ligands


def ligand_key(lig: Ligand, seed: int) -> str:
    """The ligand's part of its job keys and the name of its prepared ligand in the checkpoint."""
    return f"L{lig.index + 1:05d}_{_safe(lig.id, 24)}_{_h8(CHECKPOINT_VERSION, lig.smiles, ligand_seed(seed, lig.index))}"


def ligand_seed(seed: int, index: int) -> int:
    return (seed + 104729 * (index + 1)) % 2147483647 or 1


def job_seed(seed: int, ligand_index: int, site_index: int) -> int:
    """Vina seed of one job; never 0 (0 means 'random' to Vina).

    From the ligand's and the site's positions, not the flat job index, so appending
    ligands or sites keeps every existing job (and its checkpoint) unchanged.
    """
    return (seed + 7919 * ligand_index + 104651 * site_index) % 2147483647 or 1


# --------------------------------------------------------------------------
# Running


class Stopped(Exception):
    pass


class Runner:
    """Vina processes of this step; all are killed on SIGTERM / failure."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.procs: set[subprocess.Popen] = set()
        self.stop = threading.Event()
        # Vina dies with the worker thread that started it, even if this process is SIGKILLed.
        self.prefix = ["setpriv", "--pdeathsig", "KILL"] if shutil.which("setpriv") else []
        self.ran = 0

    def run(self, cmd: list[str], timeout: float) -> subprocess.CompletedProcess:
        with self.lock:
            if self.stop.is_set():
                raise Stopped()
            proc = subprocess.Popen(self.prefix + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=vina_env())
            self.procs.add(proc)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            err = f"timed out after {timeout / 3600:g} h\n" + err
            timed_out = True
        else:
            timed_out = False
        finally:
            with self.lock:
                self.procs.discard(proc)
        if self.stop.is_set():
            raise Stopped()
        done = subprocess.CompletedProcess(cmd, proc.returncode, out, err)
        done.timed_out = timed_out  # type: ignore[attr-defined]
        done.timeout_h = timeout / 3600  # type: ignore[attr-defined]
        return done

    def kill_all(self) -> None:
        self.stop.set()
        with self.lock:
            procs = list(self.procs)
        for p in procs:
            if p.poll() is None:
                p.terminate()
        deadline = time.monotonic() + 3
        for p in procs:
            try:
                p.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


@dataclass
class Job:
    index: int
    ligand: Ligand
    site: Site
    seed: int
    key: str


def _read_json(path: str) -> Optional[dict]:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError):
        return None


def _write_text(path: str, text: str) -> None:
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(path + ".tmp", path)


class Docker:
    def __init__(self, args: argparse.Namespace, receptor_sha: str, runner: Runner) -> None:
        self.args = args
        self.receptor_sha = receptor_sha
        self.runner = runner
        self.ckpt = args.checkpoint_dir
        self.lig_dir = os.path.join(self.ckpt, "ligands")
        os.makedirs(self.lig_dir, exist_ok=True)
        # One preparation at a time: Open Babel initialises its pH model and typing tables
        # lazily in globals (not thread-safe), and preparation is < 1 % of a Vina job.
        self.prep_lock = threading.Lock()
        self.vina = shutil.which("vina") or "vina"

    def ligand(self, lig: Ligand) -> dict:
        """Prepared ligand (cached in the checkpoint dir; prepared once even with parallel sites)."""
        path = os.path.join(self.lig_dir, lig.key + ".json")
        with self.prep_lock:
            cached = _read_json(path)
            if cached is not None:
                return cached
            from .ligand import LigandError, prepare

            try:
                prep = prepare(lig.smiles, ligand_seed(self.args.seed, lig.index))
            except LigandError as exc:
                prep = {"error": str(exc)}  # the encoded message
            except Exception as exc:  # an engine bug on one molecule must not stop the batch
                prep = {"error": encode_message(message("autodock.prepFailed", error=f"{type(exc).__name__}: {one_line(exc, 200)}"))}
            if "pdbqt" in prep:
                _write_text(os.path.join(self.lig_dir, lig.key + ".pdbqt"), prep["pdbqt"])
            write_json(path, prep)
            return prep

    def vina_cmd(self, job: Job, out: str) -> list[str]:
        a, s = self.args, job.site
        return [
            self.vina, "--receptor", a.receptor, "--ligand", os.path.join(self.lig_dir, job.ligand.key + ".pdbqt"),
            "--center_x", f"{s.center[0]:.3f}", "--center_y", f"{s.center[1]:.3f}", "--center_z", f"{s.center[2]:.3f}",
            "--size_x", f"{s.size[0]:.3f}", "--size_y", f"{s.size[1]:.3f}", "--size_z", f"{s.size[2]:.3f}",
            "--exhaustiveness", str(a.exhaustiveness), "--num_modes", str(a.poses), "--energy_range", str(ENERGY_RANGE), "--seed", str(job.seed),
            "--cpu", "1", "--out", out,
        ]

    def run_job(self, job: Job) -> dict:
        if self.runner.stop.is_set():
            raise Stopped()
        prep = self.ligand(job.ligand)
        base = os.path.join(self.ckpt, job.key)
        res: dict = {"key": job.key, "ligand": job.ligand.id, "pocket": job.site.id, "seed": job.seed}
        if "error" in prep:
            res.update(error=prep["error"], scores=[], seconds=0.0)
        else:
            t0 = time.monotonic()
            out = base + ".out.pdbqt"
            cmd = self.vina_cmd(job, out)
            proc = self.runner.run(cmd, VINA_TIMEOUT_S)
            timed_out = getattr(proc, "timed_out", False)
            if proc.returncode < 0 and not timed_out:
                # killed from outside (OOM killer, worker shutdown): not a result, retry on resume
                raise YunyaoError(message("autodock.vinaKilled", signal=-proc.returncode, ligand=job.ligand.id, site=job.site.id))
            res["seconds"] = round(time.monotonic() - t0, 3)
            res["command"] = cmd
            with self.runner.lock:
                self.runner.ran += 1
            text = ""
            if proc.returncode == 0 and os.path.isfile(out):
                with open(out, encoding="utf-8") as fh:
                    text = fh.read()
            from .ligand import read_vina_out

            scores = [s for s, _ in read_vina_out(text)]
            if scores:
                os.replace(out, base + ".pdbqt")
                res.update(scores=scores)
            else:
                lines = [l for l in (proc.stderr + "\n" + proc.stdout).splitlines() if l.strip()]
                msg = next((l for l in lines if "error" in l.lower()), lines[-1] if lines else None)
                failed = (message("autodock.vinaTimedOut", hours=round(proc.timeout_h, 3)) if timed_out
                          else message("autodock.vinaFailed", detail=one_line(msg, 240) if msg else {"zh": "无输出", "en": "no output"}))
                res.update(error=encode_message(failed), scores=[])
                if os.path.exists(out):
                    os.remove(out)
        write_json(base + ".json", res)  # last: its existence means the job is done
        return res

    def rerank(self, job: Job, res: dict) -> dict:
        """Vinardo scores of the job's poses (rerank), added to its checkpoint; jobs docked before
        re-ranking existed are rescored from their cached poses, so their Vina run is reused."""
        if res.get("error") or "vinardo" in res or not self.args.rerank:
            return res
        t0 = time.monotonic()
        with open(os.path.join(self.ckpt, job.key + ".pdbqt"), encoding="utf-8") as fh:
            poses = fh.read()
        try:
            res = {**res, "vinardo": vinardo_scores(self.vina, self.args.receptor, poses, self.runner.run)}
        except RescoreError as exc:  # the poses stay valid: Vina's order is kept, with a warning
            res = {**res, "vinardo": [], "rerankWarning": str(exc)}
        res["rerankSeconds"] = round(time.monotonic() - t0, 3)
        write_json(os.path.join(self.ckpt, job.key + ".json"), res)
        return res

    def complete(self, job: Job, cached: Optional[dict]) -> dict:
        return self.rerank(job, cached if cached is not None else self.run_job(job))


def pose_order(res: dict) -> list[int]:
    """Indices of the job's Vina poses in the platform's order (rerank; Vina's own when not rescored)."""
    scores, vinardo = res.get("scores", []), res.get("vinardo") or []
    return rank_sum_order(scores, vinardo) if len(vinardo) == len(scores) else list(range(len(scores)))


# --------------------------------------------------------------------------
# Outputs


def write_complex(receptor_pdb: str, pose, path: str) -> None:
    lines: list[str] = []
    serial = 0
    if os.path.isfile(receptor_pdb):
        with open(receptor_pdb, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.startswith(("ATOM", "HETATM")):
                    serial += 1
                    lines.append(line.rstrip("\n"))
                elif line.startswith("TER"):
                    lines.append("TER")
    if pose is not None:
        conf = pose.GetConformer()
        counts: dict[str, int] = {}
        for atom in pose.GetAtoms():
            serial += 1
            el = atom.GetSymbol()
            counts[el] = counts.get(el, 0) + 1
            name = f"{el}{counts[el]}"[:4]
            name = name if len(name) == 4 or len(el) == 2 else " " + name
            p = conf.GetAtomPosition(atom.GetIdx())
            charge = atom.GetFormalCharge()
            q = f"{abs(charge)}{'+' if charge > 0 else '-'}" if charge else "  "
            lines.append(
                f"HETATM{serial % 100000:>5} {name:<4} LIG L   1    {p.x:8.3f}{p.y:8.3f}{p.z:8.3f}  1.00  0.00          {el.upper():>2}{q}"
            )
        lines.append("TER")
    lines.append("END")
    _write_text(path, "\n".join(lines) + "\n")


def engine_versions() -> dict[str, str]:
    """Vina, Open Babel and RDKit versions, recorded in every docking and affinity result."""
    out = {"vina": "", "openbabel": "", "rdkit": ""}
    try:
        res = subprocess.run([shutil.which("vina") or "vina", "--version"], capture_output=True, text=True, timeout=20)
        m = re.search(r"v?(\d+\.\d+\.\d+)", res.stdout + res.stderr)
        out["vina"] = m.group(1) if m else ""
    except (OSError, subprocess.TimeoutExpired):
        pass
    try:
        from openbabel import openbabel as ob

        out["openbabel"] = ob.OBReleaseVersion()
    except Exception:  # pragma: no cover
        pass
    try:
        import rdkit

        out["rdkit"] = rdkit.__version__
    except Exception:  # pragma: no cover
        pass
    return out


def ranked_poses(row: dict, prepared: dict, result: dict, pdbqt_path: str, protein=None) -> list:
    """A job's poses in the platform's order, each with the SD properties the pose viewer and downloads read,
    and the PoseBusters-style validity checks (``yunyao.pose_checks``; ``protein``: its heavy atoms)."""
    from ..pose_checks import check_pose
    from .ligand import pose_mols

    with open(pdbqt_path, encoding="utf-8") as fh:
        mols = pose_mols(prepared, fh.read())
    vinardo = result.get("vinardo") or []
    out = []
    for rank, vina_index in enumerate(pose_order(result), start=1):
        m = mols[vina_index]
        m.SetIntProp("vina_rank", vina_index + 1)
        if vinardo:
            m.SetProp("vinardo", f"{vinardo[vina_index]:.3f}")
        m.SetProp("_Name", row["ID"])
        m.SetProp("ID", row["ID"])
        m.SetProp("pocket", row["pocket"])
        m.SetProp("ligand", row["ligand"])
        m.SetIntProp("rank", rank)
        m.SetProp("score", f"{m.GetDoubleProp('score'):.3f}")
        set_pose_checks(m, check_pose(m, prepared.get("smiles_prepared") or row.get("SMILES"), protein))
        out.append(m)
    return out


def set_pose_checks(mol, checks: dict) -> None:
    """The checks as SD tags: ``pb_valid`` true / false / empty (the check itself failed), ``pb_failed``
    the failed checks' names, comma-separated, and ``pb_error`` why a check could not run."""
    valid = checks.get("pb_valid")
    mol.SetProp("pb_valid", "" if valid is None else ("true" if valid else "false"))
    mol.SetProp("pb_failed", ",".join(checks.get("pb_failed") or []))
    if checks.get("pb_error"):
        mol.SetProp("pb_error", checks["pb_error"])


def pose_check_fields(poses: list) -> dict:
    """The row's validity fields from its poses' SD tags: the best pose's flag and failed checks, and each pose's flag."""
    def flag(m) -> Optional[bool]:
        v = m.GetProp("pb_valid") if m.HasProp("pb_valid") else ""
        return None if v == "" else v == "true"

    if not poses:
        return {}
    best = poses[0]
    out: dict = {"pb_valid": flag(best), "pb_failed": [x for x in best.GetProp("pb_failed").split(",") if x] if best.HasProp("pb_failed") else [],
                 "pb_poses": [flag(m) for m in poses]}
    if best.HasProp("pb_error"):
        out["pb_error"] = best.GetProp("pb_error")
    return out


def write_kept_poses(docked: list, keep: int, poses_of: Callable[[dict, object], list], sdf_path: str) -> tuple[list, list[dict], list]:
    """The best ``keep`` docked rows (already sorted) whose poses can be rebuilt and written, each pose in
    ``sdf_path``. A row whose poses cannot be is an error row, and the next docked one takes its place.
    Returns (kept (row, job) pairs, error rows, (ID, rank, mol) of every written pose)."""
    from .ligand import LigandError
    from ..sd_records import MoleculeWriteError, sd_record

    kept: list = []
    unwritten: list[dict] = []
    records: list[str] = []
    written: list = []
    for row, job in docked:
        if len(kept) == keep:
            break
        try:
            poses = poses_of(row, job)
            texts = [sd_record(m) for m in poses]
        except (LigandError, MoleculeWriteError) as exc:
            unwritten.append({key: row[key] for key in ("ID", "ids", "ligand", "pocket", "SMILES")} | {"score": [], "error": str(exc)})
            continue
        kept.append((row, job))
        records.extend(texts)
        written.extend((row["ID"], rank, m) for rank, m in enumerate(poses, start=1))
    with open(sdf_path + ".tmp", "w", encoding="utf-8") as fh:
        fh.write("".join(records))
    os.replace(sdf_path + ".tmp", sdf_path)
    return kept, unwritten, written


def write_outputs(args, ligands, sites, jobs, results: dict[str, dict], docker: Docker, started: float, ran: int, resumed: int) -> dict:
    smiles = {l.id: l.smiles for l in ligands}
    prepared: dict[str, dict] = {l.id: docker.ligand(l) for l in ligands}
    docked: list[dict] = []
    errors: list[dict] = []
    failed_ligands = set()
    for l in ligands:
        if "error" in prepared[l.id]:
            failed_ligands.add(l.id)
            errors.append({"ID": l.id, "ids": l.id, "ligand": l.id, "pocket": "", "SMILES": l.smiles, "score": [], "error": prepared[l.id]["error"]})
    for job in jobs:
        r = results[job.key]
        if job.ligand.id in failed_ligands:
            continue
        rid = f"{job.site.id}_{job.ligand.id}"
        scores = r.get("scores", [])
        row = {"ID": rid, "ids": rid, "ligand": job.ligand.id, "pocket": job.site.id, "SMILES": job.ligand.smiles,
               "score": [scores[i] for i in pose_order(r)]}
        if r.get("error"):
            errors.append({**row, "score": [], "error": r["error"]})
        else:
            row["smiles_prepared"] = prepared[job.ligand.id].get("smiles_prepared", "")
            row.update(efficiency(row["score"][0], prepared[job.ligand.id].get("heavy_atoms", 0)))
            docked.append((row, job))  # type: ignore[arg-type]
    docked.sort(key=lambda rj: (rj[0]["score"][0], rj[0]["ID"]))  # type: ignore[index]
    od = args.out_dir

    # Poses: bond orders, charges and stereo from the prepared ligand itself (exact atom map
    # via the input PDBQT, see ligand.map_pdbqt_to_mol) — no bond perception on Vina output.
    from ..pose_checks import protein_atoms

    try:
        protein = protein_atoms(args.receptor_pdb)
    except OSError:
        protein = None  # the protein-clash check is then left out (null), the others still run
    kept, unwritten, docked_poses = write_kept_poses(
        docked, args.keep,
        lambda row, job: ranked_poses(row, prepared[job.ligand.id], results[job.key], os.path.join(docker.ckpt, job.key + ".pdbqt"), protein),
        os.path.join(od, "poses.sdf"))
    poses_by_id: dict[str, list] = {}
    for pid, _rank, m in docked_poses:
        poses_by_id.setdefault(pid, []).append(m)
    for r, _ in kept:
        r.update(pose_check_fields(poses_by_id.get(r["ID"], [])))
    errors.extend(unwritten)
    top_pose = docked_poses[0][2] if docked_poses else None
    rows = [r for r, _ in kept] + errors
    parts: dict[str, list[str]] = {}
    for r, _ in kept:
        parts.setdefault(r["pocket"], []).append(r["ID"])
    write_json(os.path.join(od, "part_to_IDs.json"), [{"part": s.id, "IDs": parts[s.id]} for s in sites if s.id in parts])
    write_json(os.path.join(od, "statis.json"), histogram([r["score"][0] for r, _ in kept], len(rows)))
    write_complex(args.receptor_pdb, top_pose, os.path.join(od, "complex.pdb"))
    interactions = write_interactions(args.receptor_pdb, docked_poses, args.cpu, os.path.join(od, INTERACTIONS_FILE))
    best_contacts = best_pose_contacts(os.path.join(od, INTERACTIONS_FILE))
    for row in rows:
        row["contacts"] = best_contacts.get(row["ID"], [])
    write_json(os.path.join(od, "result.json"), rows)
    write_json(os.path.join(od, "rows.json"), rows)
    write_scores_csv(rows, os.path.join(od, "scores.csv"))

    n_docked = len(docked) - len(unwritten)
    summary = {
        "module": "dock",
        "ligands": len(ligands),
        "sites": len(sites),
        # The boxes themselves, so the result view can draw where each ligand was docked.
        "siteBoxes": [{"id": s.id, "center": list(s.center), "size": list(s.size)} for s in sites],
        "jobs": len(jobs),
        "docked": n_docked,
        "failed": len(errors),
        "failedLigands": len(failed_ligands),
        "failedJobs": sum(1 for j in jobs if results[j.key].get("error")),
        "kept": len(kept),
        "exhaustiveness": args.exhaustiveness,
        "poses": args.poses,
        "keep": args.keep,
        "seed": args.seed,
        "cpu": args.cpu,
        "boxMargin": BOX_MARGIN,
        "ranking": RANKING if args.rerank else None,
        "poseChecks": {"poses": len(docked_poses), "valid": sum(1 for _, _, m in docked_poses if m.GetProp("pb_valid") == "true"),
                       "unchecked": sum(1 for _, _, m in docked_poses if m.GetProp("pb_valid") == "")},
        "engines": {**engine_versions(), "plip": interactions["version"]},
        "interactions": interactions,
        "seeds": {j.key: j.seed for j in jobs},
        "ligandSeeds": {l.id: ligand_seed(args.seed, l.index) for l in ligands},
        "ranThisRun": ran,
        "resumedFromCheckpoint": resumed,
        "vinaSeconds": round(sum(float(results[j.key].get("seconds", 0.0)) for j in jobs), 3),
        "rerankSeconds": round(sum(float(results[j.key].get("rerankSeconds", 0.0)) for j in jobs), 3),
        "wallSeconds": round(time.monotonic() - started, 3),
        "warnings": ([{"ligand": l.id, "message": w} for l in ligands for w in prepared[l.id].get("warnings", [])]
                     + [{"ligand": j.ligand.id, "message": results[j.key]["rerankWarning"]} for j in jobs if results[j.key].get("rerankWarning")])[:500],
    }
    write_json(os.path.join(od, "summary.json"), summary)
    return summary


# --------------------------------------------------------------------------


def dock(args: argparse.Namespace, ligands: Optional[list[Ligand]] = None) -> dict:
    """Docks ``ligands`` (keyed by ``ligand_key``; an engine caller's own, yunyao.sign) or else the table of
    ``args.ligands_json``. A ligand's index, not its place in the list, seeds it: a caller docking a share of its
    ligands docks each as it would among all of them."""
    started = time.monotonic()
    receptor_sha = check_receptor(args.receptor)
    if not os.path.isfile(args.receptor_pdb):
        fail("autodock.receptorPdbMissing", file=os.path.basename(args.receptor_pdb))
    sites = load_sites(args.sites)
    if ligands is None:
        ligands = load_ligands(args.ligands_json, args.seed)
    if shutil.which("vina") is None:
        internal_error("autodock.vinaMissing")
    jobs: list[Job] = []
    for li, lig in enumerate(ligands):
        for si, site in enumerate(sites):
            index = li * len(sites) + si
            seed = job_seed(args.seed, lig.index, si)
            params = (CHECKPOINT_VERSION, receptor_sha, site.center, site.size, args.exhaustiveness, args.poses, seed)
            key = f"{_safe(site.id, 24)}__{lig.key}__{_h8(*params)}"
            jobs.append(Job(index, lig, site, seed, key))

    runner = Runner()
    docker = Docker(args, receptor_sha, runner)
    cached: dict[str, dict] = {}
    for job in jobs:
        r = _read_json(os.path.join(docker.ckpt, job.key + ".json"))
        if r is not None and (r.get("error") or os.path.isfile(os.path.join(docker.ckpt, job.key + ".pdbqt"))):
            cached[job.key] = r
    # Complete: docked and re-ranked (or failed; or docked, where the caller re-ranks nothing). A cached docking
    # without re-ranking is only rescored.
    results = {k: r for k, r in cached.items() if r.get("error") or "vinardo" in r or not args.rerank}
    per_lig: dict[str, int] = {}
    for job in jobs:
        if job.key in results:
            per_lig[job.ligand.id] = per_lig.get(job.ligand.id, 0) + 1

    # A chunk of a split screen (the platform's StepChunks: a Slurm array element, say) docks its share into the
    # checkpoint; the whole step, run after every chunk, finds all of it there and only writes the outputs.
    chunk_index, chunk_count = chunk_of(args.chunk)
    mine = [l for l in ligands if l.index % chunk_count == chunk_index]

    def progress() -> None:
        done = sum(1 for l in mine if per_lig.get(l.id, 0) == len(sites))
        write_json(args.progress, {"done": done, "total": len(mine), "unit": "ligands"})

    progress()
    todo = [j for j in jobs if j.key not in results and j.ligand.index % chunk_count == chunk_index]

    def on_term(signum, frame):  # noqa: ARG001
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not interrupt the cleanup
        raise Stopped()

    old = signal.signal(signal.SIGTERM, on_term)
    pool = ThreadPoolExecutor(max_workers=args.cpu, thread_name_prefix="vina")
    try:
        pending: set[Future] = {pool.submit(docker.complete, j, cached.get(j.key)) for j in todo}
        while pending:
            done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in done:
                r = fut.result()
                results[r["key"]] = r
                per_lig[r["ligand"]] = per_lig.get(r["ligand"], 0) + 1
            if done:
                progress()
    except Stopped:
        runner.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
        raise YunyaoError(message("autodock.stopped"))
    except BaseException:
        runner.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    finally:
        signal.signal(signal.SIGTERM, old)
    pool.shutdown(wait=True)
    if args.chunk:
        return {"chunk": args.chunk, "ligands": len(mine), "ranThisRun": runner.ran}

    summary = write_outputs(args, ligands, sites, jobs, results, docker, started, runner.ran, len(cached))
    if summary["docked"] == 0:
        first = next((r.get("error") for r in (results[j.key] for j in jobs) if r.get("error")), "")
        prep_err = next((docker.ligand(l).get("error") for l in ligands if "error" in docker.ligand(l)), "")
        # No molecule could even be prepared (unreadable SMILES, ...): Vina never ran, the input is refused.
        refuse = reject_input if all("error" in docker.ligand(l) for l in ligands) else fail
        reason = first or prep_err
        refuse("autodock.nothingDocked", reason=decode(reason) or reason)
    return summary


def main(argv: Sequence[str]) -> None:
    dock(parse_args(argv))


if __name__ == "__main__":
    run_main(main)
