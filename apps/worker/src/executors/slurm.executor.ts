import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { messageRef, TASK_MESSAGES } from '@yunyao/contract';
import { isTerminal, parseSacct, SACCT_FIELDS, SlurmCli, type SacctJob } from '@yunyao/slurm';
import { stepEnvironment, stepFailure } from '@yunyao/steps';
import type { Executor, RunChunks, StepRequest, StepResult } from './executor.ts';

export interface SlurmSettings {
  partition?: string;
  account?: string;
  /** Added to every Slurm command's environment (SLURM_CONF). */
  env: Record<string, string>;
  /** How often sacct is asked about the running jobs. */
  pollMs: number;
  chunkCount: number;
}

/** Where a job ran lost it (the node, not the step): such an element is submitted once more, away from that node. */
const NODE_LOST = new Set(['NODE_FAIL', 'BOOT_FAIL', 'PREEMPTED']);
const MAX_ATTEMPTS = 2;
/** How long a cancelled job may take to show as ended in sacct before the task ends without it. */
const CANCEL_SETTLE_MS = 30_000;
/** How long an ended job's steps may take to show as ended in sacct before its CPU is read as it stands. */
const STEPS_SETTLE_MS = 60_000;
/** How long a submitted job may be missing from sacct (slurmdbd lags a second or so) before its step fails. */
const UNSEEN_LIMIT_MS = 10 * 60_000;

/** Single-quoted for bash. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One request on its way through Slurm: each attempt is its own job (or array element). */
interface Element {
  request: StepRequest;
  script: string;
  stdout: string;
  stderr: string;
  jobId?: string;
  attempts: number;
  /** Nodes an earlier attempt was lost on. */
  lostOn: string[];
  /** When sacct last listed the current attempt's job (or when it was submitted). */
  seenAt: number;
  /** When sacct first showed the current attempt's job ended. */
  endedAt?: number;
  cpuSeconds: number;
  result?: StepResult;
}

/**
 * Runs steps as Slurm batch jobs: `sbatch --parsable`, then sacct polled (the worker holds no core while
 * a job waits or runs), `scancel` on the task's cancel. The step's CPU time is sacct's TotalCPU (user +
 * system of the job and its children, as GNU time gives the local runner), so billing is the same; a
 * split step's chunks go as one job array. The scratch dir must be on storage both the worker and the
 * nodes see (docs/operations.md).
 */
export class SlurmExecutor implements Executor {
  readonly kind = 'slurm' as const;
  readonly chunkCount: number;
  private readonly cli: SlurmCli;

  constructor(private readonly settings: SlurmSettings) {
    this.cli = new SlurmCli(settings.env);
    this.chunkCount = settings.chunkCount;
  }

  async run(step: StepRequest): Promise<StepResult> {
    const [result] = await this.runElements([step]);
    return result!;
  }

  readonly runChunks: RunChunks = (requests, onEnd) => this.runElements(requests, onEnd);

