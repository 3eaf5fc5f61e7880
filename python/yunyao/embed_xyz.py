"""One SMILES made 3D for the quantum forms: RDKit ETKDGv3 (fixed seed) then MMFF94 (UFF without parameters).

    python -m yunyao.embed_xyz --smiles CCO --name ethanol

prints ``{"xyz": "...", "atoms": 9, "formal_charge": 0, "force_field": "MMFF94", "smiles": "CCO"}``; the
XYZ's comment line is the name, which the quantum results then show. An unreadable SMILES or one
that cannot be embedded is refused with a ``YUNYAO_INPUT_ERROR:`` line.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from rdkit import Chem
from rdkit.Chem import AllChem

from .common import reject_input, run_main
from .rdkit_log import log_reason, rdkit_log

# Fixed, so the same SMILES always gives the same geometry (and the same quantum result).
EMBED_SEED = 0xF00D
MAX_HEAVY_ATOMS = 200


def embed(smiles: str, name: str) -> dict[str, object]:
    with rdkit_log() as buf:
        mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        reject_input("orca.smilesUnparsable", reason=log_reason(buf, smiles))
    if mol.GetNumHeavyAtoms() > MAX_HEAVY_ATOMS:
        reject_input("orca.moleculeTooLarge", heavy=mol.GetNumHeavyAtoms(), max=MAX_HEAVY_ATOMS)
    mol = Chem.AddHs(mol)
    params = AllChem.ETKDGv3()
    params.randomSeed = EMBED_SEED
    if AllChem.EmbedMolecule(mol, params) != 0:
        reject_input("orca.embedFailed")
    if AllChem.MMFFHasAllMoleculeParams(mol):
        AllChem.MMFFOptimizeMolecule(mol, maxIters=2000)
        force_field = "MMFF94"
    else:
        AllChem.UFFOptimizeMolecule(mol, maxIters=2000)
        force_field = "UFF"
    conf = mol.GetConformer()
    lines = [str(mol.GetNumAtoms()), name]
    for atom in mol.GetAtoms():
        p = conf.GetAtomPosition(atom.GetIdx())
        lines.append(f"{atom.GetSymbol():<2} {p.x:12.6f} {p.y:12.6f} {p.z:12.6f}")
    return {
        "xyz": "\n".join(lines) + "\n",
        "atoms": mol.GetNumAtoms(),
        "formal_charge": Chem.GetFormalCharge(mol),
        "force_field": force_field,
        "smiles": Chem.MolToSmiles(Chem.RemoveHs(mol)),
    }


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="yunyao.embed_xyz")
    parser.add_argument("--smiles", required=True)
    parser.add_argument("--name", default="")
    args = parser.parse_args(argv)
    json.dump(embed(args.smiles, args.name.strip() or "mol"), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    run_main(main)
