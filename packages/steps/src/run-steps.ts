import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { runStep, type StepRequest, type StepResult } from './run-step.ts';

/** One engine invocation of a task: an argv array (never a shell string) and the small files it reads. */
export interface StepCommand {
  name: string;
  argv: string[];
  env?: Record<string, string>;
  /** Written into the scratch dir before the step runs (path relative to it → content). */
  files?: Record<string, string>;
  /** Its work splits into independent chunks (a screen's ligands): see StepChunks. */
  chunks?: StepChunks;
}

/**
 * How a step splits, declared by the module: with a chunk count above 1 (the executor's), each chunk
 * runs as the step's argv plus `args(index, count)` and leaves its part in the checkpoint; then the
 * step runs once more, whole, finds every part done there and merges them into the task's outputs.
 * The same on every executor: one after another locally, a job array on Slurm.
 */
export interface StepChunks {
  args(index: number, count: number): string[];
  /** Where a finished chunk leaves its marker (the module's checkpoint dir; relative: to the scratch dir), so a later attempt skips it. */
  markerDir: string;
  /** Each chunk's own progress file (relative to the scratch dir), summed into `file` while they run. */
  progress?: { file: string; chunkFile(index: number): string };
}

/** Runs the chunks' requests (each to its end, retries included), reporting each as it ends; `run` one after another when absent. */
export type RunChunks = (requests: StepRequest[], onEnd: (index: number, result: StepResult) => Promise<void>) => Promise<StepResult[]>;

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
  /** How many chunks a splittable step is cut into (1: run whole), and what runs them; from the executor. */
  chunks?: { count: number; run?: RunChunks };
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
  const request = (name: string, argv: string[], command: StepCommand, budgetShare = 1): StepRequest => {
    const files = stepOutputFiles(workdir, name);
    return {
      name,
      argv,
      env: command.env ?? {},
      cwd: workdir,
      cores: opts.cores,
      ...(opts.memoryMbPerCore ? { memoryMbPerCore: opts.memoryMbPerCore } : {}),
      timeLimitSeconds: opts.timeLimitSeconds,
      ...(opts.cpuBudgetSeconds !== undefined ? { cpuBudgetSeconds: Math.max(0, opts.cpuBudgetSeconds - cpuSeconds) * budgetShare } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      stdout: { file: files.stdout },
      stderr: { file: files.stderr },
    };
  };
  const record = async (name: string, req: StepRequest, res: StepResult) => {
    cpuSeconds += res.cpuSeconds;
    steps.push({ name, argv: req.argv, exit_code: res.exitCode, cpu_seconds: res.cpuSeconds, wall_seconds: res.wallSeconds });
    await appendStepLog(opts.logPath, req, res, stepOutputFiles(workdir, name));
  };
  for (const command of commands) {
    if (!Array.isArray(command.argv) || command.argv.some((a) => typeof a !== 'string')) throw new Error(`step ${command.name}: argv must be strings`);
    for (const [rel, content] of Object.entries(command.files ?? {})) await writeFile(insideWorkdir(workdir, rel), content);
    const count = opts.chunks?.count ?? 1;
    if (command.chunks && count > 1) {
      const failure = await runChunked(command, command.chunks, count, opts, request, record);
      if (failure) return { steps, cpuSeconds, failure };
    }
    const req = request(command.name, command.argv, command);
    const res = await run(req);
    await record(command.name, req, res);
    if (res.failure) return { steps, cpuSeconds, failure: res.failure };
  }
  return { steps, cpuSeconds };
}

type MakeRequest = (name: string, argv: string[], command: StepCommand, budgetShare?: number) => StepRequest;
type RecordStep = (name: string, req: StepRequest, res: StepResult) => Promise<void>;

/** A chunk's marker: the chunk count is part of it, since a chunk of another split covers other items. */
const chunkMarker = (workdir: string, chunks: StepChunks, name: string, index: number, count: number) => resolve(workdir, chunks.markerDir, `${name}.chunk-${index}-of-${count}.done`);
const exists = (path: string) => stat(path).then(() => true, () => false);

/**
 * The chunk phase of a split step: the chunks not done by an earlier attempt, each with an equal share of
 * the CPU budget left, summed progress while they run; each recorded (CPU, log) as it ends. Returns the
 * first failing chunk's failure once the chunks have ended (run one after another, those after a failure
 * do not start; in a job array they all run).
 */
async function runChunked(command: StepCommand, chunks: StepChunks, count: number, opts: RunStepsOptions, request: MakeRequest, record: RecordStep): Promise<StepsOutcome['failure']> {
  const { run = (r: StepRequest) => runStep(r) } = opts;
  await mkdir(resolve(opts.workdir, chunks.markerDir), { recursive: true });
  const pending: number[] = [];
  for (let i = 0; i < count; i++) if (!(await exists(chunkMarker(opts.workdir, chunks, command.name, i, count)))) pending.push(i);
  if (pending.length === 0) return undefined;
  const requests = pending.map((i) => request(`${command.name}.${i}`, [...command.argv, ...chunks.args(i, count)], command, 1 / pending.length));
  const onEnd = async (k: number, res: StepResult) => {
    const index = pending[k]!;
    await record(`${command.name}.${index}`, requests[k]!, res);
    if (!res.failure) await writeFile(chunkMarker(opts.workdir, chunks, command.name, index, count), '');
  };
  const runAll: RunChunks =
    opts.chunks?.run ??
    (async (reqs, end) => {
      const results: StepResult[] = [];
      for (const [k, r] of reqs.entries()) {
        results.push(await run(r));
        await end(k, results[k]!);
        if (results[k]!.failure) break;
      }
      return results;
    });
  // A summing that fails (a chunk's file caught mid-write) is retried at the next tick.
  const summing = chunks.progress && setInterval(() => sumProgress(opts.workdir, chunks.progress!, count).catch(() => undefined), 1000);
  try {
    const results = await runAll(requests, onEnd);
    return results.find((r) => r.failure)?.failure;
  } finally {
    clearInterval(summing);
    if (chunks.progress) await sumProgress(opts.workdir, chunks.progress, count);
  }
}

/** The chunks' progress files summed into the step's own, with how many chunks are done (written aside and renamed: the worker reads it meanwhile). */
async function sumProgress(workdir: string, progress: NonNullable<StepChunks['progress']>, count: number): Promise<void> {
  let done = 0;
  let total = 0;
  let unit = '';
  let chunksDone = 0;
  for (let i = 0; i < count; i++) {
    const p = (await readFile(join(workdir, progress.chunkFile(i)), 'utf8').then(JSON.parse).catch(() => undefined)) as { done?: number; total?: number; unit?: string } | undefined;
    if (!p || !Number.isFinite(p.done) || !Number.isFinite(p.total)) continue;
    done += p.done!;
    total += p.total!;
    unit ||= p.unit ?? '';
    if (p.done === p.total) chunksDone++;
  }
  const file = join(workdir, progress.file);
  await writeFile(`${file}.tmp`, JSON.stringify({ done, total, unit, chunks: { done: chunksDone, total: count } }));
  await rename(`${file}.tmp`, file);
}

async function appendStepLog(logPath: string, command: Pick<StepRequest, 'name' | 'argv'>, res: StepResult, files: { stdout: string; stderr: string }): Promise<void> {
  const out = await readFile(files.stdout, 'utf8').catch(() => '');
  const err = await readFile(files.stderr, 'utf8').catch(() => '');
  await appendFile(logPath, `== ${command.name}: ${command.argv.join(' ')}\n-- exit ${res.exitCode}, cpu ${res.cpuSeconds.toFixed(2)} s\n${out}${err}\n`);
}
