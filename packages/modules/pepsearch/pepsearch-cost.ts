import { SAMPLING, type SamplingLevel } from './pepsearch-sampling.ts';

/**
 * What a peptide prediction costs, from the measured speed of `python -m yunyao.pepsearch
 * --method=fragments` (bench/peptides.py; docs/models/peptides.md). Two parts dominate: the Monte
 * Carlo assembly, linear in decoys × steps and, measured from 10 to 35 residues, about linear in
 * the length; and the implicit-solvent refinement of each model (30 ps of dynamics), about
 * quadratic in the length (OBC2 pairs, no cutoff for a short peptide). Fitted on chignolin's full
 * default (836 core-s) and the quarter-effort runs of Trp-cage, villin and the GB1 hairpin, within
 * about 10 % for all but GB1 (a third more than this model gives, as it refined only 2 models).
 */

/** Core-seconds per Monte Carlo step of one decoy, per residue (chignolin: 20–25 ms per step of a 50-decoy batch). */
const MC_CORE_SECONDS_PER_STEP_RESIDUE = 5e-5;
/** Core-seconds to refine one model of a 10-residue peptide (chignolin: 0.25 core-s per ps of dynamics). */
const REFINE_CORE_SECONDS_10_RESIDUES = 7.5;
/** Start-up of the program and its worker processes, fragment picking, clustering, DSSP. */
const FIXED_CORE_SECONDS = 15;

/** Core-hours a prediction of a `residues`-long sequence at a sampling level is held for. */
export function pepsearchCoreHours(residues: number, level: SamplingLevel): number {
  const s = SAMPLING[level];
  const assembly = s.decoys * s.mcSteps * residues * MC_CORE_SECONDS_PER_STEP_RESIDUE;
  const refinement = s.refined * REFINE_CORE_SECONDS_10_RESIDUES * (residues / 10) ** 2;
  return (FIXED_CORE_SECONDS + assembly + refinement) / 3600;
}
