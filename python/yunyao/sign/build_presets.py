"""Build the sign module's preset ligand lists (``presets/zinc.csv``, ``presets/approved.csv``).

    python -m yunyao.sign.build_presets [--size=25] [--seed=17]

* APPROVED: approved drugs from ``YUNYAO_DATASETS/approved-drugs/approved_drugs.csv`` (DrugCentral,
  CC BY-SA 4.0), single-fragment, organic, 15-40 heavy atoms (oral-drug sized: Vina's search and the
  model's training complexes both sit in that range).
* ZINC: a lead-like sample of ``YUNYAO_DATASETS/moses-reference/test_sample50k.smi.gz`` (MOSES, MIT; a
  subset of ZINC15 Clean Leads), same size filter.

Each list is a seeded random sample, so rebuilding gives the same file; ``presets/README.md`` records
the version and provenance.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import os
import random

from rdkit import Chem

from ..datasets import dataset_path
from .ligands import PRESETS_DIR

ORGANIC = {"C", "N", "O", "S", "F", "Cl", "Br", "I", "P"}


def drug_sized(smiles: str) -> bool:
    mol = Chem.MolFromSmiles(smiles)
    return (
        mol is not None
        and len(Chem.GetMolFrags(mol)) == 1
        and all(a.GetSymbol() in ORGANIC for a in mol.GetAtoms())
        and 15 <= mol.GetNumHeavyAtoms() <= 40
    )


def approved() -> list[tuple[str, str]]:
    with open(os.path.join(dataset_path("approved-drugs"), "approved_drugs.csv"), encoding="utf-8") as fh:
        return [(row["smiles"], row["name"]) for row in csv.DictReader(fh)]


def zinc() -> list[tuple[str, str]]:
    with gzip.open(os.path.join(dataset_path("moses-reference"), "test_sample50k.smi.gz"), "rt") as fh:
        return [(line.split()[0], f"moses_{i}") for i, line in enumerate(fh, start=1) if line.strip()]


def write(name: str, molecules: list[tuple[str, str]], size: int, seed: int) -> None:
    candidates = [m for m in molecules if drug_sized(m[0])]
    chosen = sorted(random.Random(seed).sample(candidates, size), key=lambda m: m[1])
    with open(os.path.join(PRESETS_DIR, f"{name}.csv"), "w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["smiles", "id"])
        writer.writerows(chosen)
    print(f"{name}: {size} of {len(candidates)} drug-sized molecules")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    write("approved", approved(), args.size, args.seed)
    write("zinc", zinc(), args.size, args.seed)


if __name__ == "__main__":
    main()
