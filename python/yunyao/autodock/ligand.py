"""Ligand preparation and pose conversion for ``yunyao.autodock``.

SMILES -> largest fragment -> pH 7.4 protonation (Open Babel's pH model) ->
RDKit ETKDG + MMFF conformer (seeded) -> Vina PDBQT written by Open Babel
(torsion tree kept, Gasteiger charges).  Every failure is a reason for that
ligand's row (a message id, ``autodock.*``); nothing here fails the batch.
"""

from __future__ import annotations

import math
from typing import Optional

from ..common import MAX_SMILES_CHARS, Message, encode_message, message
from ..protein_prep import VINA_TYPES

# Larger molecules are outside what Vina samples usefully (and take minutes per site).
MAX_HEAVY_ATOMS = 150


class LigandError(Exception):
    """Why one ligand cannot be docked: a message (id and parameters); ``str()`` is its encoded form, the row's ``error``."""

    def __init__(self, reason: Message) -> None:
        self.message = reason
        super().__init__(encode_message(reason))


def _quiet() -> None:
    from openbabel import openbabel as ob
    from rdkit import RDLogger

    RDLogger.DisableLog("rdApp.*")
    ob.obErrorLog.SetOutputLevel(0)


def parse_smiles(smiles: str):
    from rdkit import Chem

    s = smiles.strip()
    if not s:
        raise LigandError(message("autodock.smilesEmpty"))
    if any(c.isspace() for c in s):
        raise LigandError(message("autodock.smilesWhitespace", smiles=s[:120]))
    if len(s) > MAX_SMILES_CHARS:
        raise LigandError(message("common.smilesTooLong", length=len(s), max=MAX_SMILES_CHARS))
    raw = Chem.MolFromSmiles(s, sanitize=False)
    if raw is None:
        raise LigandError(message("autodock.smilesSyntax", smiles=s[:120]))
    try:
        Chem.SanitizeMol(raw)
    except Exception as exc:  # valence / kekulization problems
        raise LigandError(message("autodock.smilesChemistry", smiles=s[:120], detail=str(exc).strip()[:160]))
    # explicit [H] atoms become counts, so heavy atoms come first after AddHs
    return Chem.RemoveHs(raw)


def largest_fragment(mol):
    """(largest organic fragment, number of removed fragments) — salts and solvents stripped."""
    from rdkit import Chem
    from rdkit.Chem.MolStandardize import rdMolStandardize

    frags = Chem.GetMolFrags(mol, asMols=False)
    if len(frags) <= 1:
        return mol, 0
    chooser = rdMolStandardize.LargestFragmentChooser(preferOrganic=True)
    return chooser.choose(mol), len(frags) - 1


def protonate_ph(mol, ph: float = 7.4):
    """Formal charges and hydrogen counts from Open Babel's pH model at ``ph``.

    This is the model ``obabel -p 7.4`` applies (``OBMol::AddHydrogens(false, true, pH)``,
    i.e. ``CorrectForPH`` + hydrogens; never combined with ``-h``, which would
    override the pH).  Open Babel works on a MOL block of the RDKit molecule, so
    atom i is atom i in both toolkits; the resulting charge and H count of every
    heavy atom are copied back onto the RDKit molecule, which keeps RDKit's
    stereochemistry untouched (a SMILES round trip through Open Babel would not).
    Returns (molecule, warning or None); when Open Babel's result is not a valid
    structure (e.g. its tetrazole rule) the neutral molecule is kept with a warning.
    """
    from openbabel import openbabel as ob
    from rdkit import Chem

    conv = ob.OBConversion()
    conv.SetInFormat("mol")
    obm = ob.OBMol()
    if not conv.ReadString(obm, Chem.MolToMolBlock(mol, kekulize=True)) or obm.NumAtoms() < mol.GetNumAtoms():
        return mol, "Open Babel 无法读取分子，未做 pH 质子化"
    obm.AddHydrogens(False, True, ph)
    rw = Chem.RWMol(mol)
    changed = False
    for i, atom in enumerate(rw.GetAtoms()):
        oa = obm.GetAtom(i + 1)
        if oa is None or oa.GetAtomicNum() != atom.GetAtomicNum():
            return mol, "Open Babel 原子顺序不一致，未做 pH 质子化"
        h = oa.GetImplicitHCount() + sum(1 for nb in ob.OBAtomAtomIter(oa) if nb.GetAtomicNum() == 1)
        if oa.GetFormalCharge() != atom.GetFormalCharge() or h != atom.GetTotalNumHs():
            changed = True
        atom.SetFormalCharge(oa.GetFormalCharge())
        atom.SetNumExplicitHs(h)
        atom.SetNoImplicit(True)
    if not changed:
        return mol, None
    try:
        out = rw.GetMol()
        Chem.SanitizeMol(out)
        Chem.AssignStereochemistry(out, cleanIt=True, force=True)
        return out, None
    except Exception:
        return mol, f"Open Babel 在 pH {ph:g} 下给出的质子化结构不合理，按中性分子对接"


