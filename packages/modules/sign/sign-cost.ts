import { dockingCoreHours } from '../shared/docking-cost.ts';

/** A preset list's size (python/yunyao/sign/presets/*.csv, 25 molecules each). */
export const PRESET_MOLECULES = 25;
const PRESET_HEAVY_ATOMS = 25;
/** Scoring one posed ligand: one `vina --score_only` run (its start-up dominates) and the contact shells, measured at 3.8 s of CPU on whole proteins (bench/affinity.py). */
const SECONDS_PER_SCORING = 4;

/**
 * Core-hours of a 3D affinity task. The hold assumes every ligand is docked first (a pose outside the
 * site, or a 2D file, is docked, and that is only known when the step reads it); a task of posed
 * ligands is charged only the few seconds of scoring it uses.
 */
export function signCoreHours(job: { proteinAtoms: number; ligands: { records: number; atoms: number }; exhaustiveness: number }): number {
  return dockingCoreHours({ ...job, sites: 1 }) + (job.ligands.records * SECONDS_PER_SCORING) / 3600;
}

export function presetLigands(): { records: number; atoms: number } {
  return { records: PRESET_MOLECULES, atoms: PRESET_MOLECULES * PRESET_HEAVY_ATOMS };
}
