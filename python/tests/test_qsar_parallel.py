"""Tests for yunyao.qsar.parallel: fits side by side return what they would one after the other."""

from __future__ import annotations

import os
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import numpy as np  # noqa: E402

from yunyao.qsar.algorithms import Fitted  # noqa: E402
from yunyao.qsar.parallel import side_by_side  # noqa: E402
from yunyao.qsar.search import cross_validate  # noqa: E402


class SideBySideTest(unittest.TestCase):
    def test_results_in_order_each_job_on_its_share_of_the_threads(self) -> None:
        def job(k: int):
            return lambda threads: (k, threads)

        self.assertEqual(side_by_side([job(k) for k in range(5)], 2), [(k, 1) for k in range(5)])
        self.assertEqual(side_by_side([job(0), job(1)], 4), [(0, 2), (1, 2)])
        self.assertEqual(side_by_side([job(0)], 2), [(0, 2)])

    def test_jobs_run_at_the_same_time(self) -> None:
        both_running = threading.Barrier(2, timeout=30)  # one job at a time would break it after 30 s
        self.assertEqual(side_by_side([lambda t: both_running.wait() >= 0] * 2, 2), [True, True])

    def test_a_failing_job_raises_its_own_error(self) -> None:
        def fails(threads: int):
            raise np.linalg.LinAlgError("singular")

        with self.assertRaises(np.linalg.LinAlgError):
            side_by_side([lambda t: 1, fails], 2)

    def test_every_algorithm_cross_validates_side_by_side_as_fold_by_fold(self) -> None:
        import optuna

        from yunyao.qsar.algorithms import algorithm, names

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        rng = np.random.default_rng(5)
        X = rng.normal(size=(80, 6))
        y = X[:, 0] + rng.normal(scale=0.3, size=80)
        folds = [(np.setdiff1d(np.arange(80), part), part) for part in np.array_split(rng.permutation(80), 5)]
        for name in names("regression") + names("classification"):
            alg = algorithm(name)
            with self.subTest(algorithm=name):
                params = alg.space(optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=1)).ask())
                labels = (y > 0).astype(float) if alg.mode == "classification" else y
                alone = np.zeros(len(labels))  # each fold fitted on its own, one after the other
                for tr, va in folds:
                    alone[va] = Fitted.fit(alg, params, X[tr], labels[tr], 7, 1).predict(X[va])
                np.testing.assert_allclose(cross_validate(name, params, X, labels, folds, alg.mode, 7, 2)[1], alone, rtol=1e-9, atol=1e-12)

    def test_cross_validation_does_not_depend_on_the_threads(self) -> None:
        rng = np.random.default_rng(3)
        X = rng.normal(size=(120, 12))
        y = X[:, 0] * 2 + rng.normal(scale=0.3, size=120)
        folds = [(np.setdiff1d(np.arange(120), part), part) for part in np.array_split(rng.permutation(120), 5)]
        params = {"max_depth": 3, "n_estimators": 40, "learning_rate": 0.1, "colsample_bytree": 0.8, "min_child_weight": 1.0}
        one = cross_validate("XGBRegressor", params, X, y, folds, "regression", 7, 1)
        two = cross_validate("XGBRegressor", params, X, y, folds, "regression", 7, 2)
        np.testing.assert_array_equal(one[1], two[1])
        self.assertEqual(one[0], two[0])
        self.assertGreater(min(one[0]), 0.5)  # the folds learnt the signal, so the comparison means something


if __name__ == "__main__":
    unittest.main()
