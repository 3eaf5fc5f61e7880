"""The fragment-assembly search of yunyao.pepsearch (--method=fragments): the committed library, the
picks, the batched chain builder and score, and a tiny end-to-end run (5 residues, 10 decoys, a few
Monte Carlo steps, 2 refined models of a picosecond) that must return models, repeat exactly with the
same seed, and give sane relative energies and confidences. About 30 s on one core.
Run: cd python && /usr/bin/python3 -m pytest -q tests/test_peptide_fragments.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, PYTHON_DIR)

from yunyao.params import write_params  # noqa: E402
from yunyao.pepsearch import assembly, chain, fragments  # noqa: E402

SEQUENCE = "GEWTW"
TINY = [
    "--params=params.json", "--cpu=1", "--models=3", "--method=fragments", "--decoys=10", "--mc-steps=20",
    "--fragment-picks=20", "--refine-models=2", "--refine-heat-ps=0.4", "--refine-cool-ps=0.4",
    "--refine-sample-ps=0.4", "--checkpoint-dir=checkpoint", "--progress=progress.json", "--out-dir=out",
]


def run(folder: str) -> tuple[int, str]:
    write_params(folder, "pepsearch", {"sequence": SEQUENCE, "seed": 7})
    res = subprocess.run(
        [sys.executable, "-m", "yunyao.pepsearch", *TINY], cwd=folder, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": PYTHON_DIR}, timeout=300,
    )
    return res.returncode, res.stderr


def read(folder: str, name: str) -> str:
    with open(os.path.join(folder, "out", name), encoding="utf-8") as fh:
        return fh.read()


class Library(unittest.TestCase):
    def test_library_is_committed_and_plausible(self) -> None:
        lib = fragments.load_library()
        self.assertGreater(len(lib.sequence), 10000)
        helix = lib.ss == 0
        # alpha-helical residues sit near phi -63, psi -41
        self.assertAlmostEqual(float(np.median(lib.phi[helix])), -63.0, delta=5.0)
        self.assertAlmostEqual(float(np.median(lib.psi[helix])), -41.0, delta=5.0)

    def test_secondary_structure_probabilities(self) -> None:
        p = fragments.predict_ss("AEELLKKLLEELAKK")
        np.testing.assert_allclose(p.sum(axis=1), 1.0)
        self.assertGreater(p[7, 0], p[7, 1])  # a helical sequence predicts helix over strand

    def test_picks_respect_positive_phi(self) -> None:
        phi, psi = fragments.pick("AKLVG", 3, 50)
        self.assertEqual(phi.shape, (3, 50, 3))
        # only the Gly (last residue of the last window) may take a positive phi
        self.assertTrue(np.all(phi[:2] <= 0.0))
        self.assertTrue(np.all(phi[2, :, :2] <= 0.0))


class Assembly(unittest.TestCase):
    def test_batched_builder_matches_the_single_chain(self) -> None:
        single = chain.backbone(6, -60.0, -45.0)
        batch = chain.backbone_coordinates(np.full((2, 6), -60.0), np.full((2, 6), -45.0))
        for k, residue in enumerate(single):
            np.testing.assert_allclose(batch[1, k, 1], residue["CA"], atol=1e-9)

    def test_same_seed_same_decoys(self) -> None:
        picks = [fragments.pick(SEQUENCE, 3, 10)]
        schedule = assembly.Schedule(15, 2.0, 0.5)
        one = assembly.assemble(SEQUENCE, picks, 4, schedule, np.random.default_rng(3))
        two = assembly.assemble(SEQUENCE, picks, 4, schedule, np.random.default_rng(3))
        for a, b in zip(one, two):
            np.testing.assert_array_equal(a, b)
        self.assertTrue(np.all(np.isfinite(one[2])))

    def test_helix_scores_local_hbonds(self) -> None:
        scorer = assembly.Scorer("AAAAAAAAAA")
        helix = scorer.terms(np.full((1, 10), -57.0), np.full((1, 10), -47.0))
        extended = scorer.terms(np.full((1, 10), -120.0), np.full((1, 10), 130.0))
        self.assertLess(helix["hbond"][0], -5.0)
        self.assertGreater(extended["hbond"][0], -1.0)


class Engine(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.TemporaryDirectory()
        cls.first = os.path.join(cls.tmp.name, "first")
        cls.second = os.path.join(cls.tmp.name, "second")
        os.makedirs(cls.first)
        os.makedirs(cls.second)
        cls.results = [run(cls.first), run(cls.second)]

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    def test_returns_models_with_confidence_and_relative_energy(self) -> None:
        for code, err in self.results:
            self.assertEqual(code, 0, err)
        rows = json.loads(read(self.first, "result.json"))
        self.assertGreaterEqual(len(rows), 1)
        self.assertLessEqual(len(rows), 2)
        self.assertEqual(min(r["relative_energy_kcal_mol"] for r in rows), 0.0)
        for row in rows:
            self.assertEqual(len(row["ss"]), len(SEQUENCE))
            self.assertGreaterEqual(row["relative_energy_kcal_mol"], 0.0)
            self.assertAlmostEqual(row["relative_energy_kcal_mol"], row["energy_kcal_mol"] - min(r["energy_kcal_mol"] for r in rows), places=1)
            self.assertGreater(row["confidence_percent"], 0.0)
        self.assertLessEqual(sum(r["confidence_percent"] for r in rows), 100.0 + 1e-6)
        sizes = [r["cluster_size"] for r in rows]
        self.assertEqual(sizes, sorted(sizes, reverse=True))
        summary = json.loads(read(self.first, "summary.json"))
        self.assertEqual(summary["decoys"], 10)
        self.assertEqual(summary["decoys_clustered"], 5)
        with open(os.path.join(self.first, "progress.json"), encoding="utf-8") as fh:
            progress = json.load(fh)
        self.assertEqual(progress["done"], progress["total"])

    def test_same_seed_same_models(self) -> None:
        self.assertEqual(read(self.first, "result.json"), read(self.second, "result.json"))
        atoms = [[line for line in read(f, "models.pdb").splitlines() if line.startswith("ATOM")] for f in (self.first, self.second)]
        self.assertEqual(atoms[0], atoms[1])


if __name__ == "__main__":
    unittest.main()
