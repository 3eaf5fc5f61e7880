"""Tests for the QSAR blend (yunyao.qsar.kernel, yunyao.qsar.blend): the MinMax + RBF kernel against its
definition, the SVM's stored decision function against scikit-learn's, ranks, and a build that keeps the
blend, whose model file predicts exactly what the build's model did (fixture tests/fixtures/qsar/)."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import numpy as np  # noqa: E402
from rdkit import Chem  # noqa: E402
from rdkit.Chem import Crippen  # noqa: E402

from yunyao.qsar import artefact, blend, build, descriptors, predict  # noqa: E402
from yunyao.qsar.kernel import CLIP, KernelSVM, Space  # noqa: E402
from yunyao.params import write_params  # noqa: E402

TRAIN_CSV = os.path.join(HERE, "fixtures", "qsar", "train.csv")
COMPOSITE = "ECFP_counts+MACCS_keys+UnscaledPhyschemDescriptors"


def molecules() -> list:
    with open(TRAIN_CSV) as fh:
        next(fh)
        return [Chem.MolFromSmiles(line.split(",")[1]) for line in fh][:30]


class KernelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        mols = molecules()
        cls.X = descriptors.compute(COMPOSITE, mols)
        cls.logp = np.array([Crippen.MolLogP(m) for m in mols])  # a label with a scale

    def test_kernel_is_the_mean_of_minmax_and_rbf(self) -> None:
        X = self.X
        space = Space.of(COMPOSITE, X[:20], np.arange(20))
        a, b = X[20:], X[:20]
        K = space.kernel(space.code(a), space.code(b))
        fp, dense = space.fp, space.dense
        self.assertEqual((len(fp), len(dense)), (2048, 167 + len(descriptors.PHYSCHEM_NAMES)))
        z = lambda M: np.clip((M[:, dense].astype(np.float64) - space.mean) / space.sd, -CLIP, CLIP)
        for i in range(len(a)):
            for j in range(len(b)):
                minmax = np.minimum(a[i, fp], b[j, fp]).sum() / np.maximum(a[i, fp], b[j, fp]).sum()
                rbf = np.exp(-((z(a[i : i + 1]) - z(b[j : j + 1])) ** 2).sum() / len(dense))
                self.assertAlmostEqual(K[i, j], (minmax + rbf) / 2, places=7)
        # a query count above every reference's (the thermometer's levels) is still exact
        bigger = a.copy()
        bigger[:, fp] *= 3
        K3 = space.kernel(space.code(bigger), space.code(b))
        i, j = 0, 1
        expected = np.minimum(bigger[i, fp], b[j, fp]).sum() / np.maximum(bigger[i, fp], b[j, fp]).sum()
        self.assertAlmostEqual(K3[i, j] * 2 - space.rbf(space.code(bigger[:1]), space.code(b[j : j + 1]))[0, 0], expected, places=9)

    def test_stored_decision_function_is_scikit_learns(self) -> None:
        from sklearn.svm import SVC, SVR

        X, rows = self.X, np.arange(24)
        y = self.logp
        for mode in ("regression", "classification"):
            target = y if mode == "regression" else (y > np.median(y)).astype(float)
            svm = KernelSVM.fit(mode, COMPOSITE, X, target, rows)
            space = Space.of(COMPOSITE, X, rows)
            K_train = space.kernel(space.code(X[rows]), space.code(X[rows]))
            K_new = space.kernel(space.code(X[24:]), space.code(X[rows]))
            if mode == "regression":
                sd = target[rows].std()
                ref = SVR(kernel="precomputed", C=5.0, epsilon=0.1).fit(K_train, (target[rows] - target[rows].mean()) / sd)
                expected = ref.predict(K_new) * sd + target[rows].mean()
            else:
                expected = SVC(kernel="precomputed", C=5.0).fit(K_train, target[rows].astype(int)).decision_function(K_new)
            np.testing.assert_allclose(svm.predict(X[24:]), expected, rtol=1e-9, atol=1e-9)
            again = KernelSVM.from_state(artefact.codec.decode(json.loads(json.dumps(artefact.codec.encode(svm.state())))))
            self.assertTrue(np.array_equal(svm.predict(X[24:]), again.predict(X[24:])), mode)

    def test_atom_variants_from_their_molecules_equal_whole_rows(self) -> None:
        mols = molecules()
        X, rows = self.X, np.arange(20)
        y = self.logp
        variants = [descriptors.without_each_atom(COMPOSITE, m, X[k]) for k, m in enumerate(mols[20:], start=20)]
        stacked = np.concatenate(variants)
        for mode in ("regression", "classification"):
            svm = KernelSVM.fit(mode, COMPOSITE, X, y if mode == "regression" else (y > np.median(y[rows])).astype(float), rows)
            np.testing.assert_allclose(svm.predict_variants(X[20:], stacked, [len(v) for v in variants]), svm.predict(stacked), rtol=0, atol=1e-5)
        # one kind of column alone: fingerprints only, the other columns only
        for name in ("ECFP", "MACCS_keys"):
            Xn = descriptors.compute(name, mols)
            svm = KernelSVM.fit("regression", name, Xn, y, rows)
            parts = [descriptors.without_each_atom(name, m, Xn[k]) for k, m in enumerate(mols[20:], start=20)]
            np.testing.assert_allclose(svm.predict_variants(Xn[20:], np.concatenate(parts), [len(v) for v in parts]), svm.predict(np.concatenate(parts)),
                                       rtol=0, atol=1e-5)

    def test_ranks_read_scores_against_the_reference(self) -> None:
        ref = np.sort(np.array([0.1, 0.2, 0.2, 0.9]))
        np.testing.assert_allclose(blend.ranks(ref, np.array([0.0, 0.2, 0.5, 1.0])), [0.0, 0.5, 0.75, 1.0])
        np.testing.assert_allclose(blend.combine("regression", np.array([1.0]), np.array([3.0]), None), [2.0])


class BlendBuildTest(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="qsar-blend-")
        self.addCleanup(shutil.rmtree, self.folder, True)

    def build(self, params: dict) -> dict:
        shutil.copy(TRAIN_CSV, os.path.join(self.folder, "train.csv"))
        write_params(self.folder, "qsartuna", {"smiles_col": "smiles", "trials": 1, "time_budget": 5, "seed": 7, "name": "b",
                                                "descriptors": ["ECFP_counts", "MACCS_keys", "UnscaledPhyschemDescriptors"], **params})
        cwd = os.getcwd()
        os.chdir(self.folder)
        try:
            build.main(['--inputs-json=[{"path": "train.csv", "name": "train.csv"}]', "--params=params.json", "--threads=2"])
        finally:
            os.chdir(cwd)
        with open(os.path.join(self.folder, "summary.json")) as fh:
            return json.load(fh)["card"]

    def test_kept_blend_is_in_the_model_file_and_predicts_the_same(self) -> None:
        for mode, label, alg in (("regression", "logp", "Ridge"), ("classification", "lipophilic", "KNeighborsClassifier")):
            card = self.build({"mode": mode, "labels_col": label, "algorithms": [alg]})
            self.assertEqual(card["blend"]["chosen"], card["blend"]["blend_cv"] > card["blend"]["alone_cv"], card["blend"])
            self.assertTrue(card["blend"]["chosen"], f"{mode}: the fixture's blend should beat {alg} alone: {card['blend']}")
            self.assertEqual(card["cv"]["mean"], round(card["blend"]["blend_cv"], 4))
            with open(os.path.join(self.folder, "rows.json")) as fh:
                rows = json.load(fh)
            self.assertEqual([r["best"] for r in rows], [False, False, True])
            self.assertEqual(rows[-1]["algorithm"], f"{alg} + SVM (MinMax/RBF kernel)")
            self.assertEqual(card["algorithm"], rows[-1]["algorithm"])  # the model is the blend, and says so
            path = os.path.join(self.folder, "qsar-model.json.gz")
            with gzip.open(path, "rt") as fh:
                self.assertEqual(json.load(fh)["format"], "yunyao-qsar/2")
            p = predict.Predictor(path, "m")
            self.assertIsInstance(p.model, blend.Blend)
            mols = molecules()[:5]
            out = p.rows(mols, [str(i) for i in range(5)], [Chem.MolToSmiles(m) for m in mols])
            value = p._value(descriptors.compute(p.descriptor, mols))
            self.assertEqual([r["prediction"] for r in out], [round(float(v), 4) for v in value])
            self.assertEqual(len(out[0]["atom_weights"]), mols[0].GetNumAtoms())
            self.assertTrue(any(abs(w) > 0 for w in out[0]["atom_weights"]))
            if mode == "classification":
                self.assertTrue(all(0 <= r["prediction"] <= 1 for r in out))
            else:
                self.assertTrue(all(r["lower"] <= r["prediction"] <= r["upper"] for r in out))
            shutil.rmtree(self.folder)
            os.makedirs(self.folder)


if __name__ == "__main__":
    unittest.main()
