"""Tests for yunyao.qsar: the table's inspection, the submission check's refusals, a small build of each
mode (deterministic by its seed), prediction with intervals, domain and atom weights, and the portable
artefact (every algorithm's save/load round trip, refusals). The fixture is tests/fixtures/qsar/
(60 drugs, labels computed with RDKit: see its README)."""

from __future__ import annotations

import copy
import csv
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

from yunyao.common import InputError  # noqa: E402
from yunyao.qsar import algorithms as A  # noqa: E402
from yunyao.qsar import artefact, build, codec, descriptors, predict  # noqa: E402
from yunyao.qsar.check import check  # noqa: E402
from yunyao.qsar.inspect import inspect  # noqa: E402
from yunyao.qsar.labels import MIN_ROWS  # noqa: E402
from yunyao.qsar.table import input_file, read_table  # noqa: E402
from yunyao.params import write_params  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures", "qsar")
TRAIN_CSV = os.path.join(FIXTURES, "train.csv")
TRAIN_SDF = os.path.join(FIXTURES, "train.sdf")


def table_of(text: str, name: str = "t.csv"):
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return read_table(input_file(path, name))


def refusal(fn, *args) -> tuple[str, dict]:
    try:
        fn(*args)
    except InputError as exc:
        return exc.code, exc.params
    raise AssertionError("not refused")


class InspectTest(unittest.TestCase):
    def test_csv_columns_and_guesses(self) -> None:
        out = inspect(read_table(input_file(TRAIN_CSV, "train.csv")))
        self.assertEqual((out["format"], out["rows"], out["smiles_col"], out["labels_col"], out["mode"]), ("csv", 60, "smiles", "logp", "regression"))
        cols = {c["name"]: c for c in out["columns"]}
        self.assertEqual(cols["smiles"]["smiles"], 1.0)
        self.assertEqual(cols["lipophilic"]["distinct"], 2)
        self.assertEqual(cols["logp"]["numeric"], 1.0)
        self.assertEqual(cols["name"]["example"], "aspirin")

    def test_sdf_structure_column_first(self) -> None:
        out = inspect(read_table(input_file(TRAIN_SDF, "train.sdf")))
        self.assertEqual(out["format"], "sdf")
        self.assertEqual([c["name"] for c in out["columns"]], ["@structure", "logp", "lipophilic"])
        self.assertEqual((out["rows"], out["smiles_col"]), (30, "@structure"))

    def test_semicolons_quotes_bom_and_a_two_class_label(self) -> None:
        out = inspect(table_of('\ufeffid;"SMILES";active\n1;"CCO";yes\n2;"c1ccccc1";no\n3;CCN;yes\n'))
        self.assertEqual(out["columns"][1]["name"], "SMILES")
        self.assertEqual((out["smiles_col"], out["labels_col"], out["mode"]), ("SMILES", "active", "classification"))

    def test_unreadable_file_refused(self) -> None:
        code, _ = refusal(table_of, "", "t.csv")
        self.assertEqual(code, "qsartuna.tableEmpty")
        code, _ = refusal(table_of, "a,b\n", "t.xlsx")
        self.assertEqual(code, "qsartuna.tableUnreadable")


