"""Tests for yunyao.generate: seeded analogues, their validity and filters, and the step's rows."""

from __future__ import annotations

import csv
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.join(HERE, "..")
sys.path.insert(0, PYDIR)

from rdkit import Chem  # noqa: E402

from yunyao.generate.engine import Generator, PropertyWindow  # noqa: E402
from yunyao.generate.reference import _decode_keys, _encode_keys, load_reference  # noqa: E402
from yunyao.params import write_params  # noqa: E402
from tests.step_process import run_module  # noqa: E402

# Imatinib's core: BRICS bonds (amide, aryl–N) for fragment replacement, rings for the ring edits.
PARENT = "Cc1ccc(NC(=O)c2ccc(CN3CCNCC3)cc2)cc1Nc1nccc(-c2cccnc2)n1"
# A molecule of the MOSES sample (the reference set), as RDKit writes it without stereo.
IN_REFERENCE = "CCCc1nnnn1Cc1csc(C(C)OC)n1"
# A 5-arylidene rhodanine: PAINS ene_rhod_A.
RHODANINE = "S=C1SC(=Cc2ccccc2)C(=O)N1"
# PAINS of other families (catechol, quinone, azo, aminothiophene ketone, hydroxyphenyl hydrazone, Mannich phenol).
PAINS_POSITIVE = ["Oc1ccc(CCN)cc1O", "O=C1C=CC(=O)C=C1", "CN(C)c1ccc(N=Nc2ccccc2)cc1", "CCOC(=O)c1c(N)sc(C)c1C(=O)c1ccccc1", "Oc1ccccc1C=NNc1ccccc1", "CN(C)Cc1cc(C)ccc1O"]


class GeneratorTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.generator = Generator(load_reference())
        cls.parent = Chem.MolFromSmiles(PARENT)

    def test_same_seed_same_children_other_seed_others(self) -> None:
        first = [c.smiles for c in self.generator.generate(self.parent, 30, seed=2).children]
        again = [c.smiles for c in self.generator.generate(self.parent, 30, seed=2).children]
        other = [c.smiles for c in self.generator.generate(self.parent, 30, seed=3).children]
        self.assertEqual(len(first), 30)
        self.assertEqual(first, again)
        self.assertNotEqual(first, other)

    def test_children_are_valid_distinct_and_not_the_parent(self) -> None:
        run = self.generator.generate(self.parent, 200, seed=5)
        smiles = [c.smiles for c in run.children]
        self.assertEqual(len(smiles), 200)
        self.assertEqual(len(set(smiles)), 200)
        self.assertNotIn(Chem.MolToSmiles(self.parent), smiles)
        for s in smiles:
            mol = Chem.MolFromSmiles(s)
            self.assertIsNotNone(mol, s)
            self.assertEqual(Chem.MolToSmiles(mol), s)
            self.assertNotIn(".", s)
            self.assertTrue(all(5 <= len(r) <= 8 for r in mol.GetRingInfo().AtomRings()), s)
        # Valence-aware edits: nearly every proposal sanitises.
        self.assertGreater(1 - run.invalid / run.proposals, 0.95)
        # BRICS replacement brings whole reference fragments: some children differ by more than one atom.
        heavy = self.parent.GetNumAtoms()
        self.assertTrue(any(abs(Chem.MolFromSmiles(s).GetNumAtoms() - heavy) >= 3 for s in smiles))

    def test_properties_and_filters(self) -> None:
        fp = self.generator.parent_fp(self.parent)
        own = self.generator.describe(self.parent, fp)
        self.assertEqual(own["similarity"], 1.0)
        self.assertAlmostEqual(own["mw"], 479.6, delta=0.1)
        self.assertFalse(own["pains"])
        self.assertTrue(own["passes_filters"])
        self.assertLess(own["sa_score"], 3)
        rhodanine = Chem.MolFromSmiles(RHODANINE)
        flagged = self.generator.describe(rhodanine, self.generator.parent_fp(rhodanine))
        self.assertTrue(flagged["pains"])
        self.assertFalse(flagged["passes_filters"])

    def test_children_outside_the_property_windows_are_not_kept(self) -> None:
        # Imatinib's core weighs 479.6: a window below it keeps the lighter children only.
        window = PropertyWindow.from_params({"mw_max": 470, "logp_min": 2.5, "qed_min": 0.4})
        run = self.generator.generate(self.parent, 20, seed=2, window=window)
        self.assertEqual(len(run.children), 20)
        self.assertGreater(run.outside, 0)
        fp = self.generator.parent_fp(self.parent)
        for child in run.children:
            props = self.generator.describe(child.mol, fp)
            self.assertLessEqual(props["mw"], 470)
            self.assertGreaterEqual(props["logp"], 2.5)
            self.assertGreaterEqual(props["qed"], 0.4)
        self.assertEqual(window.as_params(), {"mw_max": 470, "logp_min": 2.5, "qed_min": 0.4})
        # A window no analogue reaches ends at the proposal budget with what it found, never loops.
        none = self.generator.generate(self.parent, 5, seed=2, window=PropertyWindow.from_params({"mw_max": 100}))
        self.assertEqual(none.children, [])
        self.assertEqual(none.outside + none.invalid + none.rejected + none.duplicates, none.proposals)

    def test_pains_screen_agrees_with_rdkit_filter_catalog(self) -> None:
        from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogParams

        params = FilterCatalogParams()
        params.AddCatalog(FilterCatalogParams.FilterCatalogs.PAINS)
        catalog = FilterCatalog(params)
        mols = [Chem.MolFromSmiles(s) for s in PAINS_POSITIVE + [PARENT, RHODANINE]]
        mols += [c.mol for c in self.generator.generate(self.parent, 150, seed=9).children]
        verdicts = [self.generator.pains.has_match(m) for m in mols]
        self.assertEqual(verdicts, [catalog.HasMatch(m) for m in mols])
        self.assertTrue(all(verdicts[: len(PAINS_POSITIVE)]))

    def test_novelty_against_the_reference_sample(self) -> None:
        ref = self.generator.reference
        self.assertTrue(ref.seen(IN_REFERENCE))
        self.assertFalse(ref.seen(Chem.MolToSmiles(self.parent, isomericSmiles=False)))
        self.assertEqual(_decode_keys(_encode_keys([5, 2**32 - 1, 0, 300])), [0, 5, 300, 2**32 - 1])


