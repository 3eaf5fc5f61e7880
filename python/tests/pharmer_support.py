"""The pharmacophore tests' complex: Aurora A with JNJ-7706621 (SKE) from PDB entry 5DT0.

The receptor (ATOM records) and the crystal ligand (HETATM SKE, bond orders from its SMILES) are
derived from test-fixtures/pdb/5dt0.pdb as the tests start, like test_dock derives 5DN; the 50
decoys are test-fixtures/pharmer/nci_decoys.smi (provenance in test-fixtures/README.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import unittest

from tests.step_process import run_module

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.abspath(os.path.join(HERE, ".."))
TEST_FIXTURES = os.path.join(PYTHON_DIR, "..", "test-fixtures")
# python/tests/fixtures: the docking tests' Aurora A pose, reused here.
FIXTURES = os.path.join(HERE, "fixtures")
ENTRY = os.path.join(TEST_FIXTURES, "pdb", "5dt0.pdb")
DECOYS = os.path.join(TEST_FIXTURES, "pharmer", "nci_decoys.smi")
SKE_SMILES = "NC1=NC(NC2=CC=C(C=C2)S(N)(=O)=O)=NN1C(=O)C1=C(F)C=CC=C1F"
ENV = {**os.environ, "PYTHONPATH": PYTHON_DIR}


def write_complex(folder: str) -> None:
    """protein.pdb (the entry's ATOM records) and ske.sdf (the crystal pose) in ``folder``."""
    from rdkit import Chem, RDLogger
    from rdkit.Chem import AllChem

    RDLogger.DisableLog("rdApp.warning")  # the template match names one of SKE's symmetric forms
    with open(ENTRY, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    with open(os.path.join(folder, "protein.pdb"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(l for l in lines if l.startswith("ATOM")) + "\nEND\n")
    het = Chem.MolFromPDBBlock("\n".join(l for l in lines if l.startswith("HETATM") and l[17:20] == "SKE"))
    ske = AllChem.AssignBondOrdersFromTemplate(Chem.MolFromSmiles(SKE_SMILES), het)
    Chem.MolToMolFile(ske, os.path.join(folder, "ske.sdf"))


def write_library(folder: str) -> None:
    """mols.csv: the 50 decoys, the reference ligand as a SMILES (no pose), a molecule without a
    single feature (NCI 339, a dinitrosopiperazine) and one broken SMILES."""
    with open(DECOYS, encoding="utf-8") as fh:
        decoys = [line.split("\t") for line in fh.read().splitlines() if line.strip()]
    rows = ["smiles,name", *(f"{s},{n}" for s, n in decoys), f"{SKE_SMILES},SKE", "O=NN1CCN(CC1)N=O,featureless", "C1CC(,broken"]
    with open(os.path.join(folder, "mols.csv"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(rows) + "\n")


def load(folder: str, name: str):
    """A JSON file the step wrote."""
    with open(os.path.join(folder, name), encoding="utf-8") as fh:
        return json.load(fh)


def run(folder: str, program: str, *args: str, fresh: bool = False) -> subprocess.CompletedProcess:
    """``python -m yunyao.pharmer.<program>``, forked from this process with the engines loaded (step_process)
    unless ``fresh``."""
    return run_module(
        f"yunyao.pharmer.{program}", args, folder, env=ENV, timeout=600, fresh=fresh,
        preload=(f"yunyao.pharmer.{program}", "rdkit.Chem.AllChem", "rdkit.Chem.MolStandardize.rdMolStandardize", "openbabel.openbabel"),
    )


def query_args(reference: str = "ske.sdf", name: str = "ske.sdf") -> list[str]:
    return ["--receptor=protein.pdb", f'--reference-json=[{{"path":"{reference}","name":"{name}"}}]']


class ComplexCase(unittest.TestCase):
    """A test class with a temporary folder holding protein.pdb and ske.sdf (``cls.dir``)."""

    tmp: tempfile.TemporaryDirectory
    dir: str

    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = tempfile.TemporaryDirectory(prefix="test_pharmer_")
        cls.dir = cls.tmp.name
        write_complex(cls.dir)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()
