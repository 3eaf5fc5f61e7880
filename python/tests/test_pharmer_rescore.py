"""Vina rescoring of the pharmacophore screen (yunyao.pharmer.rescore) on 5DT0 (Aurora A + SKE): with the
prepared receptor and a rule that rescores only the best molecule by rank score, the crystal ligand given as a
SMILES is the one rescored, optimised back near its crystal pose, and heads the list; the two NCI decoys follow
without an energy, by rank score; a split screen (a chunk into the checkpoint, then the whole step on two
workers) gives the same rows; a pose outside the box is left without an energy and the batch goes on.
Most of its time: the receptor's preparation, 1 molecule × 5 placements optimised (two Vina passes), once
more for the split screen, Vina's starts.
Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_pharmer_rescore
"""

from __future__ import annotations

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pharmer_support import DECOYS, ENTRY, SKE_SMILES, ComplexCase, load, query_args, run  # noqa: E402
from receptor_support import prepare_receptor  # noqa: E402

from yunyao.params import write_params  # noqa: E402

LIGANDS = '--ligands-json=[{"path":"mols.csv","name":"mols.csv"}]'


class PharmerRescore(ComplexCase):
    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        prepare_receptor(cls.dir, ENTRY)  # protein.pdbqt, as the module's first step writes it
        with open(DECOYS, encoding="utf-8") as fh:
            decoys = [line.split("\t") for line in fh.read().splitlines()[:2]]
        with open(os.path.join(cls.dir, "mols.csv"), "w", encoding="utf-8") as fh:
            fh.write("smiles,name\n" + "".join(f"{s},{n}\n" for s, n in decoys) + f"{SKE_SMILES},SKE\n")
        res = run(cls.dir, "query", *query_args(), "--out=query.json")
        assert res.returncode == 0, res.stderr
        write_params(cls.dir, "pharmer", {"filter": 10, "seed": 42})
        res = cls.screen("whole", "--cpu=1")
        assert res.returncode == 0, res.stderr

    @classmethod
    def screen(cls, out_dir: str, *extra: str):
        return run(
            cls.dir, "screen", "--query=query.json", "--receptor=protein.pdb", "--receptor-pdbqt=protein.pdbqt", LIGANDS,
            "--conformers=10", "--rescore-at-least=1", "--rescore-percent=0", "--params=params.json", "--cache-dir=cache", f"--progress={out_dir}-progress.json", f"--out-dir={out_dir}",
            *extra,
        )

    def test_only_the_best_by_rank_score_is_rescored_the_rest_follow_by_rank_score(self) -> None:
        from yunyao.pharmer.rescore import rescored_count

        rows = load(os.path.join(self.dir, "whole"), "result.json")
        self.assertEqual([r["ID"] for r in rows][0], "SKE")
        self.assertTrue(1 <= len(rows[0]["vinaPoses"]) <= 5 and min(e for e in rows[0]["vinaPoses"] if e is not None) == rows[0]["vina"] < -7.0)
        rest = rows[1:]
        self.assertEqual([(r["vina"], "vinaPoses" in r) for r in rest], [(None, False)] * 2)
        self.assertEqual([r["score"] for r in rest], sorted((r["score"] for r in rest), reverse=True))
        self.assertGreater(min(r["score"] for r in rest), 0)
        self.assertGreater(rows[0]["score"], max(r["score"] for r in rest))  # SKE was chosen by its rank score
        summary = load(os.path.join(self.dir, "whole"), "summary.json")
        rule = summary["params"]["rescore"]
        self.assertEqual((summary["rescored"], rule["poses"], rule["molecules"], summary["engines"]["vina"]), (1, 5, 1, "1.2.3"))
        with open(os.path.join(self.dir, "whole", "result.csv"), encoding="utf-8") as fh:
            self.assertEqual([line.split(",")[2] for line in fh.read().splitlines()[1:]][1:], ["", ""])  # vina empty when not rescored
        # The module's rule: the best 10 % rounded up, at least 300, never more than there are.
        self.assertEqual([rescored_count(n, 300, 10) for n in (3, 247, 2000, 3001, 5000)], [3, 247, 300, 301, 500])

    def test_the_crystal_ligand_is_optimised_near_its_pose(self) -> None:
        from rdkit import Chem
        from rdkit.Chem import rdMolAlign

        energies = [r["vina"] for r in load(os.path.join(self.dir, "whole"), "result.json")]
        # hits.sdf holds the optimised pose (hydrogens rebuilt), near the crystal ligand's: the rigid placements of
        # 10 conformers lie 2.5–4.7 Å (heavy-atom RMSD) from it, the optimised one of lowest energy 2.2 Å.
        hit = next(Chem.SDMolSupplier(os.path.join(self.dir, "whole", "hits.sdf"), removeHs=False))
        self.assertEqual((hit.GetProp("ID"), float(hit.GetProp("vina"))), ("SKE", energies[0]))
        self.assertGreater(hit.GetNumAtoms(), hit.GetNumHeavyAtoms())
        crystal = Chem.MolFromMolFile(os.path.join(self.dir, "ske.sdf"))
        self.assertLess(rdMolAlign.CalcRMS(Chem.RemoveHs(hit), crystal), 2.5)

    def test_a_split_screen_on_two_workers_gives_the_same_rows(self) -> None:
        res = self.screen("split", "--cpu=1", "--checkpoint-dir=checkpoint", "--chunk=0/2")
        self.assertEqual(res.returncode, 0, res.stderr)
        res = self.screen("split", "--cpu=2", "--checkpoint-dir=checkpoint")
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertEqual(load(os.path.join(self.dir, "split"), "result.json"), load(os.path.join(self.dir, "whole"), "result.json"))
        summary = load(os.path.join(self.dir, "split"), "summary.json")
        self.assertEqual(summary["checkpointed"], 2)  # molecules 0 and 2 of chunk 0/2
        self.assertEqual(summary["checkpointedRescorings"], 0)  # chunks only screen; the whole step chooses and rescores

    def test_a_pose_outside_the_box_has_no_energy_and_the_batch_goes_on(self) -> None:
        import tempfile

        from rdkit import Chem
        from rdkit.Chem import AllChem

        from yunyao.pharmer.rescore import Box, Pose, minimise
        from yunyao.autodock.ligand import to_pdbqt

        crystal = Chem.MolFromMolFile(os.path.join(self.dir, "ske.sdf"))
        placed = Chem.AddHs(crystal, addCoords=True)
        far = Chem.Mol(placed)
        AllChem.TransformMol(far, np.array([[1, 0, 0, 30.0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]))
        poses = [Pose(to_pdbqt(m), m) for m in (placed, far, placed)]
        with tempfile.TemporaryDirectory() as work:
            done = minimise(os.path.join(self.dir, "protein.pdbqt"), Box.around([crystal]), poses, work)
        self.assertIsNone(done[1])
        self.assertTrue(done[0] is not None and done[2] is not None and done[0].energy == done[2].energy < -7.0)


class RescoredOrder(unittest.TestCase):
    def test_with_a_receptor_the_molecules_meeting_the_query_come_first_each_group_by_energy(self) -> None:
        from yunyao.pharmer.outputs import ranked_rows

        def row(i: str, vina, passes: bool, score: float) -> dict:
            return {"ID": i, "vina": vina, "pass": passes, "score": score, "clash": False, "_index": int(i[1:])}

        rows = [row("m0", -11.0, False, 0.5), row("m1", -8.0, True, 0.6), row("m2", None, True, 0.4), row("m3", -9.5, True, 0.3),
                row("m4", None, False, 0.9)]
        order = lambda pass_first: [r["ID"] for r in ranked_rows(rows, [], 5, pass_first)]
        self.assertEqual(order(True), ["m3", "m1", "m2", "m0", "m4"])
        self.assertEqual(order(False), ["m0", "m3", "m1", "m4", "m2"])  # without the query's grouping: energy, then rank score

if __name__ == "__main__":
    unittest.main()
