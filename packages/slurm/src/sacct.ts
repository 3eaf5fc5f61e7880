/** What sacct says of one job or array element (its allocation line; steps are summed into it). */
export interface SacctJob {
  /** `123`, `123_4`; a pending array range (`123_[5-9]`) is expanded into its elements. */
  id: string;
  state: string;
  exitCode: number | null;
  signal: number;
  elapsedSeconds: number;
  /** The steps' TotalCPU summed (the allocation line's own figure where no step is listed yet). */
  cpuSeconds: number;
  nodes: string;
  /** Steps listed (`.batch`, `.0`, ...): a job that ran has at least its batch step. */
  steps: number;
  /** Every listed step has ended too: the job's CPU figure is final. */
  stepsEnded: boolean;
}

/** The fields polled, in the order parseSacct reads them. */
export const SACCT_FIELDS = 'JobID,State,ExitCode,ElapsedRaw,TotalCPU,NodeList';

/** States a job does not leave (sacct's STATE CODES); the others may still change. */
const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT', 'NODE_FAIL', 'OUT_OF_MEMORY', 'PREEMPTED', 'BOOT_FAIL', 'DEADLINE', 'REVOKED']);
export const isTerminal = (state: string) => TERMINAL.has(state);

/** Slurm's `[D-][HH:]MM:SS[.mmm]` (TotalCPU) in seconds. */
export function slurmDuration(text: string): number {
  const [days, clock] = text.includes('-') ? (text.split('-') as [string, string]) : ['0', text];
  const parts = clock.split(':').map(Number);
  while (parts.length < 3) parts.unshift(0);
  const [h, m, s] = parts as [number, number, number];
  const total = Number(days) * 86400 + h * 3600 + m * 60 + s;
  return Number.isFinite(total) ? total : 0;
}

/** `5-7,9%2` → [5, 6, 7, 9]. */
function expandRange(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split('%')[0]!.split(',')) {
    const [a, b] = part.split('-').map(Number) as [number, number | undefined];
    for (let i = a; i <= (b ?? a); i++) out.push(i);
  }
  return out;
}

/**
 * `sacct -P -n -o SACCT_FIELDS` output (without -X, which reports no TotalCPU), one entry per job or array
 * element, with its steps' CPU summed into it. slurmdbd may record a job's end before its steps' (a
 * cancelled job, on a busy machine): `stepsEnded` says whether the figure can still grow.
 */
export function parseSacct(text: string): SacctJob[] {
  const jobs: SacctJob[] = [];
  const byId = new Map<string, SacctJob>();
  for (const line of text.split('\n')) {
    const [rawId, rawState, exit, elapsed, cpu, nodes] = line.trim().split('|');
    if (!rawId || !rawState) continue;
    // "CANCELLED by 0" names who cancelled.
    const state = rawState.split(' ')[0]!;
    const dot = rawId.indexOf('.');
    if (dot >= 0) {
      const job = byId.get(rawId.slice(0, dot));
      if (!job) continue;
      job.cpuSeconds = (job.steps ? job.cpuSeconds : 0) + slurmDuration(cpu ?? '');
      job.steps++;
      job.stepsEnded &&= isTerminal(state);
      continue;
    }
    const [code, signal] = (exit ?? '').split(':').map(Number);
    const entry = { state, exitCode: Number.isFinite(code) ? code! : null, signal: signal ?? 0, elapsedSeconds: Number(elapsed) || 0, cpuSeconds: slurmDuration(cpu ?? ''), nodes: nodes ?? '', steps: 0, stepsEnded: true };
    const range = /^(\d+)_\[(.+)\]$/.exec(rawId);
    for (const id of range ? expandRange(range[2]!).map((i) => `${range[1]}_${i}`) : [rawId]) {
      const job = { id, ...entry };
      jobs.push(job);
      byId.set(id, job);
    }
  }
  return jobs;
}