class CheckTest(unittest.TestCase):
    def rows(self, labels: list[str], smiles: list[str] | None = None) -> str:
        base = ["C" * (k % 6 + 1) + "O" for k in range(len(labels))]
        return "smiles,y\n" + "".join(f"{s},{y}\n" for s, y in zip(smiles or base, labels))

    def test_lists_unreadable_lines_like_check_smiles(self) -> None:
        t = table_of(self.rows([str(k) for k in range(25)], ["CCO"] * 3 + ["C1CC("] + ["CCN"] * 21))
        out = check(t, "t.csv", "smiles", "y", "regression")
        self.assertEqual(out["molecules"], 25)
        self.assertEqual([(u["line"], u["smiles"]) for u in out["unreadable"]], [(5, "C1CC(")])
        self.assertTrue(out["unreadable"][0]["reason"])

    def test_refusals(self) -> None:
        many = [str(k) for k in range(25)]
        self.assertEqual(refusal(check, table_of(self.rows(many)), "t.csv", "smiles", "pIC50", "regression")[0], "qsartuna.columnMissing")
        code, params = refusal(check, table_of(self.rows(many[:7] + ["n/a"] + many[8:])), "t.csv", "smiles", "y", "regression")
        self.assertEqual((code, params["line"], params["value"]), ("qsartuna.labelNotNumeric", 9, "n/a"))
        self.assertEqual(refusal(check, table_of(self.rows(["a", "b", "c"] * 9)), "t.csv", "smiles", "y", "classification")[0], "qsartuna.tooManyClasses")
        self.assertEqual(refusal(check, table_of(self.rows(["1"] * 25)), "t.csv", "smiles", "y", "regression")[0], "qsartuna.constantLabel")
        code, params = refusal(check, table_of(self.rows(many[:15] + [""] * 10)), "t.csv", "smiles", "y", "regression")
        self.assertEqual((code, params["usable"], params["min"], params["empty"]), ("qsartuna.tooFewRows", 15, MIN_ROWS, 10))

    def test_empty_labels_are_dropped_not_refused(self) -> None:
        out = check(table_of(self.rows([str(k) for k in range(22)] + ["", ""])), "t.csv", "smiles", "y", "regression")
        self.assertEqual(out["unreadable"], [])


class BuildTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.mkdtemp(prefix="qsar-test-")

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def run_build(self, name: str, params: dict) -> str:
        folder = os.path.join(self.tmp, name)
        os.makedirs(folder)
        shutil.copy(TRAIN_CSV, os.path.join(folder, "train.csv"))
        write_params(folder, "qsartuna", {"smiles_col": "smiles", "trials": 3, "time_budget": 5, "seed": 7, "name": name, **params})
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            build.main(['--inputs-json=[{"path": "train.csv", "name": "train.csv"}]', "--params=params.json", "--threads=1"])
        finally:
            os.chdir(cwd)
        return folder

    def regression(self, name: str) -> str:
        return self.run_build(name, {"mode": "regression", "labels_col": "logp", "descriptors": ["UnscaledPhyschemDescriptors", "ECFP"],
                                     "algorithms": ["Ridge", "KNeighborsRegressor"]})

    def test_regression_build_is_deterministic_and_predicts(self) -> None:
        a, b = self.regression("r1"), self.regression("r2")
        with gzip.open(os.path.join(a, "qsar-model.json.gz"), "rt") as fa, gzip.open(os.path.join(b, "qsar-model.json.gz"), "rt") as fb:
            doc_a, doc_b = json.load(fa), json.load(fb)
        for doc in (doc_a, doc_b):
            doc["card"]["name"] = ""
        self.assertEqual(doc_a, doc_b)
        summary = json.load(open(os.path.join(a, "summary.json")))
        card = summary["card"]
        self.assertEqual((card["mode"], card["metric"], card["trials_run"], card["stopped_by"]), ("regression", "R2", 3, "trials"))
        self.assertEqual(set(card["test"]["metrics"]), {"R2", "RMSE", "MAE", "Pearson", "Spearman"})
        self.assertEqual(len(card["cv"]["folds"]), 5)
        self.assertEqual(card["data"]["used"], 60)
        self.assertEqual(card["data"]["development"] + card["test"]["n"], 60)
        self.assertEqual(card["interval"]["level"], 0.9)
        self.assertIsNotNone(card["interval"]["cv_coverage"])
        self.assertGreater(card["domain"]["threshold"], 0)
        self.assertEqual(len(card["plots"]["test_points"]), card["test"]["n"])
        rows = json.load(open(os.path.join(a, "rows.json")))
        # the three trials, then the SVM alone and the blend (blend.py), one of them the model kept
        self.assertEqual(len(rows), 5)
        self.assertEqual(sum(r["best"] for r in rows), 1)
        self.assertEqual(rows[4]["best"], card["blend"]["chosen"])
        self.assertEqual(json.load(open(os.path.join(a, "progress.json"))), {"done": 3, "total": 3, "unit": "trials"})
        with open(os.path.join(a, "trials.csv")) as fh:
            self.assertEqual(len(list(csv.DictReader(fh))), 3)
        with open(os.path.join(a, "test-predictions.csv")) as fh:
            self.assertEqual(next(csv.reader(fh)), ["ID", "SMILES", "observed", "predicted", "lower", "upper"])

        # predict: a training molecule (in domain, its own nearest neighbour), a far one, an unreadable line
        with open(os.path.join(a, "mols.csv"), "w") as fh:
            fh.write("smiles,name\nCC(=O)Oc1ccccc1C(=O)O,asp\nC1CC(,bad\n[Se]=[Se],odd\n")
        cwd = os.getcwd()
        os.chdir(a)
        try:
            predict.main(['--inputs-json=[{"path": "mols.csv", "name": "mols.csv"}]', "--model=qsar-model.json.gz", "--rows=pred-rows.json",
                          "--summary=pred-summary.json"])
        finally:
            os.chdir(cwd)
        out = json.load(open(os.path.join(a, "pred-rows.json")))
        asp, bad, odd = out
        self.assertEqual((asp["nearest_id"], asp["nearest_similarity"], asp["out_of_domain"]), ("aspirin", 1.0, False))
        self.assertLessEqual(asp["lower"], asp["prediction"])
        self.assertGreaterEqual(asp["upper"], asp["prediction"])
        self.assertEqual(len(asp["atom_weights"]), Chem.MolFromSmiles("CC(=O)Oc1ccccc1C(=O)O").GetNumAtoms())
        self.assertIsNone(asp["predicted_class"])
        self.assertTrue(odd["out_of_domain"])
        self.assertTrue(bad["error"].startswith("common.smilesInvalidAt"))
        pred_summary = json.load(open(os.path.join(a, "pred-summary.json")))
        self.assertEqual((pred_summary["predicted"], pred_summary["failed"]), (2, 1))
        self.assertEqual(pred_summary["model"]["algorithm"], card["algorithm"])

    def test_classification_build_and_class_labels(self) -> None:
        folder = self.run_build("c1", {"mode": "classification", "labels_col": "lipophilic", "descriptors": ["MACCS_keys"],
                                       "algorithms": ["LogisticRegression", "KNeighborsClassifier"], "trials": 2})
        card = json.load(open(os.path.join(folder, "summary.json")))["card"]
        self.assertEqual(set(card["test"]["metrics"]), {"AUROC", "AUPRC", "accuracy", "MCC", "Brier"})
        self.assertEqual(card["data"]["label_stats"]["positive"], "active")
        self.assertTrue(card["plots"]["roc"])
        p = predict.Predictor(os.path.join(folder, "qsar-model.json.gz"), "m")
        rows = p.rows([Chem.MolFromSmiles("CCCCCCCCCc1ccccc1")], ["x"], ["CCCCCCCCCc1ccccc1"])
        self.assertIn(rows[0]["predicted_class"], ("active", "inactive"))
        self.assertTrue(0 < rows[0]["prediction"] < 1)
        self.assertIsNone(rows[0]["lower"])
        # A 90 % conformal set of classes, its coverage in the card.
        self.assertTrue(set(rows[0]["prediction_set"]) <= {"active", "inactive"})
        self.assertEqual(card["interval"]["level"], 0.9)
        self.assertTrue(0 < card["interval"]["cv_coverage"] <= 1, card["interval"])
        self.assertAlmostEqual(sum(card["interval"]["test_set_sizes"].values()), 1.0, places=3)

    def test_class_conditional_prediction_sets_cover_each_class(self) -> None:
        from yunyao.qsar import interval
        rng = np.random.default_rng(0)
        y = (rng.random(400) < 0.2).astype(int)  # a rare positive class
        prob = np.clip(np.where(y == 1, rng.normal(0.7, 0.2, 400), rng.normal(0.25, 0.15, 400)), 0, 1)
        q = interval.class_quantiles(prob, y)
        covered = interval.set_covered(y, prob, q)
        for c in (0, 1):
            self.assertGreaterEqual(covered[y == c].mean(), 0.9)
        has0, has1 = interval.prediction_sets(np.array([0.0, 1.0]), q)
        self.assertEqual((bool(has0[0]), bool(has1[0]), bool(has0[1]), bool(has1[1])), (True, False, False, True))

    def test_unavailable_descriptors_and_wrong_algorithms_refused(self) -> None:
        for name in ("Avalon", "UnscaledJazzyDescriptors"):
            code, params = refusal(descriptors.check_names, ["ECFP", name])
            self.assertEqual((code, params["name"]), ("qsartuna.descriptorUnavailable", name))
            self.assertIn(params["reason"]["code"], ("qsartuna.avalonReason", "qsartuna.jazzyReason"))
        self.assertEqual(refusal(descriptors.check_names, ["ECFP4"]), ("qsartuna.descriptorUnknown", {"name": "ECFP4"}))
        code, params = refusal(A.check_names, ["SVC"], "regression")
        self.assertEqual((code, params["mode"]["code"]), ("qsartuna.algorithmWrongMode", "qsartuna.modeRegression"))


