"""3D affinity training command (yunyao.affinity.train) end to end on a tiny data folder laid out as
YUNYAO_DATASETS/pdbbind-affinity, built here from the Aurora A entries in test-fixtures/pdb (never from
the datasets): five crystal complexes, pockets cut around each ligand, then the real preparation,
Vina and Vinardo scoring, grouped cross-validation, fitting, and the step's model loader.

The pK labels are illustrative (the test checks the pipeline, not accuracy).

Run: PYTHONPATH=python /usr/bin/python3 -m unittest python.tests.test_affinity_train   (about 40 s on 2 busy cores)
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

PDB_DIR = os.path.join(HERE, "..", "..", "test-fixtures", "pdb")
SMILES = {
    "SKE": "Nc1nc(Nc2ccc(cc2)S(N)(=O)=O)nn1C(=O)c1c(F)cccc1F",
    "5DN": "OC(=O)c1cc(-c2cccc(Br)c2)nc2c(F)cccc12",
    "ACP": "Nc1ncnc2c1ncn2[C@@H]1O[C@H](COP(=O)(O)OP(=O)(O)CP(=O)(O)O)[C@@H](O)[C@H]1O",
}
# (complex id, entry, ligand code, chain, illustrative pK, GIGN-style split)
COMPLEXES = [
    ("5dt0ske", "5dt0", "SKE", "A", 7.8, "train"),
    ("5dpvske", "5dpv", "SKE", "A", 7.6, "train"),
    ("5dpv5dn", "5dpv", "5DN", "A", 5.2, "train"),
    ("6c83acp", "6c83", "ACP", "A", 4.4, "valid"),
    ("6c83acq", "6c83", "ACP", "B", 4.6, "valid"),
]
POCKET_RADIUS = 8.0
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}


def write_complex(root: str, pdbid: str, entry: str, code: str, chain: str) -> None:
    """Whole protein residues with an atom within POCKET_RADIUS of the ligand, and the crystal ligand."""
    from rdkit import Chem
    from rdkit.Chem import AllChem

    with open(os.path.join(PDB_DIR, f"{entry}.pdb"), encoding="utf-8") as fh:
        lines = fh.readlines()
    ligand_lines = [l for l in lines if l.startswith("HETATM") and l[17:20] == code and l[21] == chain]
    ligand = AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(SMILES[code]), Chem.MolFromPDBBlock("".join(ligand_lines)))
    lig_xyz = ligand.GetConformer().GetPositions()
    atoms = [l for l in lines if l.startswith("ATOM")]
    xyz = np.array([(float(l[30:38]), float(l[38:46]), float(l[46:54])) for l in atoms])
    near = np.linalg.norm(xyz[:, None, :] - lig_xyz[None, :, :], axis=2).min(axis=1) <= POCKET_RADIUS
    residues = {(l[21], l[22:27]) for l, keep in zip(atoms, near) if keep}
    folder = os.path.join(root, "structures", pdbid)
    os.makedirs(folder)
    with gzip.open(os.path.join(folder, f"{pdbid}_pocket.pdb.gz"), "wt", encoding="utf-8") as fh:
        fh.writelines(l for l in atoms if (l[21], l[22:27]) in residues)
        fh.write("END\n")
    with gzip.open(os.path.join(folder, f"{pdbid}_ligand.sdf.gz"), "wt", encoding="utf-8") as fh:
        fh.write(Chem.MolToMolBlock(ligand) + "$$$$\n")


class Train(unittest.TestCase):
    def test_train_end_to_end_on_a_tiny_subset(self) -> None:
        from yunyao.affinity.features import FEATURE_NAMES
        from yunyao.affinity.model import load

        with tempfile.TemporaryDirectory(prefix="test_affinity_train_") as tmp:
            data = os.path.join(tmp, "pdbbind-affinity")
            for pdbid, entry, code, chain, _, _ in COMPLEXES:
                write_complex(data, pdbid, entry, code, chain)
            with open(os.path.join(data, "structures", "labels.csv"), "w", encoding="utf-8") as fh:
                fh.write("pdbid,pK\n" + "".join(f"{c[0]},{c[4]}\n" for c in COMPLEXES))
            with open(os.path.join(data, "gign_splits_minus_casf2016core.csv"), "w", encoding="utf-8") as fh:
                fh.write("pdbid,pK,split\n" + "".join(f"{c[0]},{c[4]},{c[5]}\n" for c in COMPLEXES))
            out = os.path.join(tmp, "models")
            proc = subprocess.run(
                [sys.executable, "-m", "yunyao.affinity.train", f"--data-dir={data}", f"--cache={tmp}/cache", f"--out={out}"],
                env=ENV, capture_output=True, text=True, timeout=600,
            )
            self.assertEqual(proc.returncode, 0, proc.stdout[-2000:] + proc.stderr[-2000:])
            with open(os.path.join(out, "sign.json"), encoding="utf-8") as fh:
                meta = json.load(fh)
            self.assertEqual(meta["complexes"], len(COMPLEXES))
            self.assertRegex(meta["data_sha256"], "^[0-9a-f]{64}$")
            self.assertLess(meta["vina_slope"], 0)  # a more negative Vina score maps to a higher pK
            cv = meta["evaluation"]["vina"]["cross_validation"]
            # The allosteric pocket is another group than the three ATP pockets: folds never split a protein group.
            self.assertEqual(cv["protein_groups"], 2)
            self.assertEqual(meta["validation"], meta["evaluation"]["vina+xgboost" if meta["correction"] == "xgboost" else "vina"])
            model = load(out)
            features = np.loadtxt(os.path.join(tmp, "cache", "features.csv"), delimiter=",", skiprows=1, usecols=range(1, len(FEATURE_NAMES) + 1))
            self.assertEqual(model.predict(features).shape, (len(COMPLEXES),))
            self.assertTrue(model.in_domain(features).all())  # the training complexes are in their own domain


if __name__ == "__main__":
    unittest.main()
