"""The graph_dta training command end to end on the tiny fixture (python/tests/fixtures/dta/tiny),
then a prediction with the weights it wrote (YUNYAO_DTA_MODELS).

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_dta_train   (about 10 s)
"""

from __future__ import annotations

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from tests.dta_support import PIM2, STAUROSPORINE, TINY_DATASET, load_json, run_step, write_inputs  # noqa: E402
from yunyao.common import file_sha256  # noqa: E402


def train(out: str, *extra: str) -> None:
    os.makedirs(out, exist_ok=True)
    res = run_step("yunyao.graph_dta.train", ["--model=davis", f"--data-dir={TINY_DATASET}", f"--out={out}", "--chunk=2", "--batch=8", *extra], out)
    if res.returncode:
        raise AssertionError(res.stderr)


class TrainTest(unittest.TestCase):
    def test_trains_saves_metadata_and_the_step_predicts_with_it(self) -> None:
        with tempfile.TemporaryDirectory() as models:
            train(models, "--max-epochs=3")
            self.assertEqual(sorted(os.listdir(models)), ["davis.domain.npz", "davis.json", "davis.pt"])
            meta = load_json(models, "davis.json")
            self.assertEqual(meta["data_sha256"], file_sha256(os.path.join(TINY_DATASET, "train_pairs.tsv")))
            self.assertEqual(meta["params"]["validation_fold"], 0)
            self.assertEqual(meta["params"]["epochs_run"], 3)
            self.assertEqual(meta["validation"]["pairs"], 4)  # 18 pairs round-robin: fold 0 holds 4
            self.assertEqual(meta["training_pairs"], 14)
            self.assertIn("torch", meta["engines"])
            self.assertEqual(meta["interval"]["calibration_pairs"] + meta["interval"]["coverage_pairs"], 4)

            with tempfile.TemporaryDirectory() as task:
                args = write_inputs(task, "pim2.fasta", PIM2, f"smiles\n{STAUROSPORINE}\n")
                res = run_step("yunyao.graph_dta.predict", args, task, {"YUNYAO_DTA_MODELS": models})
                self.assertEqual(res.returncode, 0, res.stderr)
                self.assertEqual(load_json(task, "summary.json")["model"]["version"], meta["version"])
                self.assertIsInstance(load_json(task, "result.json")[0]["affinity"], float)

    def test_members_trained_from_cached_fingerprints_join_into_an_ensemble(self) -> None:
        with tempfile.TemporaryDirectory() as work:
            cache = os.path.join(work, "ligands.npz")
            members = [os.path.join(work, f"seed{seed}") for seed in (1, 2)]
            for seed, folder in zip((1, 2), members):  # the first writes the cache, the second reads it
                train(folder, "--max-epochs=1", f"--seed={seed}", f"--ligand-cache={cache}")
            self.assertTrue(os.path.isfile(cache))
            res = run_step("yunyao.graph_dta.ensemble", ["--model=davis", f"--data-dir={TINY_DATASET}", f"--out={work}", "--members", *members], work)
            self.assertEqual(res.returncode, 0, res.stderr)
            meta = load_json(work, "davis.json")
            self.assertEqual([m["seed"] for m in meta["members"]], [1, 2])
            self.assertEqual(meta["validation"]["pairs"], 4)
            with tempfile.TemporaryDirectory() as task:
                args = write_inputs(task, "pim2.fasta", PIM2, f"smiles\n{STAUROSPORINE}\n")
                res = run_step("yunyao.graph_dta.predict", args, task, {"YUNYAO_DTA_MODELS": work})
                self.assertEqual(res.returncode, 0, res.stderr)
                self.assertEqual(load_json(task, "summary.json")["model"]["version"], meta["version"])


if __name__ == "__main__":
    unittest.main()
