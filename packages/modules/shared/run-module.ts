import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { runSteps, stageInputs, type InputToStage, type RunStepsOptions, type StepRecord, type StepsOutcome } from '@yunyao/steps';
import type { z } from 'zod';
import { writeTaskParams } from './step-params.ts';
import { taskResources, type LicensedEngines, type ModuleDefinition, type ParsedResult, type StepContext, type TaskResources } from '../types.ts';

/** The log every task keeps: each step's command line, exit, CPU time and output. */
export const TASK_LOG = 'task.log';

/** Where and with what a module's steps run. */
export interface ModuleRunSetup {
  /** Absolute, empty scratch dir. */
  workdir: string;
  inputs: readonly InputToStage[];
  python: string;
  pythonPath: string;
  licensed: LicensedEngines;
  /** Resumable modules: the dir that outlives the attempt. */
  checkpointDir?: string;
  /** Modules declared `cached`: the module's shared cache folder, made here when missing. */
  cacheDir?: string;
  /** Prepared receptors shared by every module and task (shared/protein-prep-step.ts). */
  receptorCacheDir?: string;
  signal?: AbortSignal;
  /** Runs one step (the worker's executor); the local runner when absent. */
  run?: RunStepsOptions['run'];
  /** How the executor splits a splittable step (StepChunks); run whole when absent. */
  chunks?: RunStepsOptions['chunks'];
  /** Replaces the module's time limit per step (tests give a slow example less). */
  timeLimitSeconds?: number;
  /** CPU seconds the task's hold pays for; its steps are stopped there. */
  cpuBudgetSeconds?: number;
}

interface ModuleRunRecord<P> {
  ctx: StepContext<P>;
  resources: TaskResources;
  steps: StepRecord[];
  cpuSeconds: number;
}

/** How a module's run ended: a step's failure, or the parser's result when every step succeeded. */
export type ModuleExecution<P> = ModuleRunRecord<P> &
  ({ failure: NonNullable<StepsOutcome['failure']>; result?: undefined } | { failure?: undefined; result: ParsedResult });

/**
 * Stages the inputs, writes the parameters (params.json), runs the module's steps and, when all succeed, its parser:
 * one path for the worker's tasks and the module tests, so the two cannot drift.
 * Step failures come back as `failure`; a parser that throws (or an output it
 * declares but that is missing) rejects.
 */
export async function executeModule<P extends z.ZodType>(mod: ModuleDefinition<P>, rawParams: unknown, setup: ModuleRunSetup): Promise<ModuleExecution<z.infer<P>>> {
  const { workdir } = setup;
  const parsed = mod.params.parse(rawParams);
  const params = mod.resolveParams ? mod.resolveParams(parsed) : parsed;
  const resources = taskResources(mod, params);
  const cacheDir = mod.cached ? setup.cacheDir : undefined;
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const ctx: StepContext<z.infer<P>> = {
    params,
    inputs: await stageInputs(workdir, setup.inputs),
    python: setup.python,
    pythonPath: setup.pythonPath,
    ...resources,
    licensed: setup.licensed,
    ...(setup.checkpointDir ? { checkpointDir: setup.checkpointDir } : {}),
    ...(cacheDir ? { cacheDir } : {}),
    ...(setup.receptorCacheDir ? { receptorCacheDir: setup.receptorCacheDir } : {}),
  };
  // The steps' one source of parameters: validated here, checked against the same schema by yunyao.params.
  await writeTaskParams(workdir, mod.params, params);
  const outcome = await runSteps(mod.buildSteps(ctx), {
    workdir,
    ...resources,
    timeLimitSeconds: setup.timeLimitSeconds ?? mod.timeLimitSeconds,
    ...(setup.cpuBudgetSeconds !== undefined ? { cpuBudgetSeconds: setup.cpuBudgetSeconds } : {}),
    logPath: path.join(workdir, TASK_LOG),
    ...(setup.signal ? { signal: setup.signal } : {}),
    ...(setup.run ? { run: setup.run } : {}),
    ...(setup.chunks ? { chunks: setup.chunks } : {}),
  });
  const record = { ctx, resources, steps: outcome.steps, cpuSeconds: outcome.cpuSeconds };
  if (outcome.failure) return { ...record, failure: outcome.failure };
  const result = await mod.parseResult({ ...ctx, workdir });
  // An engine that exits 0 without its output is a failure.
  for (const o of result.outputs) await stat(path.join(workdir, o.path));
  checkRows(mod, result.rows);
  return { ...record, result };
}

/** A row that does not fit the module's declared schema is our bug (a renamed field, a step's new shape), never stored. */
export function checkRows(mod: Pick<ModuleDefinition, 'code' | 'rowSchema'>, rows: readonly Record<string, unknown>[]): void {
  for (const [i, row] of rows.entries()) {
    const parsed = mod.rowSchema.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${mod.code} result row ${i + 1} does not fit its schema: ${issue.path.join('.') || '(row)'}: ${issue.message}`);
    }
  }
}
