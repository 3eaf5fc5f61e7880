import { samplingPs, type SamplingLevel } from './pepsearch-sampling.ts';

/**
 * What a peptide prediction costs, from the measured speed of `python -m yunyao.pepsearch`
 * (bench/peptides.py; docs/models/peptides.md). Implicit-solvent dynamics dominates; its cost per
 * simulated picosecond grows about with the square of the chain's atoms (OBC2 pairs, no cutoff
 * for a short peptide).
 */

/** Core-seconds per simulated ps for a 10-residue peptide (about 170 atoms with hydrogens). */
const CORE_SECONDS_PER_PS_10_RESIDUES = 0.25;
/** Building the chain, minimising, clustering and DSSP. */
const FIXED_CORE_SECONDS = 60;

/** Core-hours a prediction of a `residues`-long sequence at a sampling level is held for. */
export function pepsearchCoreHours(residues: number, level: SamplingLevel): number {
  const scale = (Math.max(residues, 2) / 10) ** 2;
  return (FIXED_CORE_SECONDS + samplingPs(level) * CORE_SECONDS_PER_PS_10_RESIDUES * scale) / 3600;
}
