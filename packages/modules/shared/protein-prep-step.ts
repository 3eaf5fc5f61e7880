import type { EngineStep, StagedInput, StepContext } from '../types.ts';
import { pythonStep } from './python-step.ts';

/** What the receptor preparation writes (python/yunyao/protein_prep.py): the completed, protonated PDB and Vina's PDBQT. */
export const PREPARED_PDB = 'protein_prepared.pdb';
export const RECEPTOR_PDBQT = 'protein.pdbqt';
export const PREP_SUMMARY = 'prep-summary.json';

/**
 * The receptor preparation every structure-based module runs first (PDBFixer, pdb2pqr/PROPKA at pH 7.4,
 * Open Babel PDBQT). Its summary and rows get their own names so the module's main step keeps
 * summary.json and rows.json. A receptor prepared before from the same bytes, settings and engines
 * comes from `ctx.receptorCacheDir` instead (seconds to a minute saved per task). `reuseDir`: a resumable task's checkpoint of the prepared receptor;
 * `keepHetero`: residue names of the hetero groups (cofactors, metal ions) to keep, every other one is stripped.
 */
export function proteinPrepStep(ctx: StepContext<unknown>, protein: StagedInput | undefined, reuseDir?: string, keepHetero: readonly string[] = []): EngineStep {
  return pythonStep(ctx, 'prepare', 'protein_prep', [
    `--input=${protein?.path ?? ''}`,
    `--name=${protein?.originalName ?? 'protein.pdb'}`,
    `--out-pdb=${PREPARED_PDB}`,
    `--out-pdbqt=${RECEPTOR_PDBQT}`,
    '--log=prep.log',
    `--summary=${PREP_SUMMARY}`,
    `--keep-het=${keepHetero.join(',')}`,
    '--rows=prep-rows.json',
    ...(reuseDir ? [`--reuse-dir=${reuseDir}`] : []),
    ...(ctx.receptorCacheDir ? [`--cache-dir=${ctx.receptorCacheDir}`] : []),
  ]);
}
