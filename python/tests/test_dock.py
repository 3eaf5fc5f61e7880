"""Docking step (yunyao.autodock) on a real receptor (PDB entry 5DPV, test-fixtures/pdb), with the real engines
(RDKit, Open Babel, Vina from scripts/debian-packages.txt): never skipped, a missing engine fails.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_dock   (about 40 s on 2 busy cores)
"""

from __future__ import annotations

import csv
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, PYTHON_DIR)

from receptor_support import prepare_receptor  # noqa: E402
from tests.step_process import run_module  # noqa: E402
from yunyao.messages import render  # noqa: E402

# 5dpv: Aurora A (259 residues) with two ligands; the test redocks 5DN (AA35, allosteric site, 21
# heavy atoms, one rotatable bond) into the receptor prepared from the entry (ligands and waters removed).
ENTRY = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv.pdb")
CRYSTAL_LIGAND = "5DN"
CRYSTAL_SMILES = "OC(=O)c1cc(-c2cccc(Br)c2)nc2c(F)cccc12"
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}
MOLS = f"name,smiles\n{CRYSTAL_LIGAND},{CRYSTAL_SMILES}\nsalicylate,OC(=O)c1ccccc1O.[Na+]\nbroken,C1CC(\n"
MANIFEST = '[{"path": "mols.csv", "name": "mols.csv"}]'
# What the step imports, loaded once here for the runs forked from this process (step_process).
PRELOAD = ("yunyao.autodock.dock", "rdkit.Chem.AllChem", "rdkit.Chem.MolStandardize.rdMolStandardize", "openbabel.openbabel")


def load(d: str, name: str):
    with open(os.path.join(d, name), encoding="utf-8") as fh:
        return json.load(fh)


def crystal_ligand():
    """The crystal 5DN from the entry's HETATM records, bond orders from its SMILES (RDKit)."""
    from rdkit import Chem
    from rdkit.Chem import AllChem

    with open(ENTRY, encoding="utf-8") as fh:
        records = "".join(l for l in fh if l.startswith("HETATM") and l[17:20] == CRYSTAL_LIGAND)
    return AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(CRYSTAL_SMILES), Chem.MolFromPDBBlock(records))


