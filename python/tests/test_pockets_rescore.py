"""Pocket re-scorer training helpers: the DCA top-n metric and the protein-grouped folds.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_pockets_rescore
"""

from __future__ import annotations

import unittest
from unittest import mock

import numpy as np

from yunyao.pocket.data import Structure
from yunyao.pocket.metrics import success
from yunyao.pocket import validation
from yunyao.pocket.validation import protein_folds


def structure(id: str, hits: list[list[int]], ligands: int = 2, source: str = "coach420") -> Structure:
    n = len(hits)
    return Structure(id=id, source=source, index=0, ligands=ligands, features=np.zeros((n, 3), np.float32), geometric=np.arange(n, 0, -1, dtype=np.float64), hits=hits)


class TopN(unittest.TestCase):
    def test_counts_each_ligand_once_within_top_n_and_top_n_plus_2(self) -> None:
        # Two ligands; pockets 0 and 3 both hit ligand 0, pocket 2 hits ligand 1.
        s = structure("1abcA", [[0], [], [1], [0], []])
        by_score = success(s, np.array([0.9, 0.8, 0.1, 0.7, 0.0]))  # order 0, 1, 3, 2, 4
        self.assertEqual((by_score.ligands, by_score.top_n, by_score.top_n2), (2, 1, 2))
        best_first = success(s, np.array([0.1, 0.0, 0.9, 0.8, 0.0]))  # order 2, 3, ...
        self.assertEqual((best_first.top_n, best_first.top_n2), (2, 2))

    def test_ties_fall_back_on_the_geometric_score(self) -> None:
        s = structure("1abcA", [[], [0]], ligands=1)
        self.assertEqual(success(s, np.array([0.5, 0.5])).top_n, 0)  # pocket 0 has the higher geometric score


class Folds(unittest.TestCase):
    def test_chains_of_one_entry_share_a_fold_and_every_structure_is_used_once(self) -> None:
        structures = [structure(f"{i:04d}{chain}", [[0]]) for i in range(12) for chain in "AB"]
        folds = protein_folds(structures, 5, seed=1)
        self.assertEqual(sorted(s.id for f in folds for s in f), sorted(s.id for s in structures))
        for fold in folds:
            entries = {s.id[:4] for s in fold}
            self.assertEqual(len(fold), 2 * len(entries))


class ExtraData(unittest.TestCase):
    def test_nested_cv_trains_every_model_with_the_extra_complexes_and_scores_only_coach420(self) -> None:
        coach = [structure(f"{i:04d}A", [[0]]) for i in range(10)]
        extra = [structure(f"astex-{i:04d}", [[0]], source="astex") for i in range(3)]
        trained_on: list[list[Structure]] = []
        scored: list[Structure] = []

        def fake_fit(train, config):
            trained_on.append(train)
            return config

        def fake_predict(booster, structures):
            scored.extend(structures)
            return [np.zeros(len(s.hits)) for s in structures]

        with mock.patch.object(validation, "fit", fake_fit), mock.patch.object(validation, "predict", fake_predict):
            validation.nested_cv(coach, extra, repeats=1)
        self.assertTrue(trained_on)
        self.assertTrue(all({id(e) for e in extra} <= {id(s) for s in train} for train in trained_on))
        self.assertTrue(all(s.source == "coach420" for s in scored))

    def test_an_extra_complex_is_its_own_entry(self) -> None:
        self.assertEqual(structure("astex-1gm8", [[0]], source="astex").entry, "astex-1gm8")
        self.assertEqual(structure("1gm8A", [[0]]).entry, "1gm8")


if __name__ == "__main__":
    unittest.main()
