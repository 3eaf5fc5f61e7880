/**
 * What a free-energy task costs, from the measured speed of `python -m yunyao.dynamic`
 * (bench/mmgbsa.py; docs/models/free-energy.md). Molecular dynamics dominates: its cost grows
 * with the simulated time and the solvated system's size (PME, TIP3P water around the protein).
 */

/** Parameterising one ligand (GAFF types, semi-empirical charges), solvating and minimising its complex. */
const SETUP_CORE_SECONDS_PER_LIGAND = 300;
/**
 * Core-hours per simulated nanosecond per 1,000 atoms of the solvated system. A solvated system has
 * about WATER_FACTOR times the protein's atoms (hydrogens included).
 */
const CORE_HOURS_PER_NS_PER_KATOM = 0.35;
const WATER_FACTOR = 6;
/** Scoring one snapshot by GB (complex, receptor, ligand) and the per-residue decomposition. */
const SCORING_CORE_HOURS_PER_NS = 0.05;

/**
 * Receptor atoms (hydrogens included) of a typical drug-target complex, ≈ 36,000 atoms solvated:
 * what the form's per-ligand price of each protocol speaks of before a receptor is measured.
 */
export const TYPICAL_PROTEIN_ATOMS = 6000;

export interface DynamicJob {
  ligands: number;
  /** Atoms of the receptor as uploaded (PDB ATOM/HETATM lines). */
  proteinAtoms: number;
  /** Equilibration and production time per ligand, ns. */
  btime: number;
  stime: number;
}

/** Core-hours a free-energy task is held for. */
export function dynamicCoreHours(job: DynamicJob): number {
  const ligands = Math.max(1, job.ligands);
  const katoms = (Math.max(job.proteinAtoms, 1000) * WATER_FACTOR) / 1000;
  const perLigand = SETUP_CORE_SECONDS_PER_LIGAND / 3600 + (job.btime + job.stime) * katoms * CORE_HOURS_PER_NS_PER_KATOM + job.stime * SCORING_CORE_HOURS_PER_NS;
  return ligands * perLigand;
}
