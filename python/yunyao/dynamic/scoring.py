"""Single-trajectory MM/GBSA of one snapshot, and the per-residue split of the top contributors.

ΔG_bind ≈ ΔE_vdW + ΔE_elec + ΔG_GB + ΔG_SA, each a difference complex − receptor − ligand on the same
(water-stripped) coordinates, so bonded terms cancel exactly and the gas-phase terms are the
ligand–receptor interaction energies (ε = 1, no cutoff, as MMPBSA.py does).
* polar: GBn2 (Amber igb=8, mbondi3 radii; Nguyen, Roe & Simmerling 2013) on OpenMM, solute ε 1,
  solvent ε 78.5, Debye screening of the chosen salt;
* non-polar: 0.0072 kcal/mol/Å² × ΔSASA (MMPBSA.py's GB surface tension; Shrake–Rupley SASA from
  mdtraj with a 1.4 Å probe).
Per residue (pairwise decomposition, like MMPBSA.py idecomp=3 with the receptor residue and the
ligand as the pair): vdW and Coulomb between the residue and the ligand, the GB cross term between
them at the complex's Born radii (GBn2's pair term over the ligand–residue atom pairs; the radii are read
from OpenMM's own GBn2 in one evaluation per snapshot) and the residue's buried surface × surface tension.
"""

from __future__ import annotations

from dataclasses import dataclass

import mdtraj
import numpy as np
import openmm
from openmm import app, unit
from openmm.app.internal.customgbforces import GBSAGBn2Force

KJ_PER_KCAL = 4.184
COULOMB_KJ_NM = 138.935456
# The constant OpenMM's GB energy terms use (openmm.app.internal.customgbforces), so the cross term matches them.
GB_COULOMB_KJ_NM = 138.935485
SURFACE_TENSION = 0.0072  # kcal/mol/Å²
SOLVENT_DIELECTRIC = 78.5
TEMPERATURE_K = 300.0
# Residues with any atom this close to the ligand in the starting pose are decomposed.
DECOMPOSE_WITHIN_NM = 0.6


def debye_kappa(concentration_molar: float) -> float:
    """Inverse Debye length in nm⁻¹ (OpenMM's formula for implicitSolventSaltConc)."""
    return 367.434915 * np.sqrt(concentration_molar / (SOLVENT_DIELECTRIC * TEMPERATURE_K))


@dataclass
class Terms:
    vdw: float
    elec: float
    polar: float
    nonpolar: float

    @property
    def total(self) -> float:
        return self.vdw + self.elec + self.polar + self.nonpolar


def _subset(topology: app.Topology, positions: np.ndarray, keep: list[int]) -> app.Topology:
    modeller = app.Modeller(topology, positions * unit.nanometer)
    keep_set = set(keep)
    modeller.delete([a for a in topology.atoms() if a.index not in keep_set])
    return modeller.topology


def _gb_context(topology: app.Topology, charges: np.ndarray, kappa: float) -> openmm.Context:
    system = openmm.System()
    for atom in topology.atoms():
        system.addParticle(atom.element.mass)
    force = GBSAGBn2Force(solventDielectric=SOLVENT_DIELECTRIC, soluteDielectric=1.0, SA=None, cutoff=None, kappa=kappa)
    for q, p in zip(charges, GBSAGBn2Force.getStandardParameters(topology)):
        force.addParticle([float(q), *p])
    force.finalize()
    system.addForce(force)
    # One thread: the task's other cores are busy with the MD, and single-threaded sums repeat exactly.
    return openmm.Context(system, openmm.VerletIntegrator(0.001), openmm.Platform.getPlatformByName("CPU"), {"Threads": "1"})


