"""One ligand pose as an OpenMM residue plus a force-field XML holding exactly its GAFF terms.

Every atom gets its own atom type (``LIG-<n>``), and every bond, angle, torsion and improper is
written out with the parameters resolved in gaff.py, so OpenMM's ForceField applies precisely
these terms and never silently skips one it has no parameters for.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from openbabel import openbabel as ob
from openbabel import pybel

from ..common import ReasonError, message
from . import gaff
from .charges import ligand_charges

RESIDUE = "LIG"
KCAL = 4.184
# GAFF's 1-4 scaling (SCEE 1.2, SCNB 2.0) is the same as amber14's, so one NonbondedForce serves both.
COULOMB14 = 1 / 1.2
LJ14 = 0.5


@dataclass
class LigandParams:
    atom_names: list[str]
    elements: list[str]
    bonds: list[tuple[int, int]]
    positions_nm: list[tuple[float, float, float]]
    ffxml: str
    charge_method: str
    charge_note: str
    net_charge: int
    gaff_types: list[str]
    substituted_terms: int = 0
    estimated_terms: int = 0
    smiles: str = ""
    missing: list[str] = field(default_factory=list)


def _type(i: int) -> str:
    return f"{RESIDUE}-{i}"


def _fmt(x: float) -> str:
    return repr(float(x))


class _Builder:
    def __init__(self, mol: pybel.Molecule) -> None:
        self.mol = mol
        self.obmol = mol.OBMol
        self.types = gaff.gaff_types(self.obmol)
        self.params = gaff.parameter_set()
        self.substituted = 0
        self.estimated = 0
        self.missing: list[str] = []
        self.root = ET.Element("ForceField")

    def _count(self, params: object, substituted: bool, label: str) -> None:
        if params is None:
            self.estimated += 1
            self.missing.append(label)
        elif substituted:
            self.substituted += 1

    def atoms(self, charges: list[float]) -> list[str]:
        types_el = ET.SubElement(self.root, "AtomTypes")
        residues = ET.SubElement(ET.SubElement(self.root, "Residues"), "Residue", name=RESIDUE)
        nonbonded = ET.SubElement(self.root, "NonbondedForce", coulomb14scale=_fmt(COULOMB14), lj14scale=_fmt(LJ14))
        ET.SubElement(nonbonded, "UseAttributeFromResidue", name="charge")
        names = []
        for i, atom in enumerate(ob.OBMolAtomIter(self.obmol)):
            symbol = ob.GetSymbol(atom.GetAtomicNum())
            name = f"{symbol}{i + 1}"
            names.append(name)
            ET.SubElement(types_el, "Type", name=_type(i), **{"class": _type(i)}, element=symbol, mass=_fmt(atom.GetAtomicMass()))
            ET.SubElement(residues, "Atom", name=name, type=_type(i), charge=_fmt(charges[i]))
            lj = self.params.atom_types.get(self.types[i])
            if lj is None:
                raise ReasonError(message("dynamic.gaffVdwMissing", type=self.types[i]))
            sigma_nm = lj.rmin * 2 / 2 ** (1 / 6) / 10
            ET.SubElement(nonbonded, "Atom", type=_type(i), sigma=_fmt(sigma_nm), epsilon=_fmt(lj.epsilon * KCAL))
        for bond in ob.OBMolBondIter(self.obmol):
            ET.SubElement(residues, "Bond", atomName1=names[bond.GetBeginAtomIdx() - 1], atomName2=names[bond.GetEndAtomIdx() - 1])
        return names

    def bonds(self) -> None:
        force = ET.SubElement(self.root, "HarmonicBondForce")
        for bond in ob.OBMolBondIter(self.obmol):
            a, b = bond.GetBeginAtomIdx() - 1, bond.GetEndAtomIdx() - 1
            term, substituted = gaff.find_term(self.params.bond_types, (self.types[a], self.types[b]))
            self._count(term, substituted, f"{self.types[a]}-{self.types[b]}")
            k, r0 = (term.k, term.req) if term is not None else (gaff.ESTIMATED_BOND_K, bond.GetLength())
            ET.SubElement(force, "Bond", type1=_type(a), type2=_type(b), length=_fmt(r0 / 10), k=_fmt(2 * k * KCAL * 100))

    def angles(self) -> None:
        force = ET.SubElement(self.root, "HarmonicAngleForce")
        for vertex, a, c in ob.OBMolAngleIter(self.obmol):  # Open Babel lists the vertex first
            key = (self.types[a], self.types[vertex], self.types[c])
            term, substituted = gaff.find_term(self.params.angle_types, key)
            self._count(term, substituted, "-".join(key))
            if term is not None:
                k, theta = term.k, math.radians(term.theteq)
            else:
                k = gaff.ESTIMATED_ANGLE_K
                theta = math.radians(self.obmol.GetAngle(self.obmol.GetAtom(a + 1), self.obmol.GetAtom(vertex + 1), self.obmol.GetAtom(c + 1)))
            ET.SubElement(force, "Angle", type1=_type(a), type2=_type(vertex), type3=_type(c), angle=_fmt(theta), k=_fmt(2 * k * KCAL))

    def torsions(self) -> None:
        force = ET.SubElement(self.root, "PeriodicTorsionForce")
        for a, b, c, d in ob.OBMolTorsionIter(self.obmol):
            key = (self.types[a], self.types[b], self.types[c], self.types[d])
            terms, substituted = gaff.find_dihedral(key)
            self._count(terms, substituted, "-".join(key))
            if terms is not None:
                self._periodic(force, "Proper", (a, b, c, d), terms)
        for atom in ob.OBMolAtomIter(self.obmol):
            neighbours = [n.GetIdx() - 1 for n in ob.OBAtomAtomIter(atom)]
            if len(neighbours) != 3:
                continue
            centre = atom.GetIdx() - 1
            found = gaff.find_improper(self.types[centre], tuple(self.types[n] for n in neighbours))
            if found is not None:
                term, order = found
                i, j, l = (neighbours[k] for k in order)
                # OpenMM's <Improper> names the centre first and builds the torsion (type2, type3, type1, type4).
                self._periodic(force, "Improper", (centre, i, j, l), [term])

    def _periodic(self, force: ET.Element, tag: str, atoms: tuple[int, int, int, int], terms: list) -> None:
        attrs = {f"type{n + 1}": _type(a) for n, a in enumerate(atoms)}
        for n, term in enumerate(terms, start=1):
            attrs[f"periodicity{n}"] = str(int(term.per))
            attrs[f"phase{n}"] = _fmt(math.radians(term.phase))
            attrs[f"k{n}"] = _fmt(term.phi_k * KCAL)
        ET.SubElement(force, tag, **attrs)


def parameterise(mol: pybel.Molecule) -> LigandParams:
    """GAFF types and terms, partial charges and a residue template for one pose (raises ValueError with a reason)."""
    builder = _Builder(mol)
    charges, method, note = ligand_charges(mol)
    names = builder.atoms(charges)
    builder.bonds()
    builder.angles()
    builder.torsions()
    obmol = mol.OBMol
    return LigandParams(
        atom_names=names,
        elements=[ob.GetSymbol(a.GetAtomicNum()) for a in ob.OBMolAtomIter(obmol)],
        bonds=[(b.GetBeginAtomIdx() - 1, b.GetEndAtomIdx() - 1) for b in ob.OBMolBondIter(obmol)],
        positions_nm=[(a.GetX() / 10, a.GetY() / 10, a.GetZ() / 10) for a in ob.OBMolAtomIter(obmol)],
        ffxml=ET.tostring(builder.root, encoding="unicode"),
        charge_method=method,
        charge_note=note,
        net_charge=sum(a.GetFormalCharge() for a in ob.OBMolAtomIter(obmol)),
        gaff_types=builder.types,
        substituted_terms=builder.substituted,
        estimated_terms=builder.estimated,
        smiles=mol.write("can").split("\t")[0].strip(),
        missing=sorted(set(builder.missing)),
    )
