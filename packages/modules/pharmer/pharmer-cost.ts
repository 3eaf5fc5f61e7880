import { receptorPreparationSeconds } from '../shared/docking-cost.ts';

/** Building the query: one RDKit start, the features and PLIP on the reference complex (a few seconds measured). */
const QUERY_SECONDS = 15;
/**
 * One molecule screened cold: its conformer ensemble (ETKDGv3), their features, then matching and
 * shape overlap; `bench/pharmer.py` measures it (docs/models/pharmacophore.md). A repeat screen reads the
 * conformers from the module's cache and costs a fraction of this, which the task is then charged for.
 */
const SECONDS_PER_MOLECULE = 1.5;
/**
 * Vina's local optimisation of a rescored molecule's 5 best placements in the receptor, two passes
 * (python/yunyao/pharmer/rescore.py): 2.3 CPU s measured for fabp4's 50 best (docs/models/pharmacophore.md);
 * the best-scoring molecules are the larger ones (2.0 s averaged over every molecule).
 */
const RESCORING_SECONDS_PER_MOLECULE = 2.5;

/**
 * Which molecules Vina rescores: the best RESCORE_PERCENT % by the pharmacophore's rank score (rounded up),
 * at least RESCORE_AT_LEAST (every molecule of a smaller screen). Enrichment and the list a user reads lie
 * at the top; rescoring the whole library made Vina most of a screen's cost where it changes least.
 * RESCORE_AT_LEAST is what the 30-minute goal for a 2,000-molecule cold screen on 2 cores affords
 * (2,000 × 1.2 + 300 × 2.3 CPU s ≈ 26 min): a floor of 50 lost the AUROC that rescoring every molecule
 * gained on fabp4 (0.83 → 0.79, docs/models/pharmacophore.md), so the floor is as high as the time allows.
 * The module passes both to the screen, which applies them (python/yunyao/pharmer/rescore.py, rescored_count).
 */
export const RESCORE_AT_LEAST = 300;
export const RESCORE_PERCENT = 10;

/** How many of `molecules` the screen rescores (integer arithmetic, as the screen computes it). */
export function rescoredCount(molecules: number): number {
  return Math.min(molecules, Math.max(RESCORE_AT_LEAST, Math.ceil((molecules * RESCORE_PERCENT) / 100)));
}

/** Core-hours a pharmacophore screen of `molecules` molecules is held for, the receptor's preparation included. */
export function pharmerCoreHours(job: { proteinAtoms: number; molecules: number }): number {
  const seconds = job.molecules * SECONDS_PER_MOLECULE + rescoredCount(job.molecules) * RESCORING_SECONDS_PER_MOLECULE;
  return (receptorPreparationSeconds(job.proteinAtoms) + QUERY_SECONDS + seconds) / 3600;
}
