import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { messageRef, TASK_MESSAGES, type TaskFailureKind } from '@yunyao/contract';
import { processGroupCpuSeconds } from './cpu-meter.ts';
import { exitFailure } from './error-line.ts';
import { stepEnvironment } from './step-env.ts';

const GNU_TIME = '/usr/bin/time';
const SETPRIV = '/usr/bin/setpriv';
const KILL_GRACE_MS = 3000;
/** How often a step with a CPU budget has its CPU read. */
const CPU_SAMPLE_MS = 1000;
/** Captured output keeps its last this many characters: enough for a result document or an error tail. */
const MAX_CAPTURED_CHARS = 4 * 1024 * 1024;
const timeAvailable = existsSync(GNU_TIME);
const setprivAvailable = existsSync(SETPRIV);

/** Where a step's stdout goes: a file (appended), or a handler fed line by line. Captured when absent. */
export type StdoutTarget = { file: string } | { eachLine: (line: string) => void | Promise<void> };

export interface StepRequest {
  name: string;
  argv: string[];
  /** Added to the step's minimal environment (stepEnvironment: PATH, HOME = cwd, LANG, OpenMP threads and wait policy). */
  env?: Record<string, string>;
  /** Absolute dir the step runs in. */
  cwd: string;
  cores: number;
  /** Memory per core the task asked for (MB); the runner refuses what the machine cannot give. */
  memoryMbPerCore?: number;
  timeLimitSeconds: number;
  /** CPU seconds the step may use before it is stopped (what is left of the task's hold); unlimited when absent. */
  cpuBudgetSeconds?: number;
  /** Aborting kills the step (the whole process group). */
  signal?: AbortSignal;
  stdout?: StdoutTarget;
  /** File receiving stderr (appended); captured when absent. */
  stderr?: { file: string };
}

export interface StepResult {
  exitCode: number | null;
  timedOut: boolean;
  /** Stopped on reaching `cpuBudgetSeconds`. */
  overBudget?: boolean;
  cancelled: boolean;
  /** User + system CPU seconds of the step and its children. */
  cpuSeconds: number;
  wallSeconds: number;
  /** Spawn failures and similar: the platform, not the input, is at fault. */
  platformError?: string;
  /** The step was not started because the request cannot be met here (e.g. more memory than the machine has). */
  refused?: string;
  /** Captured output; empty when it went to a file or a line handler. */
  stdout: string;
  stderr: string;
  /** Why the step did not succeed (its kind decides whether the task is charged), in the words the user sees; absent on success. */
  failure?: { kind: TaskFailureKind; reason: string };
}

/** What this machine can give a step: its physical memory, in MB. */
export function physicalMemoryMb(): number {
  return Math.floor(totalmem() / 2 ** 20);
}

/** Parses GNU time's `-f '%e %U %S'` record (its last line; earlier lines may report the exit status). */
export function parseTimeRecord(text: string): { wall: number; cpu: number } | undefined {
  const last = text.trim().split('\n').at(-1) ?? '';
  const m = /^([\d.]+) ([\d.]+) ([\d.]+)$/.exec(last.trim());
  if (!m) return undefined;
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]) };
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Makes the kernel kill `argv` when its parent dies, so a killed worker or server leaves no engine running. */
function dieWithParent(argv: string[]): string[] {
  return setprivAvailable ? [SETPRIV, '--pdeathsig', 'KILL', '--', ...argv] : argv;
}

/** Keeps the tail of a stream in memory. */
function capture(stream: Readable | null): () => string {
  let text = '';
  stream?.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    if (text.length > MAX_CAPTURED_CHARS) text = text.slice(-MAX_CAPTURED_CHARS);
  });
  return () => text;
}

/** Feeds a stream line by line to `eachLine`, which may pause it by returning a promise. */
async function feedLines(stream: Readable | null, eachLine: (line: string) => void | Promise<void>): Promise<void> {
  if (!stream) return;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) await eachLine(line);
}

function refusal(step: StepRequest, machineMemoryMb: number): string | undefined {
  const requestedMb = (step.memoryMbPerCore ?? 0) * step.cores;
  if (requestedMb <= machineMemoryMb) return undefined;
  return messageRef(TASK_MESSAGES.memoryTooLarge, { requested: requestedMb, cores: step.cores, perCore: step.memoryMbPerCore ?? 0, machine: machineMemoryMb });
}

/** Why a step that ran did not succeed, in the words the user sees (also for steps run elsewhere: the API's fork server); undefined on success. */
export async function stepFailure(step: Pick<StepRequest, 'name' | 'timeLimitSeconds'>, res: Omit<StepResult, 'failure'>, stderr: () => Promise<string>): Promise<StepResult['failure']> {
  if (res.refused) return { kind: 'input', reason: res.refused };
  if (res.cancelled) return { kind: 'cancelled', reason: TASK_MESSAGES.cancelled };
  if (res.platformError) return { kind: 'platform', reason: res.platformError };
  if (res.timedOut) return { kind: 'time_limit', reason: messageRef(TASK_MESSAGES.stepTimedOut, { step: step.name, seconds: step.timeLimitSeconds }) };
  if (res.overBudget) return { kind: 'spending_cap', reason: messageRef(TASK_MESSAGES.stepOverBudget, { step: step.name, cpuSeconds: res.cpuSeconds.toFixed(0) }) };
  if (res.exitCode !== 0) return exitFailure(await stderr(), step.name, res.exitCode);
  return undefined;
}

