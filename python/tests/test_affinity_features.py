"""3D affinity features (yunyao.sign.features): the platform's featuriser reproduces the training tables'
contact counts to the unit, and a complex gives the same features, prediction, interval and domain flag
whether the user uploads the whole protein or a pocket cut out of it (residues within 10 Å of the ligand).

The table check reads the five example complexes that ship with the training data
(``YUNYAO_DATASETS/pdbbind-features/ecif_examples``, whole proteins): they may not be copied into the
repository (no licence), so that class is skipped where the datasets are absent and says so. The pocket
check also runs on the Aurora A entry in test-fixtures/pdb.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_features   (about 10 s)
"""

from __future__ import annotations

import csv
import gzip
import os
import sys
import tempfile
import unittest

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..")))

from rdkit import Chem  # noqa: E402
from rdkit.Chem import AllChem  # noqa: E402

from yunyao.sign.features import FEATURE_NAMES, INPUT_NAMES, PAIR_NAMES, complex_features, ligand_heavy_atoms, model_inputs, pair_counts, protein_heavy_atoms  # noqa: E402
from yunyao.sign.model import load  # noqa: E402
from yunyao.datasets import datasets_dir  # noqa: E402

EXAMPLES = os.path.join(datasets_dir(), "pdbbind-features")
EXAMPLE_IDS = ("1a0q", "1a1b", "1a1c", "1a3e", "1a4h")
ALL_CUTOFFS = tuple(4.0 + 0.5 * k for k in range(23))
ENTRY = os.path.join(HERE, "..", "..", "test-fixtures", "pdb", "5dpv.pdb")
SKE = "Nc1nc(Nc2ccc(cc2)S(N)(=O)=O)nn1C(=O)c1c(F)cccc1F"
POCKET_RADIUS = 10.0


def pocket_cut(protein_lines: list[str], ligand: Chem.Mol, radius: float = POCKET_RADIUS) -> list[str]:
    """PDBbind's pocket: every residue with an atom (hydrogens included) within ``radius`` of a ligand heavy atom."""
    lig_xyz, _ = ligand_heavy_atoms(ligand)
    atoms = [l for l in protein_lines if l.startswith(("ATOM", "HETATM"))]
    xyz = np.array([(float(l[30:38]), float(l[38:46]), float(l[46:54])) for l in atoms])
    near = np.sqrt(((xyz[:, None, :] - lig_xyz[None, :, :]) ** 2).sum(axis=2)).min(axis=1) <= radius
    residues = {(l[21], l[22:27], l[17:20]) for l, keep in zip(atoms, near) if keep}
    return [l for l in atoms if (l[21], l[22:27], l[17:20]) in residues] + ["END\n"]


def features_of(lines: list[str], ligand: Chem.Mol) -> np.ndarray:
    with tempfile.NamedTemporaryFile("w", suffix=".pdb", encoding="utf-8") as fh:
        fh.writelines(lines)
        fh.flush()
        return complex_features(protein_heavy_atoms(fh.name), ligand)


def read_example(pdbid: str) -> tuple[list[str], Chem.Mol]:
    with gzip.open(os.path.join(EXAMPLES, "ecif_examples", f"{pdbid}_protein.pdb.gz"), "rt", encoding="utf-8") as fh:
        protein = fh.readlines()
    with gzip.open(os.path.join(EXAMPLES, "ecif_examples", f"{pdbid}_ligandCD1.sdf.gz"), "rt", encoding="utf-8") as fh:
        ligand = Chem.MolFromMolBlock(fh.read(), sanitize=False, removeHs=False)
    return protein, ligand


def example_counts(pdbid: str):
    """The platform's pair counts of one training example at every cutoff (a row per cutoff)."""
    protein, ligand = read_example(pdbid)
    with tempfile.NamedTemporaryFile("w", suffix=".pdb", encoding="utf-8") as fh:
        fh.writelines(protein)
        fh.flush()
        return pair_counts(protein_heavy_atoms(fh.name), ligand_heavy_atoms(ligand), ALL_CUTOFFS)


