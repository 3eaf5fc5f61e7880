import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { messageRef, TASK_MESSAGES } from '@yunyao/contract';
import { pythonCommand, stepFailure, type PythonInstall, type StepResult } from '@yunyao/steps';

/** What the fork server runs: `python -m yunyao.<program> args` in `cwd`, stopped after `timeLimitSeconds`. */
export interface ForkedRun {
  name: string;
  program: string;
  args: readonly string[];
  cwd: string;
  timeLimitSeconds: number;
}

type Answer = { id: number; pid: number } | { id: number; exit: number; cpu: number };

interface Pending {
  started(pid: number): void;
  exited(exit: number | null, cpuSeconds: number): void;
}

/**
 * One `python -m yunyao.forkserver` (python/yunyao/forkserver.py) for the API's own short programs:
 * it has the interpreter, NumPy and RDKit loaded and forks a child per request, which spares each
 * request their 0.4 CPU-s of start. It is started at the first request and again after it died; it
 * does not keep the API process alive, and ends when the API does (its stdin closes).
 */
export class PythonForkServer {
  private server: ChildProcessWithoutNullStreams | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly install: PythonInstall) {}

  async run(request: ForkedRun): Promise<StepResult> {
    const dir = await mkdtemp(join(tmpdir(), 'yunyao-forked-'));
    const stdoutFile = join(dir, 'stdout');
    const stderrFile = join(dir, 'stderr');
    const startedAt = Date.now();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      const { exit, cpuSeconds } = await new Promise<{ exit: number | null; cpuSeconds: number }>((resolve) => {
        const id = this.nextId++;
        this.pending.set(id, {
          started: (pid) => {
            timer = setTimeout(() => {
              timedOut = true;
              // The child leads its own session: the group holds it and whatever it started.
              try {
                process.kill(-pid, 'SIGKILL');
              } catch {
                // It has just exited.
              }
            }, request.timeLimitSeconds * 1000);
          },
          exited: (exit, cpu) => resolve({ exit, cpuSeconds: cpu }),
        });
        const { env } = pythonCommand(this.install, request.program, request.args, 1);
        this.send({ id, module: `yunyao.${request.program}`, args: request.args, cwd: request.cwd, stdout: stdoutFile, stderr: stderrFile, env });
      });
      clearTimeout(timer);
      const [stdout, stderr] = await Promise.all([readFile(stdoutFile, 'utf8').catch(() => ''), readFile(stderrFile, 'utf8').catch(() => '')]);
      const lost = exit === null && !timedOut;
      const res = {
        exitCode: exit !== null && exit >= 0 ? exit : null,
        timedOut,
        cancelled: false,
        cpuSeconds,
        wallSeconds: (Date.now() - startedAt) / 1000,
        stdout,
        stderr,
        ...(lost ? { platformError: messageRef(TASK_MESSAGES.engineNotStarted, { program: 'python' }) } : {}),
      };
      const failure = await stepFailure(request, res, async () => stderr);
      return failure ? { ...res, failure } : res;
    } finally {
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private send(message: object): void {
    const server = this.server ?? this.start();
    holdOpen(server, true);
    server.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private start(): ChildProcessWithoutNullStreams {
    const { argv, env } = pythonCommand(this.install, 'forkserver', [], 1);
    const [cmd, ...args] = argv as [string, ...string[]];
    const server = spawn(cmd, args, {
      // One thread per request: BLAS and OpenMP pools must not exist when the server forks.
      env: { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', ...env, OPENBLAS_NUM_THREADS: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.server = server;
    createInterface({ input: server.stdout, crlfDelay: Infinity }).on('line', (line) => {
      try {
        this.answer(server, JSON.parse(line) as Answer);
      } catch {
        console.error(`[python-forkserver] not an answer: ${line.slice(0, 200)}`);
      }
    });
    createInterface({ input: server.stderr, crlfDelay: Infinity }).on('line', (line) => console.error(`[python-forkserver] ${line}`));
    const lost = (why: string) => {
      if (this.server !== server) return;
      this.server = undefined;
      console.error(`[python-forkserver] ${why}; the next request starts another`);
      for (const waiter of this.pending.values()) waiter.exited(null, 0);
      this.pending.clear();
    };
    server.on('error', (err) => lost(`could not run: ${err.message}`));
    // A write to a server that has just died fails on the pipe, not the process: the same loss.
    server.stdin.on('error', (err) => lost(`stopped reading requests: ${err.message}`));
    server.on('exit', (code, signal) => lost(`exited (${signal ?? code})`));
    holdOpen(server, false);
    return server;
  }

  private answer(server: ChildProcessWithoutNullStreams, answer: Answer): void {
    const waiter = this.pending.get(answer.id);
    if (!waiter) return;
    if ('pid' in answer) return waiter.started(answer.pid);
    this.pending.delete(answer.id);
    waiter.exited(answer.exit, answer.cpu);
    // An idle server must not keep the API process alive.
    if (!this.pending.size) holdOpen(server, false);
  }
}

/** Whether the server's process and its pipes keep this process's event loop alive: while requests wait on it. */
function holdOpen(server: ChildProcessWithoutNullStreams, hold: boolean): void {
  for (const handle of [server, server.stdin, server.stdout, server.stderr] as { ref?(): void; unref?(): void }[]) {
    if (hold) handle.ref?.();
    else handle.unref?.();
  }
}
