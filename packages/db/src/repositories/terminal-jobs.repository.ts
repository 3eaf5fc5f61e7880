import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { hpcAccounts, terminalJobs } from '../schema.ts';
import { addLedgerEntry } from './ledger.repository.ts';

/* Jobs users run on a supercomputer through the terminal direct connection, read from its Slurm accounting. */

export type TerminalJobRecord = typeof terminalJobs.$inferSelect;

/** One reading of a job from the cluster's accounting. */
export interface TerminalJobReading {
  node: string;
  jobId: string;
  jobType: string;
  jobName: string;
  startedAt: Date | null;
  endedAt: Date | null;
  /** Core-hours so far. */
  machineTime: number;
  unitPriceFen: number;
  state: string;
  /** Set once the job has ended: what it costs (0 for an ending the user does not pay for). */
  feeFen?: number;
}

export type TerminalJobOutcome = 'charged' | 'recorded' | 'settled';

/** `terminal:<node>:<jobid>`: the ledger ref that makes each job's charge happen once. */
export const terminalChargeRef = (node: string, jobId: string) => `terminal:${node}:${jobId}`;

/** The activated accounts on one node: which user each Slurm account bills. */
export async function activeHpcAccounts(db: Db, node: (typeof hpcAccounts.$inferSelect)['node']): Promise<{ userId: number; account: string }[]> {
  const rows = await db
    .select({ userId: hpcAccounts.userId, account: hpcAccounts.account })
    .from(hpcAccounts)
    .where(and(eq(hpcAccounts.node, node), eq(hpcAccounts.status, 'active'), isNotNull(hpcAccounts.account)));
  return rows.map((r) => ({ userId: r.userId, account: r.account! }));
}

/**
 * Records a reading of one job and charges a job that has ended, once: the charge and the row's
 * final figures are written in one transaction, and the ledger's unique (kind, ref) turns a
 * replayed reading (the same sync run twice, two workers syncing at once) into `settled`, which
 * changes nothing. A running job's row shows its time so far and no fee.
 */
export async function recordTerminalJob(db: Db, userId: number, reading: TerminalJobReading): Promise<TerminalJobOutcome> {
  return db.transaction(async (tx) => {
    const ended = reading.feeFen !== undefined;
    const feeFen = reading.feeFen ?? 0;
    if (ended && feeFen > 0) {
      const charged = await addLedgerEntry(tx, {
        userId,
        kind: 'terminal_charge',
        amountFen: -feeFen,
        reason: `超算作业 ${reading.jobId} (${reading.node}) ${reading.machineTime} 核时`,
        ref: terminalChargeRef(reading.node, reading.jobId),
      });
      if (!charged) return 'settled';
    }
    const values = { ...reading, userId, feeFen };
    const [row] = await tx
      .insert(terminalJobs)
      .values(values)
      .onConflictDoUpdate({
        target: [terminalJobs.node, terminalJobs.jobId],
        set: values,
        // A row already holding its final fee is never overwritten by a later reading.
        setWhere: sql`${terminalJobs.feeFen} = 0`,
      })
      .returning({ id: terminalJobs.id });
    if (!row) return 'settled';
    return ended && feeFen > 0 ? 'charged' : 'recorded';
  });
}

export async function listTerminalJobs(db: Db, userId: number, page: number, limit: number): Promise<{ total: number; rows: TerminalJobRecord[] }> {
  const where = eq(terminalJobs.userId, userId);
  const [totalRow] = await db.select({ n: count() }).from(terminalJobs).where(where);
  const rows = await db
    .select()
    .from(terminalJobs)
    .where(where)
    .orderBy(sql`${terminalJobs.startedAt} desc nulls last`, desc(terminalJobs.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { total: Number(totalRow?.n ?? 0), rows };
}
