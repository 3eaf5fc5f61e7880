"""yunyao.tdc_split, TDC's scaffold split: the split the QSAR and ADMET forecasts rest on
(docs/models/qsar.md "A split like TDC's own", docs/models/admet.md "On a split made as TDC's was")."""

import unittest

import numpy as np

from yunyao.tdc_split import tdc_scaffold_split


class TdcScaffoldSplitTest(unittest.TestCase):
    # 100 molecules: 40 share a benzene scaffold, 30 are acyclic (scaffold ""), 30 have a scaffold each.
    SCAFFOLDS = ["c1ccccc1"] * 40 + [""] * 30 + [f"C1CC{'C' * k}1" for k in range(30)]

    def test_common_scaffolds_train_and_rare_ones_fill_the_test_side(self):
        fitted, test = tdc_scaffold_split(self.SCAFFOLDS, seed=1)
        self.assertEqual(sorted([*fitted, *test]), list(range(100)))
        self.assertEqual(len(test), 20)  # 20 % of the molecules
        self.assertTrue(set(range(70)) <= set(fitted))  # both groups larger than half the test side
        self.assertTrue(all(i >= 70 for i in test))

    def test_the_seed_decides_which_rare_scaffolds_are_tested(self):
        a = tdc_scaffold_split(self.SCAFFOLDS, seed=1)[1]
        self.assertTrue(np.array_equal(a, tdc_scaffold_split(self.SCAFFOLDS, seed=1)[1]))
        self.assertFalse(np.array_equal(a, tdc_scaffold_split(self.SCAFFOLDS, seed=2)[1]))


if __name__ == "__main__":
    unittest.main()
