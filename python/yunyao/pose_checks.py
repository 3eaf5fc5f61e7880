"""PoseBusters-style physical validity checks of one 3D ligand pose (RDKit + numpy).

After Buttenschoen, Morris & Deane, "PoseBusters: AI-based docking methods fail to generate
physically valid poses or generalise to novel sequences", Chem. Sci. 15, 3130-3139 (2024),
and its reference implementation (github.com/maabuu/posebusters, ``distance_geometry``,
``flatness``, ``identity``, ``intermolecular_distance``).  Heavy atoms only.

Checks (names are what ``failed`` lists; see docs/models/docking.md):

- ``bond_lengths``: every bond within [0.75 x lower, 1.25 x upper] of RDKit's distance-geometry
  bounds (``GetMoleculeBoundsMatrix``, set15bounds, scaleVDW, triangle smoothing).
- ``bond_angles``: the 1-3 distance of every bond angle within the same widened bounds.
- ``internal_clash``: no pair of atoms that are neither bonded nor share an angle closer than
  0.7 x its bounds-matrix lower bound.
- ``aromatic_flatness``: every 5/6-membered aromatic ring of sp2 atoms within 0.25 Å of its
  best-fit plane.
- ``double_bond_flatness``: every non-ring C=C between sp2 carbons, with its neighbours, within
  0.25 Å of its best-fit plane.
- ``stereo``: every tetrahedral centre and double bond that the reference molecule (the input
  SMILES) specifies has the same CIP label in the pose's 3D coordinates.
- ``protein_clash``: no ligand-protein heavy-atom pair closer than 0.75 x the sum of their
  van der Waals radii (only when protein coordinates are given; metal ions not counted).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

BOND_TOLERANCE = 0.25
ANGLE_TOLERANCE = 0.25
CLASH_TOLERANCE = 0.3
FLATNESS_MAX_A = 0.25
PROTEIN_VDW_SCALE = 0.75
CHECKS = ("bond_lengths", "bond_angles", "internal_clash", "aromatic_flatness", "double_bond_flatness", "stereo", "protein_clash")

_RINGS = ("[ar5^2]1[ar5^2][ar5^2][ar5^2][ar5^2]1", "[ar6^2]1[ar6^2][ar6^2][ar6^2][ar6^2][ar6^2]1")
_DOUBLE = "[#6;X3;^2;!R]=[#6;X3;^2;!R]"


def _plane_deviation(xyz: np.ndarray) -> float:
    """Largest distance (Å) of the points from their least-squares plane."""
    centred = xyz - xyz.mean(axis=0)
    normal = np.linalg.svd(centred)[2][-1]
    return float(np.abs(centred @ normal).max())


def _geometry(mol, xyz: np.ndarray) -> dict[str, bool]:
    from rdkit.Chem import rdDistGeom

    n = mol.GetNumAtoms()
    bounds = rdDistGeom.GetMoleculeBoundsMatrix(mol, set15bounds=True, scaleVDW=True, doTriangleSmoothing=True, useMacrocycle14config=False)
    lower = lambda i, j: bounds[max(i, j)][min(i, j)]  # noqa: E731  lower triangle: lower bounds
    upper = lambda i, j: bounds[min(i, j)][max(i, j)]  # noqa: E731
    dist = np.linalg.norm(xyz[:, None, :] - xyz[None, :, :], axis=-1)
    bonds = {(min(b.GetBeginAtomIdx(), b.GetEndAtomIdx()), max(b.GetBeginAtomIdx(), b.GetEndAtomIdx())) for b in mol.GetBonds()}
    angles = set()
    for a in mol.GetAtoms():
        nbrs = [x.GetIdx() for x in a.GetNeighbors()]
        for p in range(len(nbrs)):
            for q in range(p + 1, len(nbrs)):
                angles.add((min(nbrs[p], nbrs[q]), max(nbrs[p], nbrs[q])))
    angles -= bonds  # a 3-ring's 1-3 pair is also a bond

    def within(i: int, j: int, tol: float) -> bool:
        return lower(i, j) * (1 - tol) <= dist[i, j] <= upper(i, j) * (1 + tol)

    clash = any(
        dist[i, j] < lower(i, j) * (1 - CLASH_TOLERANCE)
        for i in range(n) for j in range(i + 1, n) if (i, j) not in bonds and (i, j) not in angles
    )
    return {
        "bond_lengths": all(within(i, j, BOND_TOLERANCE) for i, j in bonds),
        "bond_angles": all(within(i, j, ANGLE_TOLERANCE) for i, j in angles),
        "internal_clash": not clash,
    }


def _flatness(mol, xyz: np.ndarray) -> dict[str, bool]:
    from rdkit import Chem

    rings_ok = True
    for smarts in _RINGS:
        for match in mol.GetSubstructMatches(Chem.MolFromSmarts(smarts)):
            rings_ok = rings_ok and _plane_deviation(xyz[list(match)]) <= FLATNESS_MAX_A
    double_ok = True
    for a, b in mol.GetSubstructMatches(Chem.MolFromSmarts(_DOUBLE)):
        atoms = {a, b} | {x.GetIdx() for i in (a, b) for x in mol.GetAtomWithIdx(i).GetNeighbors()}
        double_ok = double_ok and _plane_deviation(xyz[sorted(atoms)]) <= FLATNESS_MAX_A
    return {"aromatic_flatness": rings_ok, "double_bond_flatness": double_ok}


def _cip(mol) -> tuple[dict[int, str], dict[tuple[int, int], str]]:
    from rdkit import Chem

    centres = {i: label for i, label in Chem.FindMolChiralCenters(mol, includeUnassigned=False, useLegacyImplementation=True)}
    bonds = {}
    for b in mol.GetBonds():
        st = b.GetStereo()
        if st in (Chem.BondStereo.STEREOE, Chem.BondStereo.STEREOZ):
            bonds[(min(b.GetBeginAtomIdx(), b.GetEndAtomIdx()), max(b.GetBeginAtomIdx(), b.GetEndAtomIdx()))] = str(st)[-1]
    return centres, bonds


def _stereo(pose, reference_smiles: Optional[str]) -> bool:
    """True when the reference specifies no stereo, or the pose's 3D stereo equals it."""
    from rdkit import Chem

    if not reference_smiles:
        return True
    ref = Chem.MolFromSmiles(reference_smiles)
    if ref is None:
        raise ValueError("reference SMILES unreadable")
    ref = Chem.RemoveHs(ref)
    Chem.AssignStereochemistry(ref, cleanIt=True, force=True)
    want_atoms, want_bonds = _cip(ref)
    if not want_atoms and not want_bonds:
        return True
    posed = Chem.Mol(pose)
    for a in posed.GetAtoms():
        a.SetChiralTag(Chem.ChiralType.CHI_UNSPECIFIED)
    for b in posed.GetBonds():
        b.SetStereo(Chem.BondStereo.STEREONONE)
        b.SetBondDir(Chem.BondDir.NONE)
    Chem.AssignStereochemistryFrom3D(posed)
    match = posed.GetSubstructMatch(ref, useChirality=False)
    if len(match) != ref.GetNumAtoms():
        raise ValueError("pose does not match the reference molecule")
    got_atoms, got_bonds = _cip(posed)
    for i, label in want_atoms.items():
        if got_atoms.get(match[i]) != label:
            return False
    for (i, j), label in want_bonds.items():
        key = (min(match[i], match[j]), max(match[i], match[j]))
        if got_bonds.get(key) != label:
            return False
    return True