def _born_radii_context(topology: app.Topology, kappa: float) -> openmm.Context:
    """A context that gives GBn2's Born radii of the topology's atoms as forces: its only energy is
    Σ B·(x − x0), with x0 each atom's own x, so the force along x on each atom is exactly −B (the part
    through ∂B/∂x is multiplied by x − x0 = 0). Charges play no part in the radii."""
    force = GBSAGBn2Force(solventDielectric=SOLVENT_DIELECTRIC, soluteDielectric=1.0, SA=None, cutoff=None, kappa=kappa)
    for p in GBSAGBn2Force.getStandardParameters(topology):
        force.addParticle([0.0, *p])
    force.finalize()
    force.addPerParticleParameter("x0")
    for n in range(force.getNumParticles()):
        force.setParticleParameters(n, [*force.getParticleParameters(n), 0.0])
    force.setEnergyTermParameters(0, "B*(x-x0)", openmm.CustomGBForce.SingleParticle)
    force.setEnergyTermParameters(1, "0", openmm.CustomGBForce.ParticlePairNoExclusions)
    system = openmm.System()
    for atom in topology.atoms():
        system.addParticle(atom.element.mass)
    system.addForce(force)
    return openmm.Context(system, openmm.VerletIntegrator(0.001), openmm.Platform.getPlatformByName("CPU"), {"Threads": "1"})


def born_radii(context: openmm.Context, positions: np.ndarray) -> np.ndarray:
    """GBn2 Born radii (nm) at these positions, from a context made by ``_born_radii_context``."""
    force = context.getSystem().getForce(0)
    for n, x in enumerate(positions[:, 0]):
        force.setParticleParameters(n, [*force.getParticleParameters(n)[:-1], float(x)])
    force.updateParametersInContext(context)
    context.setPositions(positions)
    forces = context.getState(getForces=True).getForces(asNumpy=True).value_in_unit(unit.kilojoule_per_mole / unit.nanometer)
    return -np.asarray(forces[:, 0])


def _energy(context: openmm.Context, positions: np.ndarray) -> float:
    context.setPositions(positions)
    return context.getState(getEnergy=True).getPotentialEnergy().value_in_unit(unit.kilojoule_per_mole) / KJ_PER_KCAL


