import { pythonCommand } from '@yunyao/steps';
import type { EngineStep, StagedInput, StepContext } from '../types.ts';

export { ERROR_LINE_PREFIX, errorReason } from '@yunyao/steps';

/** The files of one form field (`ligands` and `ligands[]` are the same field). */
export function filesOf(inputs: Record<string, StagedInput[]>, field: string): StagedInput[] {
  const bare = field.replace(/\[\]$/, '');
  return [...(inputs[bare] ?? []), ...(inputs[`${bare}[]`] ?? [])];
}

/**
 * One argv element carrying the staged paths and the names the user uploaded
 * them under.  The names only reach Python's argv (never a shell) and are only
 * used in messages and result rows.
 */
export function inputsManifestArg(files: readonly StagedInput[], option = '--inputs-json'): string {
  return `${option}=${JSON.stringify(files.map((f) => ({ path: f.path, name: f.originalName })))}`;
}

/** A `python -m yunyao.<program>` step with the project's package on PYTHONPATH. */
export function pythonStep(ctx: StepContext<unknown>, name: string, program: string, args: string[]): EngineStep {
  return { name, ...pythonCommand(ctx, program, args, ctx.cores) };
}
