import { SAMPLING, type SamplingLevel } from './pepsearch-sampling.ts';

/**
 * What a peptide prediction costs, from the measured speed of `python -m yunyao.pepsearch
 * --method=fragments` (bench/peptides.py; docs/models/peptides.md). Two parts dominate: the Monte
 * Carlo assembly, linear in decoys × steps and, measured at 10, 20 and 35 residues, a little more than
 * linear in the length (the pair terms grow with its square); and the implicit-solvent refinement of
 * each model (30 ps of dynamics), about quadratic in the length (OBC2 pairs, no cutoff for a short
 * peptide). Assembly measured after `keep_freed_memory` (python/yunyao/pepsearch/assembly.py): 5.1,
 * 13.8 and 38.4 core-s for 50 decoys × 1,000 steps at 10, 20 and 35 residues; chignolin's quick level
 * end to end took 55 core-s (this model gives 73).
 */

/** Core-seconds per Monte Carlo step of one decoy, per residue: a constant part and a part growing with the length. */
const MC_CORE_SECONDS_PER_STEP_RESIDUE = 5.5e-6;
const MC_CORE_SECONDS_PER_STEP_RESIDUE_SQUARED = 4.7e-7;
/** Core-seconds to refine one model of a 10-residue peptide (chignolin: 0.25 core-s per ps of dynamics). */
const REFINE_CORE_SECONDS_10_RESIDUES = 7.5;
/** Start-up of the program and its worker processes, fragment picking, clustering, DSSP. */
const FIXED_CORE_SECONDS = 15;

/** Core-hours a prediction of a `residues`-long sequence at a sampling level is held for. */
export function pepsearchCoreHours(residues: number, level: SamplingLevel): number {
  const s = SAMPLING[level];
  const assembly = s.decoys * s.mcSteps * residues * (MC_CORE_SECONDS_PER_STEP_RESIDUE + MC_CORE_SECONDS_PER_STEP_RESIDUE_SQUARED * residues);
  const refinement = s.refined * REFINE_CORE_SECONDS_10_RESIDUES * (residues / 10) ** 2;
  return (FIXED_CORE_SECONDS + assembly + refinement) / 3600;
}
