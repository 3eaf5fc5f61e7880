/** The `sacct` fields the platform reads, in the order it asks for them (`--format`). */
export const SACCT_FIELDS = ['JobID', 'JobName', 'Partition', 'Account', 'User', 'State', 'Start', 'End', 'ElapsedRaw', 'AllocCPUS', 'CPUTimeRAW', 'TotalCPU', 'ExitCode', 'NodeList'] as const;
type SacctField = (typeof SACCT_FIELDS)[number];

/** One job allocation as Slurm's accounting records it. */
export interface SacctJob {
  jobId: string;
  name: string;
  partition: string;
  account: string;
  user: string;
  /** The state's first word: `CANCELLED by 0` reads `CANCELLED`. */
  state: string;
  start: Date | null;
  end: Date | null;
  elapsedSeconds: number;
  allocCpus: number;
  /** Allocated core-seconds (cores × elapsed): what a supercomputer bills. */
  cpuTimeRawSeconds: number;
  /** CPU time the job's processes used, in seconds. */
  totalCpuSeconds: number;
  exitCode: string;
  nodeList: string;
}

/** States after which a job's accounting no longer changes. */
const FINAL_STATES = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'BOOT_FAIL', 'PREEMPTED', 'DEADLINE', 'REVOKED']);

export function isFinalState(state: string): boolean {
  return FINAL_STATES.has(state);
}

/** sacct's `Unknown` / `None` for a time not reached yet; its timestamps are local time without a zone. */
function slurmTime(text: string): Date | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `[DD-[HH:]]MM:SS[.mmm]`, sacct's TotalCPU, in seconds. */
export function slurmDurationSeconds(text: string): number {
  const match = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match) return 0;
  const [, days, hours, minutes, seconds] = match;
  return Number(days ?? 0) * 86_400 + Number(hours ?? 0) * 3_600 + Number(minutes) * 60 + Number(seconds);
}

/** The arguments that make `sacct` print SACCT_FIELDS, `|`-separated, without a header. */
export const SACCT_FORMAT_ARGS = ['--parsable2', '--noheader', `--format=${SACCT_FIELDS.join(',')}`] as const;

/** Reads `sacct` output asked for with SACCT_FORMAT_ARGS; a line with another field count is skipped. */
export function parseSacct(text: string): SacctJob[] {
  const jobs: SacctJob[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|');
    if (cells.length !== SACCT_FIELDS.length) continue;
    const cell = Object.fromEntries(SACCT_FIELDS.map((field, i) => [field, cells[i] ?? ''])) as Record<SacctField, string>;
    jobs.push({
      jobId: cell.JobID,
      name: cell.JobName,
      partition: cell.Partition,
      account: cell.Account,
      user: cell.User,
      state: cell.State.split(' ')[0]!.replace(/\+$/, ''),
      start: slurmTime(cell.Start),
      end: slurmTime(cell.End),
      elapsedSeconds: Number(cell.ElapsedRaw) || 0,
      allocCpus: Number(cell.AllocCPUS) || 0,
      cpuTimeRawSeconds: Number(cell.CPUTimeRAW) || 0,
      totalCpuSeconds: slurmDurationSeconds(cell.TotalCPU),
      exitCode: cell.ExitCode,
      nodeList: cell.NodeList,
    });
  }
  return jobs;
}