def embed(mol, seed: int):
    """RDKit ETKDGv3 conformer (seeded) with hydrogens, then MMFF94 (UFF when MMFF lacks parameters)."""
    from rdkit import Chem
    from rdkit.Chem import AllChem

    mh = Chem.AddHs(mol)
    params = AllChem.ETKDGv3()
    params.randomSeed = seed
    if AllChem.EmbedMolecule(mh, params) != 0:
        params.useRandomCoords = True
        if AllChem.EmbedMolecule(mh, params) != 0:
            raise LigandError(message("autodock.embedFailed"))
    if AllChem.MMFFHasAllMoleculeParams(mh):
        AllChem.MMFFOptimizeMolecule(mh, maxIters=2000)
        ff = "MMFF94"
    elif AllChem.UFFHasAllMoleculeParams(mh):
        AllChem.UFFOptimizeMolecule(mh, maxIters=2000)
        ff = "UFF"
    else:
        ff = "none"
    return mh, ff


def to_pdbqt(mh) -> str:
    """Vina ligand PDBQT by Open Babel: torsion tree (rotatable bonds kept), Gasteiger charges, nonpolar H merged."""
    from openbabel import openbabel as ob
    from rdkit import Chem

    conv = ob.OBConversion()
    conv.SetInAndOutFormats("mol", "pdbqt")
    obm = ob.OBMol()
    if not conv.ReadString(obm, Chem.MolToMolBlock(mh)):
        raise LigandError(message("autodock.pdbqtUnreadable"))
    charges = ob.OBChargeModel.FindType("gasteiger")
    if charges is not None:
        charges.ComputeCharges(obm)
    text = conv.WriteString(obm)
    if "ROOT" not in text or "TORSDOF" not in text:
        raise LigandError(message("autodock.pdbqtFailed"))
    bad = sorted({l[77:79].strip() for l in text.splitlines() if l.startswith(("ATOM", "HETATM"))} - VINA_TYPES)
    if bad:
        raise LigandError(message("autodock.atomTypesUnsupported", types=", ".join(bad)))
    return text


def pdbqt_atoms(text: str) -> list[tuple[str, float, float, float]]:
    out = []
    for line in text.splitlines():
        if line.startswith(("ATOM", "HETATM")):
            out.append((line[77:79].strip(), float(line[30:38]), float(line[38:46]), float(line[46:54])))
    return out