def _protein_clash(mol, xyz: np.ndarray, protein: Optional[tuple[np.ndarray, np.ndarray]]) -> Optional[bool]:
    if protein is None or len(protein[0]) == 0:
        return None
    from rdkit import Chem

    table = Chem.GetPeriodicTable()
    p_xyz, p_rvdw = protein
    l_rvdw = np.array([table.GetRvdw(a.GetAtomicNum()) for a in mol.GetAtoms()])
    near = np.linalg.norm(p_xyz - xyz.mean(axis=0), axis=1) <= np.linalg.norm(xyz - xyz.mean(axis=0), axis=1).max() + 8.0
    d = np.linalg.norm(xyz[:, None, :] - p_xyz[near][None, :, :], axis=-1)
    return not bool((d < PROTEIN_VDW_SCALE * (l_rvdw[:, None] + p_rvdw[near][None, :])).any())


# Metal ions are left out of the protein-clash check: a coordinating ligand atom sits well inside
# their vdW radius (PoseBusters tests inorganic cofactors apart, with a looser cutoff).
NON_METALS = {"B", "C", "N", "O", "F", "P", "S", "Cl", "Se", "Br", "I"}


def protein_atoms(pdb_path: str) -> tuple[np.ndarray, np.ndarray]:
    """Heavy-atom coordinates and vdW radii of a PDB's ATOM/HETATM records (waters and metal ions left out)."""
    from rdkit import Chem

    table = Chem.GetPeriodicTable()
    xyz, radii = [], []
    with open(pdb_path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if not line.startswith(("ATOM", "HETATM")) or line[17:20].strip() in ("HOH", "WAT"):
                continue
            el = line[76:78].strip() or line[12:16].strip().lstrip("0123456789")[:1]
            el = el[:1].upper() + el[1:].lower()
            if el not in NON_METALS:
                continue
            try:
                r = table.GetRvdw(el)
                xyz.append((float(line[30:38]), float(line[38:46]), float(line[46:54])))
            except (ValueError, RuntimeError):
                continue
            radii.append(r)
    return np.array(xyz, dtype=float).reshape(-1, 3), np.array(radii, dtype=float)


def check_pose(pose, reference_smiles: Optional[str] = None, protein: Optional[tuple[np.ndarray, np.ndarray]] = None) -> dict:
    """Checks of one pose (an RDKit molecule with a 3D conformer; hydrogens are ignored).

    Returns ``{check: bool | None, ..., "pb_valid": bool | None, "pb_failed": [names]}``; a check
    that does not apply (no protein given) is None.  When a check itself crashes, ``pb_valid`` is
    None and ``pb_error`` says why (callers keep the pose)."""
    from rdkit import Chem

    try:
        mol = Chem.RemoveHs(pose, sanitize=False)
        Chem.SanitizeMol(mol)
        xyz = np.array(mol.GetConformer().GetPositions(), dtype=float)
        out: dict = {}
        if mol.GetNumAtoms() > 1:
            out.update(_geometry(mol, xyz))
        else:
            out.update(bond_lengths=True, bond_angles=True, internal_clash=True)
        out.update(_flatness(mol, xyz))
        out["stereo"] = _stereo(mol, reference_smiles)
        out["protein_clash"] = _protein_clash(mol, xyz, protein)
        out = {k: (None if v is None else bool(v)) for k, v in out.items()}
    except Exception as exc:  # one bad pose must not stop a batch: reported, never fatal
        return {**{c: None for c in CHECKS}, "pb_valid": None, "pb_failed": [], "pb_error": f"{type(exc).__name__}: {exc}"[:200]}
    failed = [c for c in CHECKS if out.get(c) is False]
    return {**out, "pb_valid": not failed, "pb_failed": failed}


def summarise(results: Sequence[dict]) -> dict:
    """Share of valid poses among the checked ones, and how often each check failed."""
    checked = [r for r in results if r.get("pb_valid") is not None]
    return {
        "poses": len(results),
        "checked": len(checked),
        "valid": sum(1 for r in checked if r["pb_valid"]),
        "failures": {c: sum(1 for r in checked if c in r["pb_failed"]) for c in CHECKS},
    }
