/** Vina's CPU for one drug-sized ligand (25 heavy atoms) in one site at exhaustiveness 8: the redocking benchmark's median (docs/benchmarks.md, Docking). */
const SECONDS_PER_DOCKING = 34;
const REFERENCE_EXHAUSTIVENESS = 8;
const REFERENCE_HEAVY_ATOMS = 25;

/** Seconds of the receptor preparation (shared/protein-prep-step.ts): PDBFixer, PROPKA and pdb2pqr grow with the protein. */
export function receptorPreparationSeconds(proteinAtoms: number): number {
  return 30 + proteinAtoms / 200;
}

/**
 * Core-hours of a docking task: protein preparation and one Vina run per ligand and site, whose search grows with exhaustiveness and the
 * ligand's size (its torsions, for which heavy atoms stand in).
 */
export function dockingCoreHours(job: { proteinAtoms: number; ligands: { records: number; atoms: number }; sites: number; exhaustiveness: number }): number {
  const preparation = receptorPreparationSeconds(job.proteinAtoms);
  const averageAtoms = job.ligands.records ? job.ligands.atoms / job.ligands.records : REFERENCE_HEAVY_ATOMS;
  const perDocking = SECONDS_PER_DOCKING * (job.exhaustiveness / REFERENCE_EXHAUSTIVENESS) * Math.max(0.5, averageAtoms / REFERENCE_HEAVY_ATOMS);
  return (preparation + job.ligands.records * job.sites * perDocking) / 3600;
}