def map_pdbqt_to_mol(pdbqt: str, mh) -> list[int]:
    """RDKit atom index for every atom line of the ligand PDBQT (matched by coordinates, < 0.01 Å).

    Vina writes its poses with the input's atom lines in the input's order, so this map
    turns any pose back into the prepared RDKit molecule: bond orders, charges and
    stereo come from the prepared ligand itself (the exact template), not from
    perception on PDBQT coordinates.
    """
    conf = mh.GetConformer()
    pos = [conf.GetAtomPosition(i) for i in range(mh.GetNumAtoms())]
    out: list[int] = []
    for _, x, y, z in pdbqt_atoms(pdbqt):
        best, best_d = -1, 1e9
        for i, p in enumerate(pos):
            d = (p.x - x) ** 2 + (p.y - y) ** 2 + (p.z - z) ** 2
            if d < best_d:
                best, best_d = i, d
        if best < 0 or math.sqrt(best_d) > 0.01:
            raise LigandError(message("autodock.pdbqtMapFailed"))
        out.append(best)
    heavy = {a.GetIdx() for a in mh.GetAtoms() if a.GetAtomicNum() > 1}
    if not heavy <= set(out):
        raise LigandError(message("autodock.pdbqtHeavyMissing"))
    return out


def prepare(smiles: str, seed: int, ph: float = 7.4) -> dict:
    """Everything ``yunyao.autodock`` caches for one ligand (JSON-able). Raises LigandError."""
    from rdkit import Chem

    _quiet()
    warnings: list[str] = []
    mol = parse_smiles(smiles)
    mol, removed = largest_fragment(mol)
    if removed:
        warnings.append(f"去除了 {removed} 个小片段（盐/溶剂），保留最大片段")
    heavy = mol.GetNumHeavyAtoms()
    if heavy == 0:
        raise LigandError(message("autodock.noHeavyAtoms"))
    if heavy > MAX_HEAVY_ATOMS:
        raise LigandError(message("autodock.tooLarge", heavy=heavy, max=MAX_HEAVY_ATOMS))
    neutral_smiles = Chem.MolToSmiles(mol)
    mol, warn = protonate_ph(mol, ph)
    if warn:
        warnings.append(warn)
    mh, ff = embed(mol, seed)
    pdbqt = to_pdbqt(mh)
    mapping = map_pdbqt_to_mol(pdbqt, mh)
    torsdof = next((int(l.split()[1]) for l in pdbqt.splitlines() if l.startswith("TORSDOF")), 0)
    return {
        "smiles_fragment": neutral_smiles,
        "smiles_prepared": Chem.MolToSmiles(mol),
        "molblock": Chem.MolToMolBlock(mh),
        "pdbqt": pdbqt,
        "map": mapping,
        "heavy_atoms": heavy,
        "torsions": torsdof,
        "forcefield": ff,
        "seed": seed,
        "warnings": warnings,
    }


def read_vina_out(text: str) -> list[tuple[float, list[tuple[float, float, float]]]]:
    """[(score, [xyz per atom line]) per MODEL] of a Vina output PDBQT."""
    models: list[tuple[float, list[tuple[float, float, float]]]] = []
    score: Optional[float] = None
    xyz: list[tuple[float, float, float]] = []
    for line in text.splitlines():
        if line.startswith("MODEL"):
            score, xyz = None, []
        elif line.startswith("REMARK VINA RESULT:"):
            score = float(line.split()[3])
        elif line.startswith(("ATOM", "HETATM")):
            xyz.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
        elif line.startswith("ENDMDL"):
            if score is not None and xyz:
                models.append((score, xyz))
    return models


def pose_mols(prep: dict, vina_out: str) -> list:
    """RDKit molecules (heavy atoms, prepared bond orders and charges) for every pose, best first."""
    from rdkit import Chem
    from rdkit.Geometry import Point3D

    mh = Chem.MolFromMolBlock(prep["molblock"], removeHs=False)
    heavy = Chem.RemoveHs(mh)  # AddHs appended the H atoms, so heavy atom i is atom i in both
    mapping = prep["map"]
    out = []
    for score, xyz in read_vina_out(vina_out):
        if len(xyz) != len(mapping):
            raise LigandError(message("autodock.vinaAtomCount"))
        m = Chem.Mol(heavy)
        conf = m.GetConformer()
        for (x, y, z), idx in zip(xyz, mapping):
            if idx < m.GetNumAtoms():
                conf.SetAtomPosition(idx, Point3D(x, y, z))
        m.SetDoubleProp("score", score)
        out.append(m)
    return out