class ArtefactTest(unittest.TestCase):
    def test_every_algorithm_round_trips_exactly(self) -> None:
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        rng = np.random.RandomState(0)
        X = (rng.rand(60, 48) > 0.7).astype(np.float32)
        y = X[:, :5].sum(1) + rng.rand(60) * 0.1
        for mode in ("regression", "classification"):
            target = y if mode == "regression" else (y > np.median(y)).astype(float)
            for name in A.names(mode):
                alg = A.algorithm(name)
                params = alg.space(optuna.create_study(sampler=optuna.samplers.TPESampler(seed=1)).ask())
                fitted = A.Fitted.fit(alg, params, X, target, seed=1, threads=1)
                doc = json.loads(json.dumps({"algorithm": {"name": name, "params": params}, "model": artefact.model_state(fitted)}))
                again = artefact.model_of(doc)
                self.assertTrue(np.array_equal(fitted.predict(X), again.predict(X)), name)
        self.assertEqual(len(A.names("regression")) + len(A.names("classification")), 16)

    def test_unknown_class_wrong_format_and_version_refused(self) -> None:
        self.assertRaises(codec.CodecError, codec.decode, {"__class__": "os.system", "state": {}})
        self.assertRaises(codec.CodecError, codec.encode, object())
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "m.json.gz")
        doc = {"versions": artefact.versions(), "descriptor": {"name": "ECFP+MACCS_keys"}, "algorithm": {"name": "Ridge", "params": {"alpha": 1.0}},
               "model": {"scaler": None, "estimator": {"__class__": "builtins.eval", "state": {}}}}
        cases = [({**doc, "format": "yunyao-qsar/0"}, "qsarpred.modelFormat"),
                 ({**doc, "versions": {**doc["versions"], "sklearn": "0.24.2"}}, "qsarpred.modelVersion"),
                 ({**doc, "descriptor": {"name": "ECFP+Morgan5"}}, "qsarpred.modelUnreadable"),
                 (doc, "qsarpred.modelClassRefused")]
        for content, code in cases:
            artefact.save(path, copy.deepcopy(content))
            if content.get("format"):
                with gzip.open(path, "wt") as fh:
                    json.dump(content, fh)
            self.assertEqual(refusal(artefact.load, path, "m.json.gz")[0], code)
        with open(path, "w") as fh:
            fh.write("not gzip")
        self.assertEqual(refusal(artefact.load, path, "m.json.gz")[0], "qsarpred.modelUnreadable")

    def test_atom_variants_remove_only_the_atoms_share(self) -> None:
        mol = Chem.MolFromSmiles("CC(=O)Nc1ccc(O)cc1")
        for name in descriptors.AVAILABLE:
            x = descriptors.compute(name, [mol])[0]
            v = descriptors.without_each_atom(name, mol, x)
            self.assertEqual(v.shape, (mol.GetNumAtoms(), len(x)), name)
            self.assertTrue(np.any(v != x[None, :]), name)
            if name != "UnscaledPhyschemDescriptors":
                self.assertTrue(np.all(v <= x[None, :]), name)

    def test_maccs_key_goes_with_the_atoms_its_count_needs(self) -> None:
        glycol = Chem.MolFromSmiles("OCCO")
        v = descriptors.without_each_atom("MACCS_keys", glycol, descriptors.compute("MACCS_keys", [glycol])[0])
        # key 131, more than one heteroatom bearing H: either oxygen takes it away, neither carbon does
        np.testing.assert_array_equal(v[:, 131], [0, 1, 1, 0])
        # key 72, O~*~*~O, one match over all four atoms: each of them takes it away
        np.testing.assert_array_equal(v[:, 72], [0, 0, 0, 0])


if __name__ == "__main__":
    unittest.main()


