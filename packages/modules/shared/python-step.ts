import { fileURLToPath } from 'node:url';
import { pythonCommand, pythonScriptCommand } from '@yunyao/steps';
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

/**
 * A step running a Python program kept in the module's own folder (`new URL('./x.py', import.meta.url)`),
 * so a new module needs no file under python/; the project's package is on PYTHONPATH for its helpers.
 */
export function modulePythonStep(ctx: StepContext<unknown>, name: string, script: URL, args: string[]): EngineStep {
  return { name, ...pythonScriptCommand(ctx, fileURLToPath(script), args, ctx.cores) };
}