class Scorer:
    """Scores snapshots of one complex; atoms are indexed as in the solvated system."""

    def __init__(self, topology: app.Topology, system: openmm.System, positions_nm: np.ndarray, ligand: list[int], receptor: list[int], concentration: float) -> None:
        nonbonded = next(f for f in system.getForces() if isinstance(f, openmm.NonbondedForce))
        params = [nonbonded.getParticleParameters(i) for i in range(system.getNumParticles())]
        self.charge = np.array([p[0].value_in_unit(unit.elementary_charge) for p in params])
        self.sigma = np.array([p[1].value_in_unit(unit.nanometer) for p in params])
        self.epsilon = np.array([p[2].value_in_unit(unit.kilojoule_per_mole) for p in params])
        self.complex_atoms = sorted(receptor + ligand)
        self.ligand = np.array(ligand)
        self.receptor = np.array(receptor)
        kappa = self.kappa = debye_kappa(concentration)
        self.topologies = {
            "complex": _subset(topology, positions_nm, self.complex_atoms),
            "receptor": _subset(topology, positions_nm, receptor),
            "ligand": _subset(topology, positions_nm, ligand),
        }
        self.members = {"complex": self.complex_atoms, "receptor": receptor, "ligand": ligand}
        self.gb = {name: _gb_context(top, self.charge[self.members[name]], kappa) for name, top in self.topologies.items()}
        self.radii = _born_radii_context(self.topologies["complex"], kappa)
        self.md_topologies = {name: mdtraj.Topology.from_openmm(top) for name, top in self.topologies.items()}
        self.residues = self._nearby_residues(topology, positions_nm)

    def _nearby_residues(self, topology: app.Topology, positions_nm: np.ndarray) -> list[tuple[str, np.ndarray]]:
        lig_xyz = positions_nm[self.ligand]
        out = []
        receptor = set(self.receptor.tolist())
        for residue in topology.residues():
            atoms = np.array([a.index for a in residue.atoms() if a.index in receptor])
            if atoms.size == 0:
                continue
            d = np.linalg.norm(positions_nm[atoms][:, None, :] - lig_xyz[None, :, :], axis=2).min()
            if d <= DECOMPOSE_WITHIN_NM:
                out.append((f"{residue.chain.id}:{residue.name}{residue.id}", atoms))
        return out

    def _pair_terms(self, xyz: np.ndarray, partner: np.ndarray) -> tuple[float, float]:
        """Ligand–partner vdW and Coulomb energies in kcal/mol (Lorentz–Berthelot, no cutoff)."""
        r = np.linalg.norm(xyz[self.ligand][:, None, :] - xyz[partner][None, :, :], axis=2)
        sigma = (self.sigma[self.ligand][:, None] + self.sigma[partner][None, :]) / 2
        eps = np.sqrt(self.epsilon[self.ligand][:, None] * self.epsilon[partner][None, :])
        sr6 = (sigma / r) ** 6
        vdw = float(np.sum(4 * eps * (sr6 * sr6 - sr6)))
        elec = float(np.sum(COULOMB_KJ_NM * self.charge[self.ligand][:, None] * self.charge[partner][None, :] / r))
        return vdw / KJ_PER_KCAL, elec / KJ_PER_KCAL

    def _sasa_nm2(self, name: str, xyz: np.ndarray) -> np.ndarray:
        traj = mdtraj.Trajectory(xyz[self.members[name]][None, :, :], self.md_topologies[name])
        return mdtraj.shrake_rupley(traj, probe_radius=0.14, mode="atom")[0]

    def score(self, xyz: np.ndarray) -> Terms:
        vdw, elec = self._pair_terms(xyz, self.receptor)
        polar = sum(sign * _energy(self.gb[name], xyz[self.members[name]]) for name, sign in (("complex", 1), ("receptor", -1), ("ligand", -1)))
        buried_nm2 = self._sasa_nm2("complex", xyz).sum() - self._sasa_nm2("receptor", xyz).sum() - self._sasa_nm2("ligand", xyz).sum()
        return Terms(vdw, elec, polar, SURFACE_TENSION * buried_nm2 * 100)

    def gb_cross(self, xyz: np.ndarray, radii: np.ndarray, partner: np.ndarray) -> float:
        """The ligand–partner part of the complex's GB energy (kcal/mol): GBn2's pair term over their atom
        pairs at the complex's Born radii ``radii`` (indexed like ``self.complex_atoms``). The GB energy is
        quadratic in the charges, so this is the energy's cross term between the two groups."""
        where = np.searchsorted(self.complex_atoms, self.ligand), np.searchsorted(self.complex_atoms, partner)
        r2 = np.sum((xyz[self.ligand][:, None, :] - xyz[partner][None, :, :]) ** 2, axis=2)
        bb = radii[where[0]][:, None] * radii[where[1]][None, :]
        f = np.sqrt(r2 + bb * np.exp(-r2 / (4 * bb)))
        screening = 1.0 - np.exp(-self.kappa * f) / SOLVENT_DIELECTRIC
        qq = self.charge[self.ligand][:, None] * self.charge[partner][None, :]
        return float(np.sum(-GB_COULOMB_KJ_NM * screening * qq / f)) / KJ_PER_KCAL

    def decompose(self, xyz: np.ndarray) -> dict[str, list[float]]:
        """{residue label: [vdW, elec, solvation]} in kcal/mol for the residues near the ligand."""
        index_in_complex = {atom: n for n, atom in enumerate(self.complex_atoms)}
        receptor_index = {atom: n for n, atom in enumerate(self.members["receptor"])}
        radii = born_radii(self.radii, xyz[self.complex_atoms])
        sasa_complex = self._sasa_nm2("complex", xyz)
        sasa_receptor = self._sasa_nm2("receptor", xyz)
        out: dict[str, list[float]] = {}
        for label, atoms in self.residues:
            vdw, elec = self._pair_terms(xyz, atoms)
            buried = sum(sasa_complex[index_in_complex[a]] - sasa_receptor[receptor_index[a]] for a in atoms)
            out[label] = [vdw, elec, self.gb_cross(xyz, radii, atoms) + SURFACE_TENSION * buried * 100]
        return out