/**
 * Runs one step as a child process in its own process group, so a cancel or a
 * time-out kills the engine and everything it started (SIGTERM, then SIGKILL).
 * CPU time comes from GNU time, which waits for the whole tree; Node itself
 * cannot see a child's rusage. A failed step's reason follows the error-line
 * convention (see error-line.ts). A throwing `eachLine` handler stops the step
 * and rejects with its error.
 */
export async function runStep(step: StepRequest, machineMemoryMb = physicalMemoryMb()): Promise<StepResult> {
  const refused = refusal(step, machineMemoryMb);
  if (refused) {
    return { exitCode: null, timedOut: false, cancelled: false, cpuSeconds: 0, wallSeconds: 0, refused, stdout: '', stderr: '', failure: { kind: 'input', reason: refused } };
  }
  // Private to this run, so concurrent steps in one cwd (the server's lookups) never share a record.
  const timeDir = timeAvailable ? await mkdtemp(join(tmpdir(), 'yunyao-step-time-')) : undefined;
  const timeFile = timeDir && join(timeDir, 'time');
  const argv = timeFile ? dieWithParent([GNU_TIME, '-f', '%e %U %S', '-o', timeFile, '--', ...dieWithParent(step.argv)]) : dieWithParent(step.argv);
  const stdoutFd = step.stdout && 'file' in step.stdout ? openSync(step.stdout.file, 'a') : 'pipe';
  const stderrFd = step.stderr ? openSync(step.stderr.file, 'a') : 'pipe';
  const started = Date.now();
  let timedOut = false;
  let cancelled = false;
  let platformError: string | undefined;

  const [cmd, ...args] = argv as [string, ...string[]];
  const child = spawn(cmd, args, {
    cwd: step.cwd,
    env: stepEnvironment(step.cwd, step.cores, step.env),
    detached: true,
    stdio: ['ignore', stdoutFd, stderrFd],
  });
  const terminate = () => {
    if (child.pid === undefined) return;
    killGroup(child.pid, 'SIGTERM');
    setTimeout(() => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    terminate();
  }, step.timeLimitSeconds * 1000);
  const onAbort = () => {
    cancelled = true;
    terminate();
  };
  step.signal?.addEventListener('abort', onAbort, { once: true });
  if (step.signal?.aborted) onAbort();
  let overBudget = false;
  let sampledCpu: number | undefined;
  const budget = step.cpuBudgetSeconds;
  const groupId = child.pid;
  const meter =
    budget === undefined || groupId === undefined
      ? undefined
      : setInterval(() => {
          void processGroupCpuSeconds(groupId).then((cpu) => {
            sampledCpu = Math.max(sampledCpu ?? 0, cpu);
            if (cpu >= budget && !overBudget) {
              overBudget = true;
              terminate();
            }
          });
        }, CPU_SAMPLE_MS);

  const capturedStdout = step.stdout ? () => '' : capture(child.stdout);
  const capturedStderr = capture(child.stderr);
  const handler = step.stdout && 'eachLine' in step.stdout ? step.stdout.eachLine : undefined;
  let handlerError: { error: unknown } | undefined;
  const fed = handler
    ? feedLines(child.stdout, handler).catch((error: unknown) => {
        handlerError = { error };
        terminate();
      })
    : Promise.resolve();
  // 'close' waits for the pipes; a leftover of the group holding them open must not keep the step alive.
  child.on('exit', () => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'));
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      // The system's message names server paths: it goes to the log, the user reads the program's name.
      console.error(`[steps] cannot start ${step.argv.join(' ')}`, err);
      platformError = messageRef(TASK_MESSAGES.engineNotStarted, { program: basename(step.argv[0] ?? '') });
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  clearTimeout(timer);
  clearInterval(meter);
  step.signal?.removeEventListener('abort', onAbort);
  if (typeof stdoutFd === 'number') closeSync(stdoutFd);
  if (typeof stderrFd === 'number') closeSync(stderrFd);
  await fed;
  const wallSeconds = (Date.now() - started) / 1000;
  const record = timeFile ? parseTimeRecord(await readFile(timeFile, 'utf8').catch(() => '')) : undefined;
  if (timeDir) await rm(timeDir, { recursive: true, force: true });
  if (handlerError) throw handlerError.error;
  // A killed step leaves no time record: bill what the meter last read, else its wall time on the cores it held.
  const cpuSeconds = record?.cpu ?? sampledCpu ?? wallSeconds * step.cores;
  const stderr = capturedStderr();
  const res = { exitCode, timedOut, ...(overBudget ? { overBudget } : {}), cancelled, cpuSeconds, wallSeconds, stdout: capturedStdout(), stderr, ...(platformError ? { platformError } : {}) };
  const failure = await stepFailure(step, res, async () => (step.stderr ? readFile(step.stderr.file, 'utf8').catch(() => '') : stderr));
  return failure ? { ...res, failure } : res;
}