  private async runElements(requests: StepRequest[], onEnd?: (index: number, result: StepResult) => Promise<void>): Promise<StepResult[]> {
    const first = requests[0]!;
    const dir = join(first.cwd, '.slurm');
    await mkdir(dir, { recursive: true });
    const elements: Element[] = [];
    for (const request of requests) elements.push(await this.writeScript(dir, request));
    const signal = first.signal;
    const started = Date.now();
    let cancelled = signal?.aborted ?? false;
    const submitted = new Set<string>();
    const cancelAll = () => {
      cancelled = true;
      if (submitted.size) this.cli.call('scancel', [...submitted]).catch((err) => console.error('[slurm] scancel failed', err));
    };
    signal?.addEventListener('abort', cancelAll, { once: true });
    const finish = async (i: number, result: StepResult) => {
      elements[i]!.result = result;
      await onEnd?.(i, result);
    };
    try {
      if (cancelled) {
        for (const [i, e] of elements.entries()) await finish(i, await this.result(e, undefined, { cancelled: true }));
        return elements.map((e) => e.result!);
      }
      const submit = await this.submit(dir, elements, elements.map((_, i) => i), []).catch((err: Error) => err);
      if (submit instanceof Error) {
        console.error('[slurm] sbatch failed', submit);
        for (const [i, e] of elements.entries()) await finish(i, await this.result(e, undefined, { platformError: messageRef(TASK_MESSAGES.submitFailed, {}) }));
        return elements.map((e) => e.result!);
      }
      submitted.add(submit);
      if (cancelled) cancelAll();
      let cancelledAt: number | undefined;
      while (elements.some((e) => !e.result)) {
        await sleep(this.settings.pollMs);
        cancelledAt ??= cancelled ? Date.now() : undefined;
        if (cancelledAt !== undefined && Date.now() - cancelledAt > CANCEL_SETTLE_MS) {
          // Cancelled, and sacct still has not recorded the end: the task ends anyway, with the CPU already counted.
          for (const [i, e] of elements.entries()) if (!e.result) await finish(i, await this.result(e, undefined, { cancelled: true }));
          break;
        }
        const live = elements.filter((e) => !e.result);
        const jobs = await this.poll(live).catch((err) => {
          console.error('[slurm] sacct failed', err);
          return new Map<string, SacctJob>();
        });
        for (const e of live) {
          const job = jobs.get(e.jobId!);
          if (job) e.seenAt = Date.now();
          else if (Date.now() - e.seenAt > UNSEEN_LIMIT_MS) {
            // Accounting lost the job (or never had it): the step ends as the platform's failure rather than wait forever.
            console.error(`[slurm] ${e.request.name}: job ${e.jobId} not in sacct for ${UNSEEN_LIMIT_MS / 1000} s`);
            await finish(elements.indexOf(e), await this.result(e, undefined, { platformError: TASK_MESSAGES.platformFailure }));
            continue;
          }
          if (!job || !isTerminal(job.state)) continue;
          // Its steps' accounting may reach slurmdbd after the job's end: the CPU figure is read once it is final.
          e.endedAt ??= Date.now();
          const settled = job.stepsEnded && (job.steps > 0 || job.elapsedSeconds === 0);
          if (!settled && Date.now() - e.endedAt < STEPS_SETTLE_MS) continue;
          e.endedAt = undefined;
          e.cpuSeconds += job.cpuSeconds;
          const i = elements.indexOf(e);
          if (NODE_LOST.has(job.state) && !cancelled && e.attempts < MAX_ATTEMPTS) {
            e.lostOn.push(...job.nodes.split(',').filter(Boolean));
            console.warn(`[slurm] ${e.request.name}: job ${job.id} ${job.state} on ${job.nodes}; submitted again without it`);
            // Refused (no node left outside the lost ones, say): the element ends as lost.
            const again = await this.submit(dir, elements, [i], e.lostOn).catch((err: Error) => console.error('[slurm] resubmission failed', err));
            if (again) {
              submitted.add(again);
              continue;
            }
          }
          await finish(i, await this.result(e, job, { cancelled: cancelled && job.state === 'CANCELLED', wallSeconds: (Date.now() - started) / 1000 }));
        }
      }
      return elements.map((e) => e.result!);
    } finally {
      signal?.removeEventListener('abort', cancelAll);
      // Left early (sbatch or storage failed mid-way, or a job went missing): no job of it stays queued or running.
      if (submitted.size && elements.some((e) => !e.result || e.result.platformError)) {
        await this.cli.call('scancel', [...submitted]).catch((err) => console.error('[slurm] scancel failed', err));
      }
    }
  }

  /** The element's own script: its directory, environment, output files and argv (never a shell string). */
  private async writeScript(dir: string, request: StepRequest): Promise<Element> {
    const stdout = request.stdout && 'file' in request.stdout ? request.stdout.file : join(dir, `${request.name}.stdout`);
    const stderr = request.stderr?.file ?? join(dir, `${request.name}.stderr`);
    const env = stepEnvironment(request.cwd, request.cores, request.env);
    const script = join(dir, `${request.name}.sh`);
    await writeFile(
      script,
      [
        '#!/bin/bash',
        `cd ${q(request.cwd)} || exit 97`,
        `exec >>${q(stdout)} 2>>${q(stderr)}`,
        ...Object.entries(env).map(([k, v]) => `export ${k}=${q(v)}`),
        `exec ${request.argv.map(q).join(' ')}`,
      ].join('\n') + '\n',
      { mode: 0o755 },
    );
    return { request, script, stdout, stderr, attempts: 0, lostOn: [], cpuSeconds: 0, seenAt: Date.now() };
  }

