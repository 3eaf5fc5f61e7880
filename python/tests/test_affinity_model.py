"""3D affinity (sign): the shipped model loads with its provenance and cross-validated figures, its interval
covers what its cross-validation says, and its applicability domain looks at both the ligand and the pocket.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_model
"""

from __future__ import annotations

import os
import sys
import unittest

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

from rdkit import Chem  # noqa: E402
from rdkit.Chem import AllChem  # noqa: E402

from yunyao.sign.features import FEATURE_NAMES, INPUT_NAMES, complex_features, protein_heavy_atoms  # noqa: E402
from yunyao.sign.model import load  # noqa: E402
from yunyao.sign.train import BOOSTER_PARAMS, BOOSTER_ROUNDS  # noqa: E402

ENTRY = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv.pdb")
SKE = "Nc1nc(Nc2ccc(cc2)S(N)(=O)=O)nn1C(=O)c1c(F)cccc1F"


def crystal_ske() -> Chem.Mol:
    with open(ENTRY, encoding="utf-8") as fh:
        records = "".join(l for l in fh if l.startswith("HETATM") and l[17:20] == "SKE")
    return AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(SKE), Chem.MolFromPDBBlock(records))


class ShippedModel(unittest.TestCase):
    model = load()

    def test_provenance_and_validation_travel_with_the_model(self) -> None:
        meta = self.model.meta
        self.assertRegex(meta["version"], r"^\d+\.\d+\.\d+$")
        self.assertRegex(meta["data_sha256"], "^[0-9a-f]{64}$")
        self.assertEqual(meta["features"], list(FEATURE_NAMES))
        self.assertEqual(meta["inputs"], list(INPUT_NAMES))
        self.assertEqual(self.model.booster.feature_names, list(INPUT_NAMES))
        # Fitted as the training command fits by default (test_affinity_train asks it for fewer rounds).
        self.assertEqual(meta["params"]["booster"], BOOSTER_PARAMS | {"rounds": BOOSTER_ROUNDS})
        self.assertEqual(self.model.booster.num_boosted_rounds(), BOOSTER_ROUNDS)
        self.assertGreater(meta["complexes"], 9000)
        cv = meta["validation"]["year_blocked_cv"]
        self.assertGreater(cv["n"], 9000)
        self.assertEqual(len(cv["folds"]), 5)
        self.assertGreater(cv["pearson"], 0.55)  # the training command's own check found the signal (0.227-complex model: 0.52)

    def test_interval_is_the_cross_validated_one_and_covers(self) -> None:
        interval = self.model.meta["interval"]
        # Conformal at 90 %: each year block, calibrated on the others, is covered 85-95 % of the time.
        self.assertEqual(interval["level"], 0.9)
        for coverage in interval["coverage_per_fold"]:
            self.assertGreater(coverage, 0.85)
            self.assertLess(coverage, 0.95)
        low, high = self.model.interval(np.array([6.0]))
        self.assertAlmostEqual(high[0] - low[0], 2 * interval["half_width"])
        self.assertLess(low[0], 6.0)

    def test_a_crystal_complex_is_in_domain_and_strange_ones_are_not(self) -> None:
        ligand = crystal_ske()
        features = complex_features(protein_heavy_atoms(ENTRY), ligand)
        self.assertIsNone(self.model.domain_note(features, ligand))
        # The pocket side: the same ligand floating 30 Å away from the protein touches nothing.
        far = Chem.Mol(ligand)
        conf = far.GetConformer()
        for i in range(far.GetNumAtoms()):
            p = conf.GetAtomPosition(i)
            conf.SetAtomPosition(i, (p.x + 30.0, p.y + 30.0, p.z + 30.0))
        self.assertRegex(self.model.domain_note(complex_features(protein_heavy_atoms(ENTRY), far), far) or "", "接触")
        # The ligand side: an element the counts cannot see, and a ligand far larger than any trained on.
        boron = Chem.RWMol(ligand)
        boron.GetAtomWithIdx(0).SetAtomicNum(5)
        self.assertRegex(self.model.domain_note(features, boron.GetMol()) or "", "B")
        big = Chem.MolFromSmiles("C" * 200)
        self.assertRegex(self.model.domain_note(features, big) or "", "重原子")

    def test_a_known_binder_is_predicted_to_bind(self) -> None:
        ligand = crystal_ske()
        pk = self.model.predict(complex_features(protein_heavy_atoms(ENTRY), ligand)[None, :])[0]
        # JNJ-7706621 on Aurora A: IC50 11 nM (pK 8.0); the model's RMSE is about 1.4 pK.
        self.assertGreater(pk, 6.0)


if __name__ == "__main__":
    unittest.main()
