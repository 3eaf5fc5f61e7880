"""The physical model: Amber ff14SB (amber14-all.xml) in OBC2 implicit solvent on OpenMM.

OBC2 (Onufriev, Bashford & Case, Proteins 2004) rather than GBn2: OpenMM 7.7 runs it with its
built-in GBSAOBCForce, while GBn2 is a custom force, and on this machine's CPUs OBC2 was 1.35x
faster per picosecond on chignolin (5x on 2 threads in docs notes/engines.md); sampling time is
what decides the quality here. GBn2 stays available (--solvent=gbn2).
Hydrogen mass repartitioning (4 amu) with bonds to H constrained allows a 4 fs step.
"""

from __future__ import annotations

import openmm
from openmm import app, unit

FORCE_FIELD = "amber14-all.xml"
SOLVENT_FILES = {"obc2": "implicit/obc2.xml", "gbn2": "implicit/gbn2.xml"}
HYDROGEN_MASS_AMU = 4.0
FRICTION_PER_PS = 1.0
MINIMISE_TOLERANCE = 10.0  # kJ/mol/nm
MINIMISE_MAX_ITERATIONS = 2000
KJ_PER_KCAL = 4.184


def create_system(topology: app.Topology, solvent: str) -> openmm.System:
    forcefield = app.ForceField(FORCE_FIELD, SOLVENT_FILES[solvent])
    # No cutoff: a peptide of at most 50 residues is small enough for all pairs, and a cutoff would
    # distort the generalised Born energy of a compact fold.
    return forcefield.createSystem(
        topology, nonbondedMethod=app.NoCutoff, constraints=app.HBonds, hydrogenMass=HYDROGEN_MASS_AMU * unit.amu
    )


def pick_platform() -> tuple[openmm.Platform, dict[str, str]]:
    """CUDA where the node has it (forces summed deterministically, so a seed repeats); otherwise the
    CPU platform on one thread: trajectories run in parallel processes instead, which scales better
    for a few hundred atoms and keeps each trajectory bit-for-bit reproducible whatever --cpu is."""
    names = [openmm.Platform.getPlatform(i).getName() for i in range(openmm.Platform.getNumPlatforms())]
    if "CUDA" in names:
        return openmm.Platform.getPlatformByName("CUDA"), {"DeterministicForces": "true", "Precision": "mixed"}
    return openmm.Platform.getPlatformByName("CPU"), {"Threads": "1"}


def make_context(system: openmm.System, temperature: float, timestep_fs: float, seed: int) -> openmm.Context:
    integrator = openmm.LangevinMiddleIntegrator(
        temperature * unit.kelvin, FRICTION_PER_PS / unit.picosecond, timestep_fs * unit.femtoseconds
    )
    integrator.setRandomNumberSeed(seed)
    platform, properties = pick_platform()
    return openmm.Context(system, integrator, platform, properties)


def minimise(context: openmm.Context) -> None:
    openmm.LocalEnergyMinimizer.minimize(context, MINIMISE_TOLERANCE, MINIMISE_MAX_ITERATIONS)


def energy_kcal(context: openmm.Context) -> float:
    state = context.getState(getEnergy=True)
    return state.getPotentialEnergy().value_in_unit(unit.kilojoule_per_mole) / KJ_PER_KCAL


def positions_nm(context: openmm.Context):
    """Positions as an (atoms, 3) numpy array in nm."""
    return context.getState(getPositions=True).getPositions(asNumpy=True).value_in_unit(unit.nanometer)


def engine_versions() -> dict[str, str]:
    from importlib.metadata import version

    platform, _ = pick_platform()
    return {
        "OpenMM": openmm.Platform.getOpenMMVersion(),
        "OpenMM platform": platform.getName(),
        **{name: version(name) for name in ("pdbfixer", "mdtraj", "scipy", "numpy")},
    }