@unittest.skipUnless(os.path.isdir(os.path.join(EXAMPLES, "ecif_examples")), f"training examples not found under {EXAMPLES} (set YUNYAO_DATASETS)")
class AgainstTheTrainingTables(unittest.TestCase):
    tables: dict[float, dict[str, list[int]]]

    @classmethod
    def setUpClass(cls) -> None:
        cls.tables = {}
        for cutoff in ALL_CUTOFFS:
            with gzip.open(os.path.join(EXAMPLES, "ecif_elements", f"elements_{cutoff:.1f}A.csv.gz"), "rt", encoding="utf-8") as fh:
                reader = csv.reader(fh)
                header = next(reader)
                # The 4.0 Å file numbers its columns 1..36; every other file names them in PAIR_NAMES order.
                assert header[1] == "1" or tuple(header[1:]) == PAIR_NAMES, header[:3]
                cls.tables[cutoff] = {row[0]: [int(v) for v in row[1:]] for row in reader if row[0] in EXAMPLE_IDS}

    def test_counts_match_the_tables_to_the_unit_at_every_cutoff(self) -> None:
        for pdbid in EXAMPLE_IDS:
            for row, cutoff in zip(example_counts(pdbid), ALL_CUTOFFS):
                self.assertEqual(row.astype(int).tolist(), self.tables[cutoff][pdbid], f"{pdbid} at {cutoff} Å")

    def test_a_pocket_cut_out_predicts_as_the_whole_protein(self) -> None:
        model = load()
        for pdbid in EXAMPLE_IDS:
            protein, ligand = read_example(pdbid)
            whole, pocket = features_of(protein, ligand), features_of(pocket_cut(protein, ligand), ligand)
            np.testing.assert_array_equal(pocket, whole, err_msg=pdbid)
            self.assertEqual(model.predict(pocket[None, :])[0], model.predict(whole[None, :])[0])
            # A smaller cut-out loses pairs: the check above would see it.
            self.assertFalse(np.array_equal(features_of(pocket_cut(protein, ligand, 6.0), ligand), whole), pdbid)


class OnTheFixture(unittest.TestCase):
    def setUp(self) -> None:
        with open(ENTRY, encoding="utf-8") as fh:
            self.lines = fh.readlines()
        records = "".join(l for l in self.lines if l.startswith("HETATM") and l[17:20] == "SKE")
        self.ligand = AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(SKE), Chem.MolFromPDBBlock(records))

    def test_pocket_and_whole_protein_give_the_same_prediction_interval_and_domain(self) -> None:
        model = load()
        whole = features_of(self.lines, self.ligand)
        pocket = features_of(pocket_cut(self.lines, self.ligand), self.ligand)
        np.testing.assert_array_equal(pocket, whole)
        pk_whole, pk_pocket = model.predict(whole[None, :]), model.predict(pocket[None, :])
        self.assertEqual(pk_pocket[0], pk_whole[0])
        np.testing.assert_array_equal(model.interval(pk_pocket), model.interval(pk_whole))
        self.assertEqual(model.domain_note(pocket, self.ligand), model.domain_note(whole, self.ligand))

    def test_waters_ligands_and_hydrogens_of_the_protein_file_are_not_counted(self) -> None:
        atoms_only = [l for l in self.lines if l.startswith("ATOM")]
        np.testing.assert_array_equal(features_of(self.lines, self.ligand), features_of(atoms_only, self.ligand))
        # A prepared receptor's hydrogen, here one placed on the ligand itself.
        x, y, z = self.ligand.GetConformer().GetPositions().mean(axis=0)
        hydrogen = f"ATOM   9999  H   ALA A 999    {x:8.3f}{y:8.3f}{z:8.3f}  1.00  0.00           H\n"
        np.testing.assert_array_equal(features_of(atoms_only + [hydrogen], self.ligand), features_of(atoms_only, self.ligand))
        # A ligand's hydrogens are not counted either.
        np.testing.assert_array_equal(features_of(atoms_only, Chem.AddHs(self.ligand, addCoords=True)), features_of(atoms_only, self.ligand))
        self.assertGreater(features_of(atoms_only, self.ligand).sum(), 1000)  # a buried ligand has thousands of pairs within 10 Å

    def test_the_trees_read_the_counts_their_sums_and_their_shares(self) -> None:
        counts = features_of(self.lines, self.ligand)
        inputs = dict(zip(INPUT_NAMES, model_inputs(counts[None, :])[0]))
        self.assertEqual(len(inputs), len(INPUT_NAMES))
        total = counts.sum() + 1.0
        named = dict(zip(FEATURE_NAMES, counts))
        self.assertEqual(inputs["C-N@0-4"], named["C-N@0-4"])
        self.assertEqual(inputs["all@4-5"], sum(v for k, v in named.items() if k.endswith("@4-5")))
        self.assertEqual(inputs["ligand F"], sum(v for k, v in named.items() if k.split("@")[0].endswith("-F")))
        self.assertEqual(inputs["protein S"], sum(v for k, v in named.items() if k.startswith("S-")))
        self.assertAlmostEqual(inputs["share ligand F"], inputs["ligand F"] / total)
        self.assertAlmostEqual(inputs["share O-N@5-6"], named["O-N@5-6"] / total)
        self.assertGreater(inputs["ligand F"], 0)  # SKE's two fluorines touch the pocket


if __name__ == "__main__":
    unittest.main()