class StepTest(unittest.TestCase):
    def test_rows_grouped_by_parent_with_every_field_and_the_unreadable_one(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "molecules.csv"), "w", encoding="utf-8") as fh:
                fh.write(f"smiles,name\nc1ccccc1O,phenol\nC1CC,broken\n{PARENT},imatinib_core\n")
            write_params(tmp, "generate", {"mole_type": "molecule", "molecules": "x", "gene_nums": 3, "seed": 4})
            manifest = json.dumps([{"path": "molecules.csv", "name": "molecules.csv"}])
            env = {**os.environ, "PYTHONPATH": PYDIR}
            res = run_module("yunyao.generate", [f"--inputs-json={manifest}", "--params=params.json"], tmp, env=env, preload=("yunyao.generate.engine", "yunyao.generate.reference"))
            self.assertEqual(res.returncode, 0, res.stderr)
            with open(os.path.join(tmp, "rows.json"), encoding="utf-8") as fh:
                rows = json.load(fh)
            with open(os.path.join(tmp, "summary.json"), encoding="utf-8") as fh:
                summary = json.load(fh)
            with open(os.path.join(tmp, "generated.csv"), encoding="utf-8") as fh:
                table = list(csv.DictReader(fh))
            with open(os.path.join(tmp, "progress.json"), encoding="utf-8") as fh:
                progress = json.load(fh)
        self.assertEqual([r["parent_id"] for r in rows], ["phenol"] * 3 + ["broken"] + ["imatinib_core"] * 3)
        self.assertEqual([r["ID"] for r in rows[:3]], ["phenol_1", "phenol_2", "phenol_3"])
        for r in rows[:3] + rows[4:]:
            self.assertIsNone(r["error"])
            for key in ("similarity", "qed", "sa_score", "mw", "logp"):
                self.assertIsInstance(r[key], float, key)
            for key in ("novel", "pains", "passes_filters"):
                self.assertIsInstance(r[key], bool, key)
        sims = [r["similarity"] for r in rows[4:]]
        self.assertEqual(sims, sorted(sims, reverse=True))
        broken = rows[3]
        self.assertEqual(broken["SMILES"], "")
        self.assertTrue(broken["error"].startswith("common.smilesInvalidAt#"), broken["error"])
        self.assertIn("unclosed ring", broken["error"])
        # The downloaded table reads as text: the reason in Chinese.
        self.assertEqual(len(table), 7)
        self.assertIn("无效", table[3]["error"])
        # The task lists read it while the step runs: written before each input molecule.
        self.assertEqual(progress, {"done": 2, "total": 3, "unit": "molecules"})
        self.assertEqual(summary["params"], {"gene_nums": 3, "seed": 4})
        self.assertEqual(summary["generated"], 6)
        self.assertEqual(summary["failed"], 1)
        self.assertRegex(summary["engine"]["rdkit"], r"^\d{4}\.\d{2}")
        self.assertEqual(len(summary["engine"]["reference_sha256"]), 64)
        self.assertEqual(summary["similarity_histogram"]["valid_count"], 6)


if __name__ == "__main__":
    unittest.main()
