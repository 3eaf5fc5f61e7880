"""Pose re-ranking of the docking step (yunyao.autodock.rerank), with the real Vina binary.

Fixture (fixtures/dock_rerank/, derived from test-fixtures/pdb/5dpv.pdb by the platform itself):
``poses.pdbqt`` is three poses (Vina's 3rd, 4th and 7th) of salicylate docked by ``yunyao.autodock`` into
the 5DN site of the receptor ``yunyao.protein_prep`` made from 5DPV (exhaustiveness 2, seed 7);
``receptor_pocket.pdbqt`` is that receptor's atoms within 10.5 Å of the poses (Vinardo's cut-off is
8 Å: the scores are those of the whole receptor, checked when the fixture was cut).

Run: cd python && PYTHONPATH=. /usr/bin/python3 -m unittest tests.test_dock_rerank   (about 5 s)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))
FIXTURE = os.path.join(HERE, "fixtures", "dock_rerank")


def run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess:
    """Vina as the docking step's Runner starts it (yunyao.common.vina_env)."""
    from yunyao.common import vina_env

    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=vina_env())


def counted(inner, calls: list[list[str]]):
    """``inner``, recording every command it runs."""

    def wrapped(cmd: list[str], timeout: float) -> subprocess.CompletedProcess:
        calls.append(cmd)
        return inner(cmd, timeout)

    return wrapped


class Rerank(unittest.TestCase):
    def test_vinardo_reorders_the_fixture_poses(self) -> None:
        from yunyao.autodock.ligand import read_vina_out
        from yunyao.autodock.rerank import rank_sum_order, vinardo_scores

        with open(os.path.join(FIXTURE, "poses.pdbqt"), encoding="utf-8") as fh:
            text = fh.read()
        vina = [score for score, _ in read_vina_out(text)]
        self.assertEqual(vina, [-5.049, -5.028, -4.592])  # Vina's order
        calls: list[list[str]] = []
        vinardo = vinardo_scores("vina", os.path.join(FIXTURE, "receptor_pocket.pdbqt"), text, counted(run, calls))
        # measured with Vina 1.2.3 --scoring vinardo: Vina's 2nd pose is Vinardo's best, its 1st Vinardo's worst
        for got, want in zip(vinardo, [-3.99, -4.595, -4.16]):
            self.assertAlmostEqual(got, want, places=2)
        # Vina's own numbers (`vina --score_only --autobox --scoring vinardo` on each pose), to the printed digit,
        # from one Vina process for the job: the other poses are computed as Vina computes them (rerank.py)
        self.assertEqual(vinardo, [-3.990, -4.595, -4.160])
        self.assertEqual(len(calls), 1)
        self.assertIn("pose1.pdbqt", calls[0][-1])
        # rank sums 0+2, 1+0, 2+1: Vina's 2nd pose moves to the top, its 1st to the middle
        self.assertEqual(rank_sum_order(vina, vinardo), [1, 0, 2])

    def test_a_clashing_pose_scores_as_vina_scores_it(self) -> None:
        from yunyao.autodock.rerank import split_poses, vinardo_scores

        with open(os.path.join(FIXTURE, "poses.pdbqt"), encoding="utf-8") as fh:
            first = split_poses(fh.read())[0]
        # the same pose moved 1.5 Å along x, into the receptor: Vina damps each clashing atom's energy
        moved = "".join(
            l[:30] + f"{float(l[30:38]) + 1.5:8.3f}" + l[38:] if l.startswith("ATOM") else l for l in first.splitlines(keepends=True))
        text = f"MODEL 1\n{first}ENDMDL\nMODEL 2\n{moved}ENDMDL\n"
        calls: list[list[str]] = []
        vinardo = vinardo_scores("vina", os.path.join(FIXTURE, "receptor_pocket.pdbqt"), text, counted(run, calls))
        # `vina --score_only --autobox --scoring vinardo` on the moved pose: 25.953
        self.assertEqual(vinardo, [-3.990, 25.953])
        self.assertEqual(len(calls), 1)

    def test_an_atom_type_it_does_not_reproduce_is_left_to_vina(self) -> None:
        from yunyao.autodock.rerank import split_poses, vinardo_scores

        with open(os.path.join(FIXTURE, "poses.pdbqt"), encoding="utf-8") as fh:
            text = fh.read()
        with open(os.path.join(FIXTURE, "receptor_pocket.pdbqt"), encoding="utf-8") as fh:
            receptor = fh.read()
        xyz = [(float(l[30:38]), float(l[38:46]), float(l[46:54])) for l in text.splitlines() if l.startswith("ATOM")]
        # A selenium atom 9 Å beyond the poses' bounding box: past Vinardo's 8 Å cut-off, so Vina's
        # scores are unchanged, but among the receptor atoms the computation types (vinardo.REACH)
        x = max(p[0] for p in xyz) + 9.0
        y, z = (sum(p[i] for p in xyz) / len(xyz) for i in (1, 2))
        se = f"ATOM   9999 SE   MSE A 999    {x:8.3f}{y:8.3f}{z:8.3f}  1.00  0.00     0.000 Se\n"
        two = "".join(f"MODEL {i + 1}\n{pose}ENDMDL\n" for i, pose in enumerate(split_poses(text)[:2]))
        with tempfile.TemporaryDirectory(prefix="test_rerank_") as d:
            path = os.path.join(d, "receptor.pdbqt")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(receptor + se)
            calls: list[list[str]] = []
            vinardo = vinardo_scores("vina", path, two, counted(run, calls))
        self.assertEqual(vinardo, [-3.990, -4.595])
        self.assertEqual(len(calls), 2)  # every pose by Vina

    def test_rank_sum_ties_keep_vinas_order(self) -> None:
        from yunyao.autodock.rerank import rank_sum_order

        self.assertEqual(rank_sum_order([-9.0, -8.0], [-5.0, -6.0]), [0, 1])  # 0+1 = 1+0: Vina decides
        self.assertEqual(rank_sum_order([-9.0, -8.0, -7.0], [-5.0, -4.0, -3.0]), [0, 1, 2])  # both agree
        # sums 0+3, 1+0, 2+1, 3+2: Vina's 1st and 3rd tie at 3, Vina's order decides
        self.assertEqual(rank_sum_order([-9.0, -8.9, -8.8, -8.7], [-1.0, -6.0, -5.0, -4.0]), [1, 0, 2, 3])
        self.assertEqual(rank_sum_order([], []), [])

    def test_failed_rescoring_is_a_chinese_reason(self) -> None:
        from yunyao.autodock.rerank import RescoreError, vinardo_scores

        with open(os.path.join(FIXTURE, "poses.pdbqt"), encoding="utf-8") as fh:
            text = fh.read()
        with self.assertRaisesRegex(RescoreError, "Vinardo 重打分失败"):
            vinardo_scores("vina", os.path.join(FIXTURE, "missing.pdbqt"), text, run)


if __name__ == "__main__":
    unittest.main()
