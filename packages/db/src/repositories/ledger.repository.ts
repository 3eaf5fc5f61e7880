import { and, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../client.ts';
import { ledgerEntries, taskHolds, tasks, terminalJobs, users, type LedgerKind } from '../schema.ts';

export interface LedgerEntryInput {
  userId: number;
  kind: LedgerKind;
  amountFen: number;
  reason: string;
  /** What caused the entry (every entry names one); (kind, ref) is unique, so replays of the same cause write nothing. */
  ref: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

/**
 * Writes one ledger entry and moves the cached balance in the caller's transaction.
 * Returns false when an entry with the same (kind, ref) already exists.
 */
export async function addLedgerEntry(q: Queryable, entry: LedgerEntryInput): Promise<boolean> {
  if (!Number.isSafeInteger(entry.amountFen)) throw new Error(`ledger amounts are integer fen, got ${entry.amountFen}`);
  const inserted = await q
    .insert(ledgerEntries)
    .values({ userId: entry.userId, kind: entry.kind, amountFen: entry.amountFen, reason: entry.reason, ref: entry.ref })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  await q
    .update(users)
    .set({ balanceFen: sql`${users.balanceFen} + ${entry.amountFen}` })
    .where(eq(users.id, entry.userId));
  return true;
}

export async function credit(db: Db, entry: LedgerEntryInput): Promise<boolean> {
  return db.transaction((tx) => addLedgerEntry(tx, entry));
}

export async function balanceFen(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.balanceFen }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/** Sum of task and supercomputer job charges, for the "amount used" figure. */
export async function taskCostFen(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountFen}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.kind, ['task_charge', 'terminal_charge'])));
  return -Number(row?.total ?? 0);
}

export interface LedgerMismatch {
  userId: number;
  email: string;
  problem: string;
}

/** How long a cancelled running task may keep its hold while its worker stops it, before the hold counts as orphaned. */
const CANCEL_SETTLE_MINUTES = 60;

/**
 * Proves the books: every user's cached balance equals the sum of their ledger and is not
 * negative, every task fee equals the one charge written for it, and every hold belongs to a
 * live task (queued, running, or cancelled and still being stopped) and holds what the task records.
 */
export async function verifyLedger(db: Db): Promise<LedgerMismatch[]> {
  const balances = await selectRows<{ id: number; email: string; balance_fen: string; ledger_fen: string }>(db, sql`
    select u.id, u.email, u.balance_fen, coalesce(sum(l.amount_fen), 0) as ledger_fen
    from users u left join ledger_entries l on l.user_id = u.id
    group by u.id order by u.id`);
  const mismatches: LedgerMismatch[] = [];
  for (const r of balances) {
    if (Number(r.balance_fen) !== Number(r.ledger_fen)) {
      mismatches.push({ userId: r.id, email: r.email, problem: `balance ${r.balance_fen} fen != ledger sum ${r.ledger_fen} fen` });
    }
  }
  const fees = await selectRows<{ id: string; user_id: number; email: string; fee_fen: string; charged: string | null; n: string }>(db, sql`
    select t.id, t.user_id, u.email, t.fee_fen, -sum(l.amount_fen) as charged, count(l.id) as n
    from ${tasks} t join ${users} u on u.id = t.user_id
    left join ${ledgerEntries} l on l.kind = 'task_charge' and l.ref = 'task:' || t.id
    group by t.id, u.email
    having t.fee_fen <> coalesce(-sum(l.amount_fen), 0) or count(l.id) > 1`);
  for (const r of fees) {
    mismatches.push({ userId: r.user_id, email: r.email, problem: `task ${r.id} fee ${r.fee_fen} fen but charged ${r.charged ?? 0} fen in ${r.n} entries` });
  }
  const terminalFees = await selectRows<{ node: string; job_id: string; user_id: number; email: string; fee_fen: string; charged: string | null; n: string }>(db, sql`
    select j.node, j.job_id, j.user_id, u.email, j.fee_fen, -sum(l.amount_fen) as charged, count(l.id) as n
    from ${terminalJobs} j join ${users} u on u.id = j.user_id
    left join ${ledgerEntries} l on l.kind = 'terminal_charge' and l.ref = 'terminal:' || j.node || ':' || j.job_id
    group by j.id, u.email
    having j.fee_fen <> coalesce(-sum(l.amount_fen), 0) or count(l.id) > 1`);
  for (const r of terminalFees) {
    mismatches.push({ userId: r.user_id, email: r.email, problem: `terminal job ${r.node}:${r.job_id} fee ${r.fee_fen} fen but charged ${r.charged ?? 0} fen in ${r.n} entries` });
  }
  // A supercomputer job is charged after it ran, so it can take a balance below zero (the sync then
  // stops the account from submitting more); nothing else may.
  const negatives = await selectRows<{ id: number; email: string; balance_fen: string }>(db, sql`
    select u.id, u.email, u.balance_fen from ${users} u
    where u.balance_fen < 0 and not exists (select 1 from ${ledgerEntries} l where l.user_id = u.id and l.kind = 'terminal_charge')
    order by u.id`);
  for (const r of negatives) mismatches.push({ userId: r.id, email: r.email, problem: `negative balance ${r.balance_fen} fen` });
  // A workflow's hold is its budget: each step's hold is carved out of it and a finished step gives
  // back what it did not spend, so at every instant the workflow holds its submission hold less what
  // its steps hold now and what the ended ones were charged (none of it while it has no steps).
  const holds = await selectRows<{ task_id: string; user_id: number; email: string; state: string; amount_fen: string; hold_fen: string; expected_fen: string; steps: string }>(db, sql`
    select h.task_id, h.user_id, u.email, t.state, h.amount_fen, t.hold_fen, t.hold_fen - s.spent as expected_fen, s.steps
    from ${taskHolds} h join ${tasks} t on t.id = h.task_id join ${users} u on u.id = h.user_id
    cross join lateral (
      select count(c.id) as steps, coalesce(sum(coalesce(ch.amount_fen, c.fee_fen)), 0) as spent
      from ${tasks} c left join ${taskHolds} ch on ch.task_id = c.id
      where c.parent_id = t.id
    ) s
    where t.state in ('succeeded', 'failed')
       or (t.state = 'cancelled' and coalesce(t.heartbeat_at, t.ended_at) < now() - make_interval(mins => ${CANCEL_SETTLE_MINUTES}))
       or h.amount_fen <> t.hold_fen - s.spent
       or h.user_id <> t.user_id
    order by h.task_id`);
  for (const r of holds) {
    const ended = r.state === 'succeeded' || r.state === 'failed' ? `which has ${r.state}` : r.state === 'cancelled' ? 'which was cancelled and never settled' : undefined;
    const records = Number(r.steps) ? `the task records ${r.hold_fen} fen, ${r.expected_fen} fen after its ${r.steps} steps` : `the task records ${r.hold_fen} fen`;
    const problem = ended ? `hold ${r.amount_fen} fen without a live task: task ${r.task_id} ${ended}` : `hold ${r.amount_fen} fen on task ${r.task_id} but ${records}`;
    mismatches.push({ userId: r.user_id, email: r.email, problem });
  }
  return mismatches;
}

export type { Tx, Queryable };
