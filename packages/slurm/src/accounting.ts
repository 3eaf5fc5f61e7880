import { isTerminal, slurmDuration } from './sacct.ts';

/*
 * Jobs as a supercomputer bills them (terminal-direct billing, docs/hpc-accounts.md): one line per
 * allocation (`--allocations`) with its name, partition, account and allocated core-seconds, where
 * sacct.ts reads the platform's own jobs' steps and CPU time.
 */

/** The `sacct` fields the accounting sync reads, in the order it asks for them (`--format`). */
export const ACCOUNTING_FIELDS = ['JobID', 'JobName', 'Partition', 'Account', 'User', 'State', 'Start', 'End', 'ElapsedRaw', 'AllocCPUS', 'CPUTimeRAW', 'TotalCPU', 'ExitCode', 'NodeList'] as const;
type AccountingField = (typeof ACCOUNTING_FIELDS)[number];

/** One job allocation as Slurm's accounting records it. */
export interface AccountingRecord {
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

/** sacct's `Unknown` / `None` for a time not reached yet; its timestamps are local time without a zone. */
function slurmTime(text: string): Date | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The arguments that make `sacct` print ACCOUNTING_FIELDS, `|`-separated, without a header. */
export const ACCOUNTING_FORMAT_ARGS = ['--parsable2', '--noheader', `--format=${ACCOUNTING_FIELDS.join(',')}`] as const;

/** Reads `sacct` output asked for with ACCOUNTING_FORMAT_ARGS; a line with another field count is skipped. */
export function parseAccounting(text: string): AccountingRecord[] {
  const jobs: AccountingRecord[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|');
    if (cells.length !== ACCOUNTING_FIELDS.length) continue;
    const cell = Object.fromEntries(ACCOUNTING_FIELDS.map((field, i) => [field, cells[i] ?? ''])) as Record<AccountingField, string>;
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
      totalCpuSeconds: slurmDuration(cell.TotalCPU),
      exitCode: cell.ExitCode,
      nodeList: cell.NodeList,
    });
  }
  return jobs;
}

/** Whether the job has ended: its accounting no longer changes. */
export const hasEnded = (record: AccountingRecord) => isTerminal(record.state);
