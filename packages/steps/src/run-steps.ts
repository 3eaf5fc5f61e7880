import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { runStep, type StepRequest, type StepResult } from './run-step.ts';

/** One engine invocation of a task: an argv array (never a shell string) and the small files it reads. */
export interface StepCommand {
  name: string;
  argv: string[];
  env?: Record<string, string>;
  /** Written into the scratch dir before the step runs (path relative to it → content). */
  files?: Record<string, string>;
}

/** A finished step as the task's result records it. */
export interface StepRecord {
  name: string;
  argv: string[];
  exit_code: number | null;
  cpu_seconds: number;
  wall_seconds: number;
}

export interface RunStepsOptions {
  /** Absolute scratch dir the steps run in. */
  workdir: string;
  cores: number;
  memoryMbPerCore?: number;
  /** Each step's own limit. */
  timeLimitSeconds: number;
  /** CPU seconds all the steps together may use (the task's hold at its price); unlimited when absent. */
  cpuBudgetSeconds?: number;
  signal?: AbortSignal;
  /** Receives every step's command line, exit, CPU time and output. */
  logPath: string;
  /** Runs one step: the local runner unless an executor (a Slurm one, say) takes over. */
  run?: (request: StepRequest) => Promise<StepResult>;
}

export interface StepsOutcome {
  steps: StepRecord[];
  cpuSeconds: number;
  /** The first failing step's failure; the steps after it did not run. */
  failure?: NonNullable<StepResult['failure']>;
}

/** Where a step's stdout and stderr are kept in the scratch dir. */
export function stepOutputFiles(workdir: string, stepName: string): { stdout: string; stderr: string } {
  return { stdout: join(workdir, `.${stepName}.stdout`), stderr: join(workdir, `.${stepName}.stderr`) };
}

/** A step's own file path, refused if it would land outside the task's scratch dir. */
function insideWorkdir(workdir: string, rel: string): string {
  const abs = resolve(workdir, rel);
  if (!abs.startsWith(resolve(workdir) + sep)) throw new Error(`step file escapes the task dir: ${rel}`);
  return abs;
}

/**
 * Runs a task's steps in order in its scratch dir, stopping at the first failure: the
 * loop the worker runs for every task and the module tests run for every example.
 */
export async function runSteps(commands: readonly StepCommand[], opts: RunStepsOptions): Promise<StepsOutcome> {
  const { workdir, run = (request: StepRequest) => runStep(request) } = opts;
  const steps: StepRecord[] = [];
  let cpuSeconds = 0;
  for (const command of commands) {
    if (!Array.isArray(command.argv) || command.argv.some((a) => typeof a !== 'string')) throw new Error(`step ${command.name}: argv must be strings`);
    for (const [rel, content] of Object.entries(command.files ?? {})) await writeFile(insideWorkdir(workdir, rel), content);
    const files = stepOutputFiles(workdir, command.name);
    const res = await run({
      name: command.name,
      argv: command.argv,
      env: command.env ?? {},
      cwd: workdir,
      cores: opts.cores,
      ...(opts.memoryMbPerCore ? { memoryMbPerCore: opts.memoryMbPerCore } : {}),
      timeLimitSeconds: opts.timeLimitSeconds,
      ...(opts.cpuBudgetSeconds !== undefined ? { cpuBudgetSeconds: Math.max(0, opts.cpuBudgetSeconds - cpuSeconds) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      stdout: { file: files.stdout },
      stderr: { file: files.stderr },
    });
    cpuSeconds += res.cpuSeconds;
    steps.push({ name: command.name, argv: command.argv, exit_code: res.exitCode, cpu_seconds: res.cpuSeconds, wall_seconds: res.wallSeconds });
    await appendStepLog(opts.logPath, command, res, files);
    if (res.failure) return { steps, cpuSeconds, failure: res.failure };
  }
  return { steps, cpuSeconds };
}

async function appendStepLog(logPath: string, command: StepCommand, res: StepResult, files: { stdout: string; stderr: string }): Promise<void> {
  const out = await readFile(files.stdout, 'utf8').catch(() => '');
  const err = await readFile(files.stderr, 'utf8').catch(() => '');
  await appendFile(logPath, `== ${command.name}: ${command.argv.join(' ')}\n-- exit ${res.exitCode}, cpu ${res.cpuSeconds.toFixed(2)} s\n${out}${err}\n`);
}
