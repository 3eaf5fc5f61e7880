"""The PDBbind complexes that carry structures (``YUNYAO_DATASETS/pdbbind-affinity``), with their label and GIGN split,
featurised once into a cached table (preparation and two Vina calls take about 3 s per complex)."""

from __future__ import annotations

import csv
import gzip
import hashlib
import os
import subprocess
import sys
from dataclasses import dataclass

from rdkit import Chem

from .features import FEATURE_NAMES, FeatureError, complex_features

# Folder -> (label file, its pK column).
STRUCTURE_SETS = {"structures": ("labels.csv", "pK"), "toy_structures": ("toy_labels.csv", "-logKd/Ki")}
SPLITS_FILE = "gign_splits_minus_casf2016core.csv"


@dataclass
class Complex:
    pdbid: str
    folder: str
    pk: float
    split: str  # GIGN's train / valid / test2019, or "none"

    @property
    def pocket(self) -> str:
        return os.path.join(self.folder, f"{self.pdbid}_pocket.pdb.gz")


def list_complexes(root: str) -> list[Complex]:
    with open(os.path.join(root, SPLITS_FILE), encoding="utf-8") as fh:
        split_of = {row["pdbid"]: row["split"] for row in csv.DictReader(fh)}
    out = []
    for folder, (labels, column) in STRUCTURE_SETS.items():
        if not os.path.isdir(os.path.join(root, folder)):
            continue  # a subset (the training command's test) may carry one of the two folders only
        with open(os.path.join(root, folder, labels), encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                out.append(Complex(row["pdbid"], os.path.join(root, folder, row["pdbid"]), float(row[column]), split_of.get(row["pdbid"], "none")))
    return sorted(out, key=lambda c: c.pdbid)


def data_hash(complexes: list[Complex]) -> str:
    """sha256 over every structure file and label the model is trained on, in a fixed order."""
    digest = hashlib.sha256()
    for c in complexes:
        digest.update(f"{c.pdbid},{c.pk},{c.split}\n".encode())
        for name in sorted(os.listdir(c.folder)):
            with open(os.path.join(c.folder, name), "rb") as fh:
                digest.update(fh.read())
    return digest.hexdigest()


def _gunzip(src: str, dst: str) -> None:
    with gzip.open(src, "rb") as fh, open(dst, "wb") as out:
        out.write(fh.read())


def featurise(c: Complex, workdir: str) -> list[float]:
    """Prepare the pocket with the platform's own protein_prep step, then describe the crystal pose."""
    os.makedirs(workdir, exist_ok=True)
    pocket = os.path.join(workdir, "pocket.pdb")
    _gunzip(c.pocket, pocket)
    prep = subprocess.run(
        [sys.executable, "-m", "yunyao.protein_prep", f"--input={pocket}", "--name=pocket.pdb", f"--out-pdb={workdir}/prepared.pdb",
         f"--out-pdbqt={workdir}/receptor.pdbqt", f"--log={workdir}/prep.log", f"--summary={workdir}/prep.json", f"--rows={workdir}/rows.json"],
        capture_output=True, text=True,
    )
    if prep.returncode != 0:
        raise FeatureError(f"{c.pdbid}: protein preparation failed: {prep.stdout[-300:]}{prep.stderr[-300:]}")
    with gzip.open(os.path.join(c.folder, f"{c.pdbid}_ligand.sdf.gz"), "rt") as fh:
        mol = read_crystal_ligand(fh.read())
    if mol is None:
        raise FeatureError(f"{c.pdbid}: RDKit cannot read the ligand")
    return complex_features(f"{workdir}/prepared.pdb", f"{workdir}/receptor.pdbqt", Chem.RemoveHs(mol, sanitize=False))


def read_crystal_ligand(block: str):
    """PDBbind SDFs sometimes draw a protonated amine as a neutral four-bonded N; such an N gets its +1."""
    mol = Chem.MolFromMolBlock(block, removeHs=False, sanitize=False)
    if mol is None:
        return None
    mol.UpdatePropertyCache(strict=False)
    for atom in mol.GetAtoms():
        if atom.GetSymbol() == "N" and atom.GetFormalCharge() == 0 and atom.GetExplicitValence() == 4:
            atom.SetFormalCharge(1)
    try:
        Chem.SanitizeMol(mol)
    except Exception:  # RDKit raises several sanitisation error types
        return None
    return mol


def feature_table(complexes: list[Complex], cache_dir: str, log=print) -> dict[str, list[float]]:
    """pdbid -> features; rows already in ``<cache_dir>/features.csv`` are reused, new ones appended."""
    os.makedirs(cache_dir, exist_ok=True)
    table_path = os.path.join(cache_dir, "features.csv")
    known: dict[str, list[float]] = {}
    if os.path.exists(table_path):
        with open(table_path, encoding="utf-8") as fh:
            reader = csv.reader(fh)
            if next(reader, None) == ["pdbid", *FEATURE_NAMES]:
                known = {row[0]: [float(v) for v in row[1:]] for row in reader}
    with open(table_path, "a" if known else "w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        if not known:
            writer.writerow(["pdbid", *FEATURE_NAMES])
        for i, c in enumerate(complexes, start=1):
            if c.pdbid in known:
                continue
            try:
                known[c.pdbid] = featurise(c, os.path.join(cache_dir, c.pdbid))
            except FeatureError as err:
                log(f"skipped {err}")
                continue
            writer.writerow([c.pdbid, *known[c.pdbid]])
            fh.flush()
            log(f"{i}/{len(complexes)} {c.pdbid}")
    return known