def run_dock(cwd: str, wait: bool = True, cpu: int = 1, fresh: bool = False, **params: object):
    """The docking step with the module's parameters (params.json: accuracy, posture, filter, seed) over small test values.
    The first run and the stopped one use two cores (two Vina jobs, two PLIP processes at once); the runs after the first
    use one, each PLIP start-up a second of CPU less, and their rows, compared with the first run's, must not depend on it."""
    from yunyao.params import write_params

    write_params(cwd, "autodock", {"accuracy": 1, "posture": 3, "seed": 7, "keep_hetero": [], **params})
    args = [
        "--receptor=protein.pdbqt", "--receptor-pdb=protein_prepared.pdb", f"--ligands-json={MANIFEST}", "--sites=sites.json",
        "--params=params.json", f"--cpu={cpu}", "--checkpoint-dir=checkpoint", "--progress=progress.json",
    ]
    if not wait:
        return subprocess.Popen([sys.executable, "-m", "yunyao.autodock", *args], cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return run_module("yunyao.autodock", args, cwd, env=ENV, timeout=300, preload=PRELOAD, fresh=fresh)


class Dock(unittest.TestCase):
    tmp: tempfile.TemporaryDirectory
    base: str  # prepared receptor + inputs, no run
    first: str  # one complete run

    @classmethod
    def setUpClass(cls) -> None:
        from yunyao.autodock.dock import box_around

        cls.tmp = tempfile.TemporaryDirectory(prefix="test_dock_")
        cls.base = os.path.join(cls.tmp.name, "base")
        os.makedirs(cls.base)
        prepare_receptor(cls.base, ENTRY)  # the run's receptor cache may hold it (test_affinity_sign prepares 5DPV too)
        crystal = crystal_ligand()
        with open(os.path.join(cls.base, "sites.json"), "w", encoding="utf-8") as fh:
            json.dump([{"id": "pocket1", **box_around(crystal.GetConformer().GetPositions().tolist())}], fh)
        with open(os.path.join(cls.base, "mols.csv"), "w", encoding="utf-8") as fh:
            fh.write(MOLS)
        cls.first = cls.copy_dir("first")
        cls.first_run = run_dock(cls.first, cpu=2)
        cls.resumed, cls.resumed_run = cls.resume_after_two_kinds_of_checkpoint()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    @classmethod
    def copy_dir(cls, name: str, src: str = "") -> str:
        dst = os.path.join(cls.tmp.name, name)
        shutil.copytree(src or cls.base, dst)
        return dst

    @classmethod
    def resume_after_two_kinds_of_checkpoint(cls) -> tuple[str, subprocess.CompletedProcess]:
        """One resumed run for two tests (each resumed run is a Python start, Vina processes and PLIP): the salicylate's
        job has no checkpoint (test_resume_runs_only_missing_job), the crystal ligand's was written before re-ranking
        existed (test_docking_from_before_reranking_is_only_rescored). That way round the one job docked again is the
        small fragment's, a third of the crystal ligand's Vina time."""
        if cls.first_run.returncode != 0:
            return "", cls.first_run
        d = cls.copy_dir("resume", cls.first)
        seeds = load(d, "summary.json")["seeds"]
        os.remove(os.path.join(d, "checkpoint", next(k for k in seeds if "_salicylate_" in k) + ".json"))
        path = os.path.join(d, "checkpoint", next(k for k in seeds if f"_{CRYSTAL_LIGAND}_" in k) + ".json")
        with open(path, encoding="utf-8") as fh:
            job = json.load(fh)
        job.pop("vinardo"), job.pop("rerankSeconds")  # as checkpoints were written before re-ranking (autodock/rerank.py)
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(job, fh)
        return d, run_dock(d, fresh=True)  # a new interpreter: rows the same as the first run's are no accident of this process

    def checkpoint(self, folder: str, ligand: str) -> dict:
        key = next(k for k in load(self.first, "summary.json")["seeds"] if f"_{ligand}_" in k)
        return load(os.path.join(folder, "checkpoint"), key + ".json")

    # ------------------------------------------------------------------

    def test_batch_outputs_consistent(self) -> None:
        self.assertEqual(self.first_run.returncode, 0, self.first_run.stderr)
        d = self.first
        result = load(d, "result.json")
        self.assertEqual(result, load(d, "rows.json"))
        docked = [r for r in result if "error" not in r]
        errors = [r for r in result if "error" in r]
        self.assertEqual({r["ligand"] for r in docked}, {CRYSTAL_LIGAND, "salicylate"})
        self.assertEqual(len(docked), 2)
        self.assertEqual(len(errors), 1)
        self.assertEqual(errors[0]["ligand"], "broken")
        self.assertEqual(errors[0]["score"], [])
        self.assertRegex(errors[0]["error"], r"^autodock\.\w+")  # the reason's message id, rendered per reader
        self.assertEqual(result[-1], errors[0])  # error rows after the docked ones
        with open(os.path.join(d, "scores.csv"), encoding="utf-8-sig") as fh:
            broken = next(r for r in csv.DictReader(fh) if r["ligand"] == "broken")
        self.assertEqual(broken["error"], render(errors[0]["error"]))  # scores.csv is for people: the reason in Chinese
        self.assertRegex(broken["error"], "[\u4e00-\u9fff]")
        for r in docked:
            self.assertEqual(r["ID"], f"pocket1_{r['ligand']}")
            self.assertEqual(r["ids"], r["ID"])
            self.assertEqual(r["pocket"], "pocket1")
            self.assertTrue(1 <= len(r["score"]) <= 3)
            self.assertLess(r["score"][0], 0)
        from yunyao.autodock.rerank import rank_sum_order

        for r in docked:  # Vina's scores of the job, in the re-ranked order (yunyao.autodock.rerank)
            (job_file,) = glob.glob(os.path.join(d, "checkpoint", f"pocket1__L*_{r['ligand']}_*.json"))
            with open(job_file, encoding="utf-8") as fh:
                job = json.load(fh)
            self.assertEqual(len(job["vinardo"]), len(job["scores"]))
            self.assertEqual(r["score"], [job["scores"][i] for i in rank_sum_order(job["scores"], job["vinardo"])])
        self.assertLessEqual(docked[0]["score"][0], docked[1]["score"][0])
        salicylate = next(r for r in docked if r["ligand"] == "salicylate")
        self.assertNotIn(".", salicylate["smiles_prepared"])  # Na+ stripped
        self.assertIn("[O-]", salicylate["smiles_prepared"])  # carboxylate at pH 7.4

        self.assertEqual(load(d, "part_to_IDs.json"), [{"part": "pocket1", "IDs": [r["ID"] for r in docked]}])

        from rdkit import Chem

        poses = [m for m in Chem.SDMolSupplier(os.path.join(d, "poses.sdf"))]
        self.assertTrue(all(m is not None for m in poses))
        self.assertEqual(len(poses), sum(len(r["score"]) for r in docked))
        i = 0
        for r in docked:  # result order, every pose, best first
            for rank, score in enumerate(r["score"], start=1):
                m = poses[i]
                i += 1
                self.assertEqual(m.GetProp("ID"), r["ID"])
                self.assertEqual(m.GetProp("pocket"), "pocket1")
                self.assertEqual(int(m.GetProp("rank")), rank)
                self.assertAlmostEqual(float(m.GetProp("score")), score, places=3)
        # bond orders come from the prepared ligand (carboxylate at pH 7.4): the pose is the same molecule
        crystal_row = next(r for r in docked if r["ligand"] == CRYSTAL_LIGAND)
        pose = next(m for m in poses if m.GetProp("ID") == crystal_row["ID"])
        self.assertIn("[O-]", crystal_row["smiles_prepared"])
        self.assertEqual(Chem.MolToSmiles(pose), Chem.MolToSmiles(Chem.MolFromSmiles(crystal_row["smiles_prepared"])))

        statis = load(d, "statis.json")
        self.assertEqual(statis["valid_count"], 2)
        self.assertEqual(statis["total_count"], 3)
        self.assertEqual(sum(statis["count"]), 2)
        self.assertEqual(len(statis["count"]), 10)
        self.assertEqual(len(statis["interval"]), 11)
        self.assertEqual(statis["min_score"], docked[0]["score"][0])
        self.assertEqual(statis["max_score"], docked[1]["score"][0])

        with open(os.path.join(d, "complex.pdb"), encoding="utf-8") as fh:
            cplx = fh.read().splitlines()
        lig = [l for l in cplx if l.startswith("HETATM") and l[17:20] == "LIG"]
        self.assertEqual(len(lig), poses[0].GetNumAtoms())
        self.assertAlmostEqual(float(lig[0][30:38]), poses[0].GetConformer().GetAtomPosition(0).x, places=2)
        self.assertGreater(sum(1 for l in cplx if l.startswith("ATOM")), 1000)

        self.assertEqual(load(d, "progress.json"), {"done": 3, "total": 3, "unit": "ligands"})
        s = load(d, "summary.json")
        for key in ("ligands", "sites", "jobs", "docked", "failed", "kept", "exhaustiveness", "poses", "keep", "seed", "engines", "seeds"):
            self.assertIn(key, s)
        self.assertEqual((s["ligands"], s["sites"], s["jobs"], s["docked"], s["failed"], s["kept"]), (3, 1, 3, 2, 1, 2))
        self.assertEqual(s["engines"]["vina"], "1.2.3")
        self.assertEqual(len(s["seeds"]), 3)
        self.assertEqual(len(set(s["seeds"].values())), 3)
        self.assertEqual(s["ranThisRun"], 2)
        self.assertEqual(s["ranking"]["version"], "rerank-1")

    def test_redocked_crystal_ligand_lands_on_its_crystal_pose(self) -> None:
        from rdkit import Chem
        from rdkit.Chem import rdMolAlign

        self.assertEqual(self.first_run.returncode, 0, self.first_run.stderr)
        docked = [r for r in load(self.first, "result.json") if "error" not in r]
        # The real ligand outscores the small salicylate fragment (measured -9.2 vs -5.4 kcal/mol).
        self.assertEqual(docked[0]["ligand"], CRYSTAL_LIGAND)
        best = next(m for m in Chem.SDMolSupplier(os.path.join(self.first, "poses.sdf")) if m.GetProp("ID") == docked[0]["ID"])
        # In place, symmetry-aware heavy-atom RMSD. 2 Å is the usual redocking success cut-off;
        # measured 0.68-0.71 Å for seeds 1, 2, 7 at exhaustiveness 1; the lower-ranked poses lie 3.4-6.5 Å off.
        self.assertLess(rdMolAlign.CalcRMS(best, crystal_ligand()), 2.0)

    def test_keep_one(self) -> None:
        d = self.copy_dir("keep1", self.first)  # checkpoints reused: keep does not change jobs
        res = run_dock(d, filter=1)
        self.assertEqual(res.returncode, 0, res.stderr)
        result = load(d, "result.json")
        first = load(self.first, "result.json")
        self.assertEqual([r["ID"] for r in result], [first[0]["ID"], "broken"])
        self.assertEqual(load(d, "part_to_IDs.json"), [{"part": "pocket1", "IDs": [first[0]["ID"]]}])
        self.assertEqual(load(d, "summary.json")["ranThisRun"], 0)

    def test_docking_from_before_reranking_is_only_rescored(self) -> None:
        # The crystal ligand's job in the shared resumed run (resume_after_two_kinds_of_checkpoint): its Vina poses are
        # reused (the one job Vina ran is the salicylate's, test_resume_runs_only_missing_job), and re-ranking adds
        # the Vinardo scores again, the same as the first run's: the order of its best-ranked poses with them.
        self.assertEqual(self.resumed_run.returncode, 0, self.resumed_run.stderr)
        summary = load(self.resumed, "summary.json")
        self.assertEqual((summary["ranThisRun"], summary["resumedFromCheckpoint"]), (1, 2))
        rescored, first = self.checkpoint(self.resumed, CRYSTAL_LIGAND), self.checkpoint(self.first, CRYSTAL_LIGAND)
        self.assertGreater(rescored.pop("rerankSeconds"), 0)
        first.pop("rerankSeconds")
        self.assertEqual(rescored, first)  # Vina's scores, seconds and command as first docked, and the same Vinardo scores
        self.assertGreater(summary["rerankSeconds"], 0)
        self.assertEqual(load(self.resumed, "result.json"), load(self.first, "result.json"))

    def test_second_site_reuses_first(self) -> None:
        d = self.copy_dir("twosites", self.first)
        sites = load(d, "sites.json")
        sites.append({"id": "pocket2", "center": [c + 2.0 for c in sites[0]["center"]], "size": sites[0]["size"]})
        with open(os.path.join(d, "sites.json"), "w", encoding="utf-8") as fh:
            json.dump(sites, fh)
        res = run_dock(d)
        self.assertEqual(res.returncode, 0, res.stderr)
        s = load(d, "summary.json")
        self.assertEqual((s["jobs"], s["ranThisRun"], s["resumedFromCheckpoint"], s["docked"]), (6, 2, 3, 4))
        result = load(d, "result.json")
        docked = [r for r in result if "error" not in r]
        self.assertEqual([r["score"][0] for r in docked], sorted(r["score"][0] for r in docked))
        parts = load(d, "part_to_IDs.json")
        self.assertEqual([p["part"] for p in parts], ["pocket1", "pocket2"])
        self.assertEqual(sorted(i for p in parts for i in p["IDs"]), sorted(r["ID"] for r in docked))
        self.assertEqual(len([r for r in result if "error" in r]), 1)  # the broken SMILES once, not per site
        self.assertEqual(load(d, "progress.json"), {"done": 3, "total": 3, "unit": "ligands"})

    def test_nothing_docked_fails(self) -> None:
        d = self.copy_dir("allbad")
        with open(os.path.join(d, "mols.csv"), "w", encoding="utf-8") as fh:
            fh.write("smiles\nC1CC(\nc1cccc1\n")
        res = run_dock(d)
        self.assertEqual(res.returncode, 2)
        self.assertIn("YUNYAO_INPUT_ERROR: autodock.nothingDocked#", res.stderr)
        line = next(l for l in res.stderr.splitlines() if l.startswith("YUNYAO_INPUT_ERROR: "))
        self.assertTrue(render(line.split(": ", 1)[1]).startswith("所有分子均未能完成对接："))
        self.assertEqual([r["ID"] for r in load(d, "result.json")], ["mol_1", "mol_2"])

    def test_resume_runs_only_missing_job(self) -> None:
        """The salicylate's job docked again to the very same rows: the same seed gives the same scores. (A fresh run
        of the whole step twice, no checkpoint at all, is test_dock_repeat's.) The run is shared with
        test_docking_from_before_reranking_is_only_rescored."""
        self.assertEqual(self.resumed_run.returncode, 0, self.resumed_run.stderr)
        s = load(self.resumed, "summary.json")
        self.assertEqual(s["ranThisRun"], 1)
        self.assertEqual(s["resumedFromCheckpoint"], 2)
        self.assertEqual(s["seeds"], load(self.first, "summary.json")["seeds"])
        self.assertEqual(self.checkpoint(self.resumed, "salicylate")["scores"], self.checkpoint(self.first, "salicylate")["scores"])
        self.assertEqual(load(self.resumed, "result.json"), load(self.first, "result.json"))

    def test_sigterm_leaves_no_vina(self) -> None:
        d = self.copy_dir("term")
        proc = run_dock(d, wait=False, cpu=2, accuracy=32, posture=9)

        def vina_pids() -> list[int]:
            pids = []
            for p in glob.glob("/proc/[0-9]*/cmdline"):
                try:
                    with open(p, "rb") as fh:
                        cmd = fh.read().split(b"\0")
                except OSError:
                    continue
                if not cmd or os.path.basename(cmd[0].decode(errors="replace")) not in ("vina", "setpriv"):
                    continue
                try:  # the step passes relative paths: match on the working directory
                    cwd = os.readlink(p.replace("cmdline", "cwd"))
                except OSError:
                    continue
                if os.path.realpath(cwd) == os.path.realpath(d):
                    pids.append(int(p.split("/")[2]))
            return pids

        deadline = time.monotonic() + 60
        while not vina_pids() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        self.assertTrue(vina_pids(), "vina never started")
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("YUNYAO_ERROR: ", err)
        time.sleep(0.5)
        self.assertEqual(vina_pids(), [])
        # nothing half-written was checkpointed
        self.assertEqual([f for f in os.listdir(os.path.join(d, "checkpoint")) if f.endswith(".pdbqt")], [])

    def test_bad_receptor_fails(self) -> None:
        d = self.copy_dir("badrec")
        with open(os.path.join(d, "protein.pdbqt"), "a", encoding="utf-8") as fh:
            fh.write("ATOM      1  C   ALA A   1      xx.xxx  1.000  1.000  0.00  0.00     0.000 C \n")
        res = run_dock(d)
        self.assertEqual(res.returncode, 2)
        self.assertIn('YUNYAO_ERROR: autodock.receptorNotNumbers#{"line":', res.stderr)

    def test_empty_ligand_set_fails(self) -> None:
        d = self.copy_dir("empty")
        with open(os.path.join(d, "mols.csv"), "w", encoding="utf-8") as fh:
            fh.write("name,smiles\n")
        res = run_dock(d)
        self.assertEqual(res.returncode, 2)
        # The refusal's message id and parameters (common.noMolecules), shown in the reader's language.
        self.assertIn('YUNYAO_INPUT_ERROR: common.noMolecules#{"file":"mols.csv"}', res.stderr)


class Helpers(unittest.TestCase):
    def test_a_pose_that_cannot_be_written_fails_its_row_and_the_next_is_kept(self) -> None:
        from rdkit import Chem
        from rdkit.Chem import AllChem

        from yunyao.autodock.dock import write_kept_poses

        def pose(smiles: str, sanitize: bool = True):
            mol = Chem.MolFromSmiles(smiles, sanitize=sanitize)
            mol.UpdatePropertyCache(strict=False)
            AllChem.Compute2DCoords(mol)
            mol.SetProp("ID", smiles)
            return mol

        # An all-aromatic five-membered carbon ring has no Kekulé form: RDKit refuses to write it.
        poses = {"A_bad": [pose("c1cccc1", sanitize=False)], "A_phenol": [pose("Oc1ccccc1"), pose("Oc1ccccc1")], "A_ethanol": [pose("CCO")]}
        docked = [({"ID": i, "ids": i, "ligand": i[2:], "pocket": "A", "SMILES": "", "score": [-7.0]}, i) for i in poses]
        with tempfile.TemporaryDirectory(prefix="test_dock_write_") as d:
            path = os.path.join(d, "poses.sdf")
            kept, unwritten, written = write_kept_poses(docked, 2, lambda row, job: poses[job], path)
            self.assertEqual([m.GetProp("ID") for m in Chem.SDMolSupplier(path)], ["Oc1ccccc1", "Oc1ccccc1", "CCO"])
        self.assertEqual([job for _, job in kept], ["A_phenol", "A_ethanol"])
        self.assertEqual([(i, rank) for i, rank, _ in written], [("A_phenol", 1), ("A_phenol", 2), ("A_ethanol", 1)])
        self.assertEqual([(r["ID"], r["score"]) for r in unwritten], [("A_bad", [])])
        self.assertRegex(unwritten[0]["error"], "[\u4e00-\u9fff]")

    def test_histogram_and_box(self) -> None:
        from yunyao.autodock.dock import box_around, job_seed
        from yunyao.histogram import histogram

        h = histogram([-9.0, -8.0, -7.0], 4)
        self.assertEqual(h["count"], [1, 0, 0, 0, 0, 1, 0, 0, 0, 1])
        self.assertEqual(h["interval"][0], -9.0)
        self.assertEqual(h["interval"][-1], -7.0)
        self.assertEqual(histogram([-5.0], 1)["count"][5], 1)  # degenerate range: ±0.5 around the value
        self.assertEqual(histogram([], 2)["valid_count"], 0)
        b = box_around([(0, 0, 0), (2, 4, 6)], margin=5)
        self.assertEqual(b, {"center": [1, 2, 3], "size": [12, 14, 16]})
        self.assertNotEqual(job_seed(0, 0, 0), 0)  # 0 would make Vina pick a random seed
        self.assertEqual(len({job_seed(5, l, s) for l in range(50) for s in range(5)}), 250)

    def test_ligand_preparation(self) -> None:
        from yunyao.autodock.ligand import LigandError, prepare

        self.assertEqual(prepare("CC(=O)O", 1)["smiles_prepared"], "CC(=O)[O-]")
        self.assertEqual(prepare("CCN", 1)["smiles_prepared"], "CC[NH3+]")
        p = prepare("C[C@H](N)C(=O)O.Cl", 1)
        self.assertEqual(p["smiles_prepared"], "C[C@H]([NH3+])C(=O)[O-]")  # stereo kept, HCl stripped
        self.assertTrue(p["warnings"])
        self.assertIn("ROOT", p["pdbqt"])
        self.assertGreaterEqual(p["torsions"], 1)
        self.assertEqual(prepare("CCO", 3)["molblock"], prepare("CCO", 3)["molblock"])  # seeded
        # Open Babel's tetrazole rule gives an invalid structure: neutral molecule kept, with a warning
        t = prepare("Cc1nnn[nH]1", 1)
        self.assertTrue(any("质子化" in w for w in t["warnings"]))
        for bad in ("C1CC(", "c1cccc1", "", "C C"):
            with self.assertRaises(LigandError):
                prepare(bad, 1)

    def test_ids_unique(self) -> None:
        from yunyao.autodock.dock import load_ligands

        with tempfile.TemporaryDirectory() as d:
            cwd = os.getcwd()
            os.chdir(d)
            try:
                with open("a.csv", "w", encoding="utf-8") as fh:
                    fh.write("smiles,name\nCCO,x\nCCN,x\nCCC,\nCCCl,x_2\n")
                ligs = load_ligands('[{"path": "a.csv", "name": "a.csv"}]', 1)
            finally:
                os.chdir(cwd)
        self.assertEqual([l.id for l in ligs], ["x", "x_3", "mol_3", "x_2"])
        self.assertEqual(len({l.key for l in ligs}), 4)


if __name__ == "__main__":
    unittest.main()