  /** Submits `indices` of `elements` as one job (one element) or a job array; returns the job id to cancel. */
  private async submit(dir: string, elements: Element[], indices: number[], exclude: string[]): Promise<string> {
    const req = elements[indices[0]!]!.request;
    const { partition, account } = this.settings;
    // The wall time a step may have: its time limit, or what its CPU budget buys on its cores if that is less.
    const budgetWall = req.cpuBudgetSeconds === undefined ? Infinity : req.cpuBudgetSeconds / req.cores;
    const minutes = Math.max(1, Math.ceil(Math.min(req.timeLimitSeconds, budgetWall) / 60));
    const array = indices.length > 1;
    const script = array
      ? join(dir, `${req.name}.array.sh`)
      : elements[indices[0]!]!.script;
    if (array) {
      const cases = indices.map((i, k) => `  ${k}) exec ${q(elements[i]!.script)} ;;`);
      await writeFile(script, ['#!/bin/bash', 'case "$SLURM_ARRAY_TASK_ID" in', ...cases, 'esac', 'exit 98'].join('\n') + '\n', { mode: 0o755 });
    }
    const args = [
      '--parsable',
      // The task's scratch dir names the job, so an operator's squeue says which task and attempt it serves.
      `--job-name=yy-${basename(req.cwd)}-${req.name}`,
      `--chdir=${req.cwd}`,
      '--export=NONE',
      '--output=/dev/null',
      // The platform retries a lost element itself, once, elsewhere: Slurm's own requeue would run it twice unseen.
      '--no-requeue',
      '--nodes=1',
      '--ntasks=1',
      `--cpus-per-task=${req.cores}`,
      ...(req.memoryMbPerCore ? [`--mem-per-cpu=${req.memoryMbPerCore}`] : []),
      `--time=${minutes}`,
      ...(partition ? [`--partition=${partition}`] : []),
      ...(account ? [`--account=${account}`] : []),
      ...(exclude.length ? [`--exclude=${[...new Set(exclude)].join(',')}`] : []),
      ...(array ? [`--array=0-${indices.length - 1}`] : []),
      script,
    ];
    const id = (await this.cli.call('sbatch', args, { cwd: req.cwd })).trim().split(';')[0]!;
    for (const [k, i] of indices.entries()) {
      const e = elements[i]!;
      e.jobId = array ? `${id}_${k}` : id;
      e.attempts++;
      e.seenAt = Date.now();
    }
    return id;
  }

  private async poll(live: Element[]): Promise<Map<string, SacctJob>> {
    const ids = [...new Set(live.map((e) => e.jobId!.split('_')[0]!))];
    // Not -X: the allocation line sums its steps' TotalCPU only when the steps are listed with it.
    const text = await this.cli.call('sacct', ['-j', ids.join(','), '-P', '-n', '-o', SACCT_FIELDS]);
    return new Map(parseSacct(text).map((j) => [j.id, j]));
  }

  /** The step's result from its job's end, as the local runner gives it (the same failure reasons). */
  private async result(e: Element, job: SacctJob | undefined, how: { cancelled?: boolean; platformError?: string; wallSeconds?: number }): Promise<StepResult> {
    const { request } = e;
    const budgetWall = request.cpuBudgetSeconds === undefined ? Infinity : request.cpuBudgetSeconds / request.cores;
    const timedOut = job?.state === 'TIMEOUT';
    const lost = job && NODE_LOST.has(job.state) && !how.cancelled;
    const platformError =
      how.platformError ??
      (lost ? messageRef(TASK_MESSAGES.nodeLost, { attempts: e.attempts }) : undefined) ??
      (job?.state === 'CANCELLED' && !how.cancelled ? TASK_MESSAGES.platformFailure : undefined);
    const res: Omit<StepResult, 'failure'> = {
      exitCode: job && job.signal === 0 && job.state !== 'CANCELLED' && !timedOut ? job.exitCode : null,
      timedOut: timedOut && budgetWall >= request.timeLimitSeconds,
      ...(timedOut && budgetWall < request.timeLimitSeconds ? { overBudget: true } : {}),
      cancelled: how.cancelled ?? false,
      cpuSeconds: e.cpuSeconds,
      wallSeconds: job?.elapsedSeconds ?? how.wallSeconds ?? 0,
      ...(platformError ? { platformError } : {}),
      stdout: request.stdout ? '' : await readFile(e.stdout, 'utf8').catch(() => ''),
      stderr: request.stderr ? '' : await readFile(e.stderr, 'utf8').catch(() => ''),
    };
    if (request.stdout && 'eachLine' in request.stdout) {
      for await (const line of createInterface({ input: createReadStream(e.stdout), crlfDelay: Infinity })) await request.stdout.eachLine(line);
    }
    const failure = await stepFailure(request, res, () => readFile(e.stderr, 'utf8').catch(() => ''));
    return failure ? { ...res, failure } : res;
  }
}
