import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { totalmem } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Executor, StepRequest, StepResult } from './executor.ts';

const GNU_TIME = '/usr/bin/time';
const SETPRIV = '/usr/bin/setpriv';
const KILL_GRACE_MS = 3000;

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

/**
 * Runs each step as a child process in its own process group, so a cancel or a
 * time-out kills the engine and everything it started. CPU time comes from GNU
 * time, which waits for the whole tree; Node itself cannot see a child's rusage.
 */
export class LocalExecutor implements Executor {
  readonly kind = 'local' as const;
  private readonly timeAvailable = existsSync(GNU_TIME);
  private readonly setprivAvailable = existsSync(SETPRIV);

  /** Makes the kernel kill `argv` when its parent dies, so a killed worker leaves no engine running. */
  private dieWithParent(argv: string[]): string[] {
    return this.setprivAvailable ? [SETPRIV, '--pdeathsig', 'KILL', '--', ...argv] : argv;
  }

  /** What this machine can give a step: its physical memory, in MB. */
  constructor(private readonly memoryMb = Math.floor(totalmem() / 2 ** 20)) {}

  run(step: StepRequest): Promise<StepResult> {
    const requestedMb = (step.memoryMbPerCore ?? 0) * step.cores;
    if (requestedMb > this.memoryMb) {
      const refused = `任务申请内存 ${requestedMb} MB（${step.cores} 核 × ${step.memoryMbPerCore} MB），超过计算节点内存 ${this.memoryMb} MB，请减少并行核数或每核内存`;
      return Promise.resolve({ exitCode: null, timedOut: false, cancelled: false, cpuSeconds: 0, wallSeconds: 0, refused });
    }
    const timeFile = join(step.cwd, `.${step.name}.time`);
    const argv = this.timeAvailable
      ? this.dieWithParent([GNU_TIME, '-f', '%e %U %S', '-o', timeFile, '--', ...this.dieWithParent(step.argv)])
      : this.dieWithParent(step.argv);
    const stdout = openSync(step.stdoutPath, 'a');
    const stderr = openSync(step.stderrPath, 'a');
    const started = Date.now();
    return new Promise<StepResult>((resolve) => {
      let timedOut = false;
      let cancelled = false;
      const [cmd, ...args] = argv as [string, ...string[]];
      const child = spawn(cmd, args, {
        cwd: step.cwd,
        env: {
          PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
          HOME: step.cwd,
          LANG: 'C.UTF-8',
          OMP_NUM_THREADS: String(step.cores),
          ...step.env,
        },
        detached: true,
        stdio: ['ignore', stdout, stderr],
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
      step.signal.addEventListener('abort', onAbort, { once: true });
      if (step.signal.aborted) onAbort();

      let finished = false;
      const finish = async (exitCode: number | null, platformError?: string) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        step.signal.removeEventListener('abort', onAbort);
        closeSync(stdout);
        closeSync(stderr);
        const wallSeconds = (Date.now() - started) / 1000;
        const record = this.timeAvailable ? parseTimeRecord(await readFile(timeFile, 'utf8').catch(() => '')) : undefined;
        // A killed step leaves no time record; bill its wall time on the cores it held.
        const cpuSeconds = record?.cpu ?? wallSeconds * step.cores;
        resolve({ exitCode, timedOut, cancelled, cpuSeconds, wallSeconds, platformError });
      };
      child.on('error', (err) => void finish(null, `无法启动计算程序 ${step.argv[0]}: ${err.message}`));
      child.on('exit', (code) => void finish(code));
    });
  }
}
