"""graph_dta applicability domain on tiny inputs: ligand similarity and size, point-mutant detection,
the conformal interval and grouped CI.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_dta_domain   (about a second)
"""

from __future__ import annotations

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from tests.dta_support import AT7519, PIM2, STAUROSPORINE  # noqa: E402
from yunyao.graph_dta import calibrate, domain  # noqa: E402
from yunyao.graph_dta.featurise import ligand_features, ligand_table  # noqa: E402
from yunyao.messages import render_message  # noqa: E402

IMATINIB = "Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2ccnc(-c3cccnc3)n2)n1"
SUNITINIB = "CCN(CC)CCNC(=O)c1c(C)[nH]c(/C=C2\\C(=O)Nc3ccc(F)cc32)c1C"


class DomainTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.domain = domain.training_domain(["PIM2", "PIM2(mut)"], [PIM2, PIM2], ligand_table([STAUROSPORINE, AT7519, IMATINIB, SUNITINIB]))

    def note(self, smiles: str) -> "str | None":
        fp, heavy = ligand_features(smiles)
        note = domain.ligand_note(float(domain.nearest_training_drug(fp[None, :], self.domain)[0]), heavy, self.domain)
        return render_message(note) if note else None  # the message as the row's reader sees it

    def test_a_training_drug_is_in_the_domain_and_small_molecules_are_not(self) -> None:
        self.assertIsNone(self.note(IMATINIB))
        self.assertIn("重原子", self.note("CC(=O)Oc1ccccc1C(=O)O"))  # aspirin
        self.assertIn("重原子", self.note("CCO"))

    def test_a_drug_sized_molecule_unlike_the_training_drugs_is_flagged_by_similarity(self) -> None:
        note = self.note("CCCCCCCCCCCCCCCCCCCCCCCC(=O)O")  # lignoceric acid, 26 heavy atoms
        self.assertIn("Tanimoto", note)

    def test_the_shortest_name_stands_for_a_shared_sequence(self) -> None:
        self.assertEqual(list(self.domain["names"]), ["PIM2"])

    def test_point_substitutions_are_found_and_other_differences_are_not(self) -> None:
        mutant = PIM2[:50] + "W" + PIM2[51:200] + "K" + PIM2[201:]
        row, identity = domain.nearest_training_protein(mutant, self.domain)
        self.assertGreater(identity, 0.95)
        self.assertEqual(domain.point_differences(mutant, self.domain, row), ["W51", "K201"])
        self.assertEqual(domain.point_differences(PIM2, self.domain, row), [])
        self.assertEqual(domain.point_differences(PIM2[:150] + "GGGGGGGGGG" + PIM2[150:], self.domain, row), [])  # an insertion
        self.assertEqual(domain.point_differences(PIM2[20:], self.domain, row), [])  # a fragment


class CalibrationTest(unittest.TestCase):
    def test_conformal_interval_covers_about_the_level(self) -> None:
        rng = np.random.default_rng(1)
        truth = rng.normal(6, 1, 4000)
        predicted = truth + rng.normal(0, 0.5, 4000)
        interval = calibrate.conformal_interval(truth, predicted, truth)
        self.assertAlmostEqual(interval["half_width"], 1.645 * 0.5, delta=0.06)
        self.assertAlmostEqual(interval["coverage"], 0.9, delta=0.02)

    def test_grouped_ci_skips_groups_without_a_comparable_pair(self) -> None:
        truth = np.array([5.0, 5.0, 6.0, 7.0, 8.0])
        predicted = np.array([5.0, 6.0, 7.0, 6.5, 7.0])
        groups = np.array([0, 0, 1, 1, 1])
        mean, n = calibrate.grouped_ci(truth, predicted, groups)
        self.assertEqual(n, 1)
        self.assertAlmostEqual(mean, 1.5 / 3)  # one discordant, one tied, one concordant


if __name__ == "__main__":
    unittest.main()
