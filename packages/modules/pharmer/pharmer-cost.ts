import { receptorPreparationSeconds } from '../shared/docking-cost.ts';

/** Building the query: one RDKit start, the features and PLIP on the reference complex (a few seconds measured). */
const QUERY_SECONDS = 15;
/**
 * One molecule screened cold: its conformer ensemble (ETKDGv3), their features, then matching and
 * shape overlap; `bench/pharmer.py` measures it (docs/models/pharmacophore.md). A repeat screen reads the
 * conformers from the module's cache and costs a fraction of this, which the task is then charged for.
 */
const SECONDS_PER_MOLECULE = 1.5;
/** Vina's local optimisation of a molecule's 5 best placements in the receptor, two passes (python/yunyao/pharmer/rescore.py): 1.8 CPU s measured on fabp4 (docs/models/pharmacophore.md). */
const RESCORING_SECONDS_PER_MOLECULE = 2;

/** Core-hours a pharmacophore screen of `molecules` molecules is held for, the receptor's preparation included. */
export function pharmerCoreHours(job: { proteinAtoms: number; molecules: number }): number {
  return (receptorPreparationSeconds(job.proteinAtoms) + QUERY_SECONDS + job.molecules * (SECONDS_PER_MOLECULE + RESCORING_SECONDS_PER_MOLECULE)) / 3600;
}
