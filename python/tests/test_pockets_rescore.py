"""Pocket re-scorer training helpers: the DCA top-n metric, the protein families and the family-grouped folds.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_pockets_rescore
"""

from __future__ import annotations

import unittest
from unittest import mock

import numpy as np

from yunyao.pocket.data import Structure
from yunyao.pocket.metrics import success
from yunyao.pocket import validation
from yunyao.pocket.families import families, local_identity


def structure(id: str, hits: list[list[int]], ligands: int = 2, source: str = "coach420") -> Structure:
    n = len(hits)
    return Structure(id=id, source=source, index=0, ligands=ligands, features=np.zeros((n, 3), np.float32), geometric=np.arange(n, 0, -1, dtype=np.float64), hits=hits)



def recording_fit(family_of: dict, seen: list):
    """A stand-in for ``validation.fit`` whose models record, per scored structure, the families they
    were trained on and the structure's own family."""

    def fake_fit(arm, names, train):
        trained = {family_of[s.id] for s in train}

        def predict(s):
            seen.append((trained, {family_of[s.id]}))
            return np.zeros(len(s.hits))

        return predict

    return fake_fit


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


def random_sequence(rng: np.random.Generator, n: int) -> str:
    return "".join(rng.choice(list("ACDEFGHIKLMNPQRSTVWY"), n))


def mutate(rng: np.random.Generator, seq: str, keep: float) -> str:
    """The sequence with a share (1 - keep) of its residues replaced at random (a distant homologue)."""
    return "".join(c if rng.random() < keep else random_sequence(rng, 1) for c in seq)


class Families(unittest.TestCase):
    def test_identity_counts_identical_residues_of_the_best_local_alignment_over_the_shorter_chain(self) -> None:
        rng = np.random.default_rng(0)
        a = random_sequence(rng, 120)
        self.assertEqual(local_identity(a, a), 1.0)
        # 5 residues deleted and one substituted: 114 of the 115 residues of the shorter chain align identically.
        b = a[:20] + ("W" if a[20] != "W" else "Y") + a[21:60] + a[65:]
        self.assertAlmostEqual(local_identity(a, b), 114 / 115)
        self.assertLess(local_identity(a, random_sequence(rng, 150)), 0.15)

    def test_homologues_share_a_family_unrelated_proteins_do_not(self) -> None:
        rng = np.random.default_rng(1)
        kinase, protease = random_sequence(rng, 200), random_sequence(rng, 180)
        chains = {
            "1aaaA": [kinase],
            "astex-1bbb": [mutate(rng, kinase, 0.6)],  # ~60 % identical: same family
            "2cccA": [protease],
            "pdbbind-3ddd": [protease[:150], "ACDEFGHIK"],  # same protein, plus a peptide chain
            "4eeeA": [random_sequence(rng, 160)],
            "4eeeB": [random_sequence(rng, 90)],  # another chain of entry 4eee
        }
        fam = families(chains)
        self.assertEqual(fam["1aaaA"], fam["astex-1bbb"])
        self.assertEqual(fam["2cccA"], fam["pdbbind-3ddd"])
        self.assertEqual(fam["4eeeA"], fam["4eeeB"])
        self.assertEqual(len({fam["1aaaA"], fam["2cccA"], fam["4eeeA"]}), 3)


class Folds(unittest.TestCase):
    def structures_and_families(self) -> tuple[list[Structure], dict[str, int]]:
        structures = [structure(f"{i:04d}{chain}", [[0]]) for i in range(15) for chain in "AB"]
        structures += [structure(f"astex-{i:04d}", [[0]], source="astex") for i in range(10)]
        family_of = {s.id: (int(s.id[-4:]) if s.source == "astex" else int(s.id[:4])) % 7 for s in structures}
        return structures, family_of

    def test_a_family_never_spans_folds_and_every_structure_is_used_once(self) -> None:
        structures, family_of = self.structures_and_families()
        for seed in range(5):
            folds = validation.family_folds(structures, family_of, 5, seed)
            self.assertEqual(sorted(s.id for f in folds for s in f), sorted(s.id for s in structures))
            fold_of_family: dict[int, set[int]] = {}
            for k, fold in enumerate(folds):
                for s in fold:
                    fold_of_family.setdefault(family_of[s.id], set()).add(k)
            self.assertTrue(all(len(ks) == 1 for ks in fold_of_family.values()))
            self.assertTrue(all(folds))

    def test_every_model_is_trained_without_the_families_it_is_scored_on(self) -> None:
        structures, family_of = self.structures_and_families()
        arm = validation.Arm("test", "xgboost", ("f0",))
        seen: list[tuple[set[int], set[int]]] = []
        fake_fit = recording_fit(family_of, seen)

        with mock.patch.object(validation, "fit", fake_fit):
            results = validation.cross_validate([validation.Arm("geometric"), arm], ["f0", "f1", "f2"], structures, family_of, repeats=2)
        self.assertEqual(len(seen), 2 * len(structures))
        self.assertTrue(all(not (trained & tested) for trained, tested in seen))
        # Both arms see the same folds; every structure is scored once per repeat.
        for name in ("geometric", "test"):
            self.assertEqual(sorted(sid for r in results[name] for sid in r.per_structure), sorted(2 * [s.id for s in structures]))
        self.assertEqual([sorted(r.per_structure) for r in results["geometric"]], [sorted(r.per_structure) for r in results["test"]])


class Selection(unittest.TestCase):
    def test_fewer_features_win_within_one_standard_error_of_the_best(self) -> None:
        small = validation.Arm("small", "xgboost", ("a",))
        large = validation.Arm("large", "xgboost", ("a", "b", "c"))
        rates = {"large": np.array([70.0, 74.0, 72.0, 76.0]), "small": np.array([70.0, 73.0, 71.0, 73.0])}
        self.assertEqual(validation.choose([large, small], rates), small)  # 71.75 vs 73.0, SE 1.29
        rates["small"] = rates["small"] - 2.0
        self.assertEqual(validation.choose([large, small], rates), large)

    def test_the_nested_check_never_scores_a_family_its_model_or_choice_saw(self) -> None:
        structures, family_of = Folds().structures_and_families()
        seen: list[tuple[set[int], set[int]]] = []
        fake_fit = recording_fit(family_of, seen)

        arms = [validation.Arm("geometric"), validation.Arm("test", "xgboost", ("f0",))]
        with mock.patch.object(validation, "fit", fake_fit):
            results, chosen = validation.nested_selection(arms, ["f0"], structures, family_of, repeats=1)
        self.assertEqual(len(results), validation.FOLDS)
        self.assertEqual(len(chosen), validation.FOLDS)
        self.assertTrue(all(not (trained & tested) for trained, tested in seen))
        self.assertEqual(sorted(sid for r in results for sid in r.per_structure), sorted(s.id for s in structures))


if __name__ == "__main__":
    unittest.main()
