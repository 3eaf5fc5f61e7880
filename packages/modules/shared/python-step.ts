import type { EngineStep, StagedInput, StepContext } from '../types.ts';

/** Prefix of the stderr line a step writes as the task's failure reason. */
export const ERROR_LINE_PREFIX = 'YUNYAO_ERROR: ';

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
  return {
    name,
    argv: [ctx.python, '-m', `yunyao.${program}`, ...args],
    env: {
      PYTHONPATH: ctx.pythonPath,
      PYTHONIOENCODING: 'utf-8',
      PYTHONUTF8: '1',
      PYTHONDONTWRITEBYTECODE: '1',
      OMP_NUM_THREADS: String(Math.max(1, ctx.cores)),
    },
  };
}

/** The failure reason in a step's stderr: its last `YUNYAO_ERROR: ` line, without the prefix. */
export function errorReason(stderr: string): string | undefined {
  const lines = stderr.split(/\r?\n/).filter((l) => l.startsWith(ERROR_LINE_PREFIX));
  const last = lines[lines.length - 1];
  return last === undefined ? undefined : last.slice(ERROR_LINE_PREFIX.length).trim();
}