class SplitGroupsTest(unittest.TestCase):
    """Chain-only molecules share the empty Murcko scaffold, and a congeneric series shares one ring
    system: neither may leave the scaffold split without a test side or five folds."""

    def data(self, smiles: list[str]):
        from yunyao.admet.train import scaffold_of_mol

        mols = [Chem.MolFromSmiles(s) for s in smiles]
        return build.Data(ids=smiles, smiles=smiles, mols=mols, y=np.arange(len(smiles), dtype=float), scaffolds=[scaffold_of_mol(m) for m in mols],
                          skipped=[], rows=len(smiles), empty_labels=0, duplicates_merged=0, ties_dropped=0, classes=None)

    def test_acyclic_molecules_are_their_own_groups(self) -> None:
        chains = ["C" * n for n in range(2, 14)] + ["c1ccccc1" + "C" * n for n in range(1, 4)]
        groups, name = build.split_groups(self.data(chains))
        self.assertEqual(name, build.SCAFFOLD_SPLIT)
        self.assertEqual(len(set(groups.tolist())), 13)  # 12 chains + one benzene scaffold

    def test_one_series_splits_by_molecule(self) -> None:
        series = ["c1ccccc1" + "C" * n for n in range(1, 25)]
        dev, test, folds, name = build.split(self.data(series), False, 42)
        self.assertEqual(name, build.MOLECULE_SPLIT)
        self.assertTrue(len(test) > 0 and len(folds) == 5)


class SearchStartTest(unittest.TestCase):
    def test_known_good_start_is_trial_0(self) -> None:
        from yunyao.qsar import search
        rng = np.random.default_rng(0)
        X, y = rng.random((40, 6)), rng.random(40)
        folds = [(np.setdiff1d(np.arange(40), va), va) for va in np.array_split(np.arange(40), 5)]
        trials, _, _ = search.run(lambda d: X, y > 0.5, folds, "classification", ["a", "b", "a+b"], "a+b",
                                  ["LogisticRegression", "XGBClassifier", "RandomForestClassifier"], 2, 60, 0, 1, lambda k: None)
        self.assertEqual([(t.algorithm, t.descriptor, t.params) for t in trials],
                         [("XGBClassifier", "a+b", A.XGB_START), ("RandomForestClassifier", "a+b", A.RF_START)])

    def test_regression_starts_from_xgboost_only(self) -> None:
        from yunyao.qsar import search
        starts = search.starting_points(["RandomForestRegressor", "XGBRegressor"], "a+b")
        self.assertEqual([s["algorithm"] for s in starts], ["XGBRegressor"])

    def test_regression_start_beyond_the_sampler_range_is_fitted_as_given_without_warnings(self) -> None:
        import warnings

        from yunyao.qsar import search
        rng = np.random.default_rng(0)
        X, y = rng.random((40, 6)), rng.random(40)
        folds = [(np.setdiff1d(np.arange(40), va), va) for va in np.array_split(np.arange(40), 5)]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            trials, _, _ = search.run(lambda d: X, y, folds, "regression", ["a"], "a", ["XGBRegressor"], 1, 60, 0, 1, lambda k: None)
        self.assertEqual(trials[0].params, A.XGB_REGRESSION_START)
        self.assertEqual(trials[0].params["n_estimators"], 1000)  # beyond the sampler's 50-500 trees
        self.assertEqual([str(w.message) for w in caught if "out of range" in str(w.message)], [])


class CompositeDescriptorTest(unittest.TestCase):
    def test_side_by_side_with_each_part_own_atom_weights(self) -> None:
        mol = Chem.MolFromSmiles("CC(=O)Nc1ccc(O)cc1")
        name = "ECFP_counts+UnscaledPhyschemDescriptors"
        self.assertEqual(descriptors.search_candidates(["ECFP_counts", "UnscaledPhyschemDescriptors"])[-1], name)
        x = descriptors.compute(name, [mol])[0]
        parts = [descriptors.compute(p, [mol])[0] for p in descriptors.parts(name)]
        np.testing.assert_array_equal(x, np.hstack(parts))
        variants = descriptors.without_each_atom(name, mol, x)
        expected = np.hstack([descriptors.without_each_atom(p, mol, xp) for p, xp in zip(descriptors.parts(name), parts)])
        np.testing.assert_array_equal(variants, expected)
        self.assertEqual(variants.shape, (mol.GetNumAtoms(), len(x)))
