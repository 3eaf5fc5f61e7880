"""The receptor repaired once (PDBFixer), then per ligand: complex + TIP3P water box + salt, as an OpenMM System.

Choices (docs/models/free-energy.md): amber14 protein (ff14SB) with TIP3P, a cubic box with 1.0 nm of
water around the complex, the chosen salt at the chosen concentration on top of the neutralising
ions, PME with a 1.0 nm cutoff, bonds to hydrogen constrained and hydrogen mass repartitioned
(3 amu) so a 4 fs step is stable.
"""

from __future__ import annotations

import io
import math
import random
from typing import Optional

import openmm
from openmm import app, unit

from ..common import one_line, reject_input
from .ligand_params import RESIDUE, LigandParams

PROTEIN_FF = "amber14-all.xml"
WATER_FF = "amber14/tip3p.xml"
PADDING_NM = 1.0
CUTOFF_NM = 1.0
HYDROGEN_MASS_AMU = 3.0
PH = 7.4
# A peptide C–N bond is 1.33 Å; a longer gap between consecutive residues is a chain break.
CHAIN_BREAK_A = 2.0
CAPS = {"ACE", "NME", "NH2"}
SALT_IONS = {"NaCl": ("Na+", "Cl-"), "KCl": ("K+", "Cl-")}


def _keep_line(line: str, polymer: set[str]) -> bool:
    if not line.startswith(("ATOM", "HETATM")):
        return False
    element = line[76:78].strip() or line[12:16].strip()[:1]
    return line[17:20].strip() in polymer and element.upper() != "H" and line[16] in (" ", "A")


def _atom_xyz(residue: list[str], name: str) -> Optional[tuple[float, float, float]]:
    for line in residue:
        if line[12:16].strip() == name:
            return (float(line[30:38]), float(line[38:46]), float(line[46:54]))
    return None


def _split_at_breaks(lines: list[str]) -> list[str]:
    """TER between consecutive residues that are not bonded (other chain, or C–N too long), so each piece
    gets termini; a lone residue is dropped, since no Amber template describes a free amino acid."""
    residues: list[list[str]] = []
    for line in lines:
        if not residues or residues[-1][0][21:27] != line[21:27]:
            residues.append([])
        residues[-1].append(line)
    pieces: list[list[list[str]]] = []
    for previous, residue in zip([None, *residues], residues):
        c, n = (_atom_xyz(previous, "C"), _atom_xyz(residue, "N")) if previous else (None, None)
        bonded = previous is not None and previous[0][21] == residue[0][21] and c and n and math.dist(c, n) <= CHAIN_BREAK_A
        if bonded:
            pieces[-1].append(residue)
        else:
            pieces.append([residue])
    out: list[str] = []
    for piece in pieces:
        if len(piece) > 1:
            out.extend(line for residue in piece for line in residue)
            out.append("TER")
    return out


def prepare_receptor(text: str, display_name: str, seed: int, out_path: str) -> None:
    """Heavy atoms of the polymer only (waters, ions, ligands dropped), repaired and protonated at pH 7.4."""
    from pdbfixer import PDBFixer
    from pdbfixer.pdbfixer import proteinResidues

    polymer = set(proteinResidues) | CAPS | {"HID", "HIE", "HIP", "CYX", "CYM", "ASH", "GLH", "LYN"}
    lines = [l.ljust(80) for l in text.splitlines() if _keep_line(l.ljust(80), polymer)]
    if len(lines) < 10:
        reject_input("dynamic.proteinNoAtoms", file=display_name)
    random.seed(seed)  # PDBFixer places new hydrogens with Python's random generator
    # ... and relaxes them on OpenMM's CPU platform, whose sums depend on the thread count.
    cpu = openmm.Platform.getPlatformByName("CPU")
    threads = cpu.getPropertyDefaultValue("Threads")
    cpu.setPropertyDefaultValue("Threads", "1")
    try:
        fixer = PDBFixer(pdbfile=io.StringIO("\n".join(_split_at_breaks(lines)) + "\nEND\n"))
        fixer.findMissingResidues()
        fixer.missingResidues = {}  # no loop building: guessed loops far from the site only add noise
        fixer.findNonstandardResidues()
        fixer.replaceNonstandardResidues()
        fixer.findMissingAtoms()
        fixer.addMissingAtoms(seed=seed or 1)
        fixer.addMissingHydrogens(PH)
    except Exception as exc:  # PDBFixer raises plain Exceptions on structures it cannot repair: the input's fault, so free
        reject_input("dynamic.proteinUnfixable", file=display_name, detail=one_line(exc, 200))
    finally:
        cpu.setPropertyDefaultValue("Threads", threads)
    with open(out_path, "w", encoding="utf-8") as fh:
        app.PDBFile.writeFile(fixer.topology, fixer.positions, fh, keepIds=True)


def forcefield_for(ligand: LigandParams) -> app.ForceField:
    return app.ForceField(PROTEIN_FF, WATER_FF, io.StringIO(ligand.ffxml))


def complex_model(receptor_pdb: str, ligand: LigandParams) -> app.Modeller:
    receptor = app.PDBFile(receptor_pdb)
    modeller = app.Modeller(receptor.topology, receptor.positions)
    top = app.Topology()
    residue = top.addResidue(RESIDUE, top.addChain("L"))
    atoms = [top.addAtom(name, app.Element.getBySymbol(el), residue) for name, el in zip(ligand.atom_names, ligand.elements)]
    for a, b in ligand.bonds:
        top.addBond(atoms[a], atoms[b])
    modeller.add(top, [openmm.Vec3(*p) for p in ligand.positions_nm] * unit.nanometer)
    return modeller


def create_system(forcefield: app.ForceField, topology: app.Topology, timestep_fs: float) -> openmm.System:
    return forcefield.createSystem(
        topology,
        nonbondedMethod=app.PME,
        nonbondedCutoff=CUTOFF_NM * unit.nanometer,
        constraints=app.HBonds,
        rigidWater=True,
        hydrogenMass=HYDROGEN_MASS_AMU * unit.amu if timestep_fs > 2 else None,
    )


def solvate(receptor_pdb: str, ligand: LigandParams, salt: str, concentration: float, seed: int, padding_nm: float = PADDING_NM) -> tuple[app.Topology, list]:
    forcefield = forcefield_for(ligand)
    modeller = complex_model(receptor_pdb, ligand)
    positive, negative = SALT_IONS[salt]
    random.seed(seed)  # which waters become ions
    modeller.addSolvent(
        forcefield,
        model="tip3p",
        padding=padding_nm * unit.nanometer,
        positiveIon=positive,
        negativeIon=negative,
        ionicStrength=concentration * unit.molar,
        neutralize=True,
    )
    return modeller.topology, modeller.positions


def split_atoms(topology: app.Topology) -> tuple[list[int], list[int]]:
    """(ligand atoms, receptor atoms): the receptor is every non-water, non-ion, non-ligand atom."""
    ligand, receptor = [], []
    solvent = {"HOH", "WAT", "NA", "CL", "K", "Na+", "Cl-", "K+"}
    for residue in topology.residues():
        if residue.name == RESIDUE:
            ligand.extend(a.index for a in residue.atoms())
        elif residue.name not in solvent:
            receptor.extend(a.index for a in residue.atoms())
    return ligand, receptor
