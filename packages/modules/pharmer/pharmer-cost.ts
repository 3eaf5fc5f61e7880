/** Building the query: one RDKit start, the features and PLIP on the reference complex (a few seconds measured). */
const QUERY_SECONDS = 15;
/**
 * One molecule screened cold: its conformer ensemble (ETKDGv3 + MMFF), their features, then matching and
 * shape overlap; `bench/pharmer.py` measures it (docs/models/pharmacophore.md). A repeat screen reads the
 * conformers from the module's cache and costs a fraction of this, which the task is then charged for.
 */
const SECONDS_PER_MOLECULE = 1.5;

/** Core-hours a pharmacophore screen of `molecules` molecules is held for. */
export function pharmerCoreHours(job: { molecules: number }): number {
  return (QUERY_SECONDS + job.molecules * SECONDS_PER_MOLECULE) / 3600;
}
