import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ApiError, errors } from '@yunyao/contract';
import type { ModuleDefinition } from '@yunyao/modules';
import { runServerStep, stepJson, type PythonConfig } from './server-step.ts';

/**
 * A module's preview (`POST <route>/preview`): its program runs in a fresh folder holding the files
 * it asked for, and its stdout, read by the module's own response schema, is the answer. A reason the
 * program gives for the input is the user's to fix; anything else means the service is unwell.
 */
export async function runModulePreview(config: PythonConfig, mod: ModuleDefinition, body: unknown): Promise<unknown> {
  if (!mod.preview || !mod.previewStep) throw new ApiError(errors.previewUnavailable);
  const step = mod.previewStep(body);
  const dir = await mkdtemp(join(tmpdir(), `yunyao-${mod.code}-preview-`));
  try {
    for (const [name, content] of Object.entries(step.files)) await writeFile(join(dir, basename(name)), content);
    const res = await runServerStep(config, { name: `${mod.code}-preview`, program: step.program, args: step.args, timeLimitSeconds: step.timeLimitSeconds, cwd: dir });
    if (res.failure?.kind === 'input') throw new ApiError(errors.validation, res.failure.reason);
    const answer = res.failure ? undefined : stepJson(mod.preview.response, res.stdout);
    if (answer === undefined) throw new ApiError(errors.previewUnavailable);
    return answer;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
