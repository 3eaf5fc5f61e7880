import { activeHpcAccounts, balanceFen, recordTerminalJob, terminalJobCharge, type Db, type TerminalJobOutcome } from '@yunyao/db';
import type { Config, HpcCluster, HpcPrice } from '@yunyao/platform';
import { ACCOUNTING_FORMAT_ARGS, accountSubmitLimits, hasEnded, parseAccounting, setAccountSubmission, SlurmCli, type AccountingRecord } from '@yunyao/slurm';

/** How far back a sync reads by default: long enough to outlast a worker that was down for days. */
const DEFAULT_LOOKBACK_DAYS = 7;

export interface TerminalSyncReport {
  node: string;
  jobs: number;
  outcomes: Record<TerminalJobOutcome, number>;
  /** Accounts whose submission this sync stopped (balance at or below zero) or opened again. */
  stopped: string[];
  reopened: string[];
}

/** The price-table row the cluster bills by, in fen per core-hour for this job's partition. */
function unitPriceFen(cluster: HpcCluster, prices: readonly HpcPrice[], partition: string): number {
  const row = prices.find((p) => p.company === cluster.company) ?? prices[0];
  if (!row) throw new Error('no supercomputer price row to bill by (HPC_PRICES)');
  return Math.round((cluster.cloudPartitions.includes(partition) ? row.ssh_could : row.ssh_normal) * 100);
}

/** sacct's `--starttime`: local time without a zone, the way sacct prints its own. */
function slurmTimeArg(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function reading(cluster: HpcCluster, job: AccountingRecord, priceFen: number) {
  const ended = hasEnded(job);
  const { machineTime, feeFen } = terminalJobCharge(job.state, job.cpuTimeRawSeconds, priceFen);
  return {
    node: cluster.node,
    jobId: job.jobId,
    jobType: job.partition,
    jobName: job.name,
    startedAt: job.start,
    endedAt: ended ? job.end : null,
    machineTime,
    unitPriceFen: priceFen,
    state: job.state,
    ...(ended ? { feeFen } : {}),
  };
}

/**
 * Reads the jobs of every activated account on one cluster from its accounting and records them:
 * a running job shows its time so far, an ended one is charged once (replays and concurrent syncs
 * settle to nothing). Then an account whose user's balance is at or below zero is stopped from
 * submitting, and opened again once the balance is positive.
 */
export async function syncTerminalJobs(db: Db, cluster: HpcCluster, prices: readonly HpcPrice[], since?: Date): Promise<TerminalSyncReport> {
  const report: TerminalSyncReport = { node: cluster.node, jobs: 0, outcomes: { charged: 0, recorded: 0, settled: 0 }, stopped: [], reopened: [] };
  const accounts = await activeHpcAccounts(db, cluster.node);
  if (!accounts.length) return report;
  const userOf = new Map(accounts.map((a) => [a.account, a.userId]));
  const from = since ?? new Date(Date.now() - DEFAULT_LOOKBACK_DAYS * 86_400_000);
  const slurm = new SlurmCli({ SLURM_CONF: cluster.slurmConf });
  const out = await slurm.call('sacct', ['--allusers', '--allocations', `--accounts=${[...userOf.keys()].join(',')}`, `--starttime=${slurmTimeArg(from)}`, ...ACCOUNTING_FORMAT_ARGS]);
  for (const job of parseAccounting(out)) {
    const userId = userOf.get(job.account);
    if (userId === undefined) continue;
    report.jobs++;
    report.outcomes[await recordTerminalJob(db, userId, reading(cluster, job, unitPriceFen(cluster, prices, job.partition)))]++;
  }
  const limits = await accountSubmitLimits(slurm, [...userOf.keys()]);
  for (const [account, userId] of userOf) {
    const open = (await balanceFen(db, userId)) > 0;
    if (open === (limits.get(account) !== 0)) continue;
    await setAccountSubmission(slurm, account, open);
    (open ? report.reopened : report.stopped).push(account);
  }
  return report;
}

/**
 * Syncs every configured cluster every `hpcSyncSeconds`, one run at a time. Several workers may
 * each run it: a job read twice is charged once. Undefined when no cluster is configured.
 */
export function startTerminalSync(db: Db, config: Pick<Config, 'hpcClusters' | 'hpcPrices' | 'hpcSyncSeconds'>): { stop(): void } | undefined {
  if (!config.hpcClusters.length) return undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      for (const cluster of config.hpcClusters) {
        await syncTerminalJobs(db, cluster, config.hpcPrices).catch((err) => console.error(`[worker] terminal sync of ${cluster.node} failed`, err));
      }
    })().finally(() => {
      running = false;
    });
  }, config.hpcSyncSeconds * 1000);
  return { stop: () => clearInterval(timer) };
}
