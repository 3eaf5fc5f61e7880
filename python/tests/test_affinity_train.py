"""3D affinity training command (yunyao.sign.train) end to end on a tiny data folder laid out as
YUNYAO_DATASETS (pdbbind-features/ and pdbbind-affinity/), built here from the Aurora A entries in
test-fixtures/pdb (never from the datasets): the platform's own featuriser writes the count tables for
crystal ligands nudged into 60 poses, with illustrative pK labels and release years; then the real
year-blocked cross-validation, conformal interval, domain, fitting, and the step's model loader.

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_train   (about 15 s on 2 busy cores: it trains twice)
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, PYTHON_DIR)

from rdkit import Chem  # noqa: E402
from rdkit.Chem import AllChem  # noqa: E402

from yunyao.sign.features import CUTOFFS, PAIR_NAMES, ligand_heavy_atoms, pair_counts, protein_heavy_atoms  # noqa: E402

PDB_DIR = os.path.join(HERE, "..", "..", "test-fixtures", "pdb")
SMILES = {"SKE": "Nc1nc(Nc2ccc(cc2)S(N)(=O)=O)nn1C(=O)c1c(F)cccc1F", "5DN": "OC(=O)c1cc(-c2cccc(Br)c2)nc2c(F)cccc12"}
# (entry, ligand code, illustrative pK)
COMPLEXES = [("5dt0", "SKE", 7.8), ("5dpv", "SKE", 7.6), ("5dpv", "5DN", 5.2)]
POSES = 20
# A tenth of the shipped model's boosting rounds (the command's default, 1,500, fits this data no differently for what
# is checked here, at ten times the CPU): every fit, twelve a run, is still seeded and subsampled at every round, so the
# repeat below still tests the model file's repeatability. test_affinity_model checks the shipped model has the default.
ROUNDS = 150
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}


def write_data(root: str) -> int:
    """Count tables, labels, years and ligand sizes for POSES nudged poses of each complex; returns the row count."""
    rng = np.random.default_rng(0)
    rows, labels, ligand_sizes = [], [], []
    for entry, code, pk in COMPLEXES:
        path = os.path.join(PDB_DIR, f"{entry}.pdb")
        with open(path, encoding="utf-8") as fh:
            records = "".join(l for l in fh if l.startswith("HETATM") and l[17:20] == code and l[21] == "A")
        ligand = AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(SMILES[code]), Chem.MolFromPDBBlock(records))
        protein = protein_heavy_atoms(path)
        xyz, elements = ligand_heavy_atoms(ligand)
        ligand_sizes.append(len(xyz))
        for k in range(POSES):
            shift = rng.normal(0, 0.7, 3)
            rows.append(pair_counts(protein, (xyz + shift, elements), CUTOFFS))
            labels.append(pk - 0.3 * float(np.linalg.norm(shift)))  # a pose pushed off its site binds less
    ids = [f"{i:04d}" for i in range(len(rows))]
    features = os.path.join(root, "pdbbind-features")
    os.makedirs(os.path.join(features, "ecif_elements"))
    for c, cutoff in enumerate(CUTOFFS):
        with gzip.open(os.path.join(features, "ecif_elements", f"elements_{cutoff:.1f}A.csv.gz"), "wt", encoding="utf-8") as fh:
            fh.write("pdbid," + ",".join(PAIR_NAMES) + "\n")
            fh.writelines(f"{i}," + ",".join(str(int(v)) for v in row[c]) + "\n" for i, row in zip(ids, rows))
    with gzip.open(os.path.join(features, "ecif_labels.csv.gz"), "wt", encoding="utf-8") as fh:
        fh.write("pdbid,pK\n" + "".join(f"{i},{pk:.2f}\n" for i, pk in zip(ids, labels)))
    affinity = os.path.join(root, "pdbbind-affinity")
    os.makedirs(os.path.join(affinity, "structures"))
    with gzip.open(os.path.join(affinity, "pdbbind_v2020_PL_minus_casf2016core.tsv.gz"), "wt", encoding="utf-8") as fh:
        # Ten release years; the last row has none (as 14 of the real ones), so it trains but is never scored.
        fh.write("pdbid\trelease_year\n" + "".join(f"{i}\t{2000 + n % 10}\n" for n, i in enumerate(ids[:-1])))
    with open(os.path.join(affinity, "structures", "labels.csv"), "w", encoding="utf-8") as fh:
        fh.write("pdbid,ligand_heavy_atoms\n" + "".join(f"x{n},{size}\n" for n, size in enumerate(ligand_sizes)))
    return len(ids)


def read_bytes(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


class Train(unittest.TestCase):
    def test_train_end_to_end_on_a_tiny_folder(self) -> None:
        from yunyao.sign.model import load

        with tempfile.TemporaryDirectory(prefix="test_affinity_train_") as tmp:
            n = write_data(tmp)
            out = os.path.join(tmp, "models")
            command = [sys.executable, "-m", "yunyao.sign.train", f"--data-dir={tmp}", f"--out={out}", f"--rounds={ROUNDS}"]
            proc = subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=600)
            self.assertEqual(proc.returncode, 0, proc.stdout[-2000:] + proc.stderr[-2000:])
            with open(os.path.join(out, "sign.json"), encoding="utf-8") as fh:
                meta = json.load(fh)
            self.assertEqual(meta["complexes"], n)
            self.assertEqual(meta["params"]["booster"]["rounds"], ROUNDS)
            self.assertRegex(meta["data_sha256"], "^[0-9a-f]{64}$")
            cv = meta["validation"]["year_blocked_cv"]
            self.assertEqual(cv["n"], n - 1)  # the complex without a year is never scored
            self.assertEqual(len(cv["folds"]), 5)
            # Folds are blocks of whole years, in order.
            years = cv["years"]
            self.assertEqual([y for block in years for y in block], sorted(y for block in years for y in block))
            self.assertGreater(cv["pearson"], 0.5)  # the two sites' labels differ by 2.5 pK: the counts tell them apart
            interval = meta["interval"]
            self.assertGreater(interval["half_width"], 0)
            self.assertEqual(len(interval["coverage_per_fold"]), 5)
            self.assertEqual(meta["domain"]["ligand_heavy_atoms"], [21, 27])
            model = load(out)
            with gzip.open(os.path.join(tmp, "pdbbind-features", "ecif_elements", "elements_8.0A.csv.gz"), "rt") as fh:
                self.assertEqual(len(fh.readlines()), n + 1)
            # The same command again writes the same model (one thread, one seed).
            first = read_bytes(os.path.join(out, "sign-xgboost.ubj.gz"))
            self.assertEqual(subprocess.run(command, env=ENV, capture_output=True, timeout=600).returncode, 0)
            self.assertEqual(read_bytes(os.path.join(out, "sign-xgboost.ubj.gz")), first)
            self.assertEqual(len(model.meta["inputs"]), model.booster.num_features())
            self.assertEqual(model.booster.num_boosted_rounds(), ROUNDS)


if __name__ == "__main__":
    unittest.main()
