/**
 * What a peptide prediction costs, from the measured speed of `python -m yunyao.peptide`
 * (bench/peptides.py; docs/models/peptides.md). Implicit-solvent dynamics dominates; its cost
 * per simulated picosecond grows about with the square of the chain's atoms (GBn2 pairs, no cutoff
 * for a short peptide), and the default sampling is a fixed amount of simulated time.
 */

/** Simulated time of the default sampling, ps (annealing cycles × their length). */
export const DEFAULT_SAMPLING_PS = 2000;
/** Core-seconds per simulated ps for a 10-residue peptide (about 170 atoms with hydrogens). */
const CORE_SECONDS_PER_PS_10_RESIDUES = 2.5;
/** Building the chain, minimising, clustering and DSSP. */
const FIXED_CORE_SECONDS = 60;

/** Core-hours a prediction for a `residues`-long sequence is held for. */
export function pepsearchCoreHours(residues: number): number {
  const scale = (Math.max(residues, 2) / 10) ** 2;
  return (FIXED_CORE_SECONDS + DEFAULT_SAMPLING_PS * CORE_SECONDS_PER_PS_10_RESIDUES * scale) / 3600;
}
