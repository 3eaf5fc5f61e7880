import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { refunds, taskHolds, tasks, users } from '../schema.ts';
import type { Queryable } from './ledger.repository.ts';

/*
 * task_holds, the money set aside for live tasks: the only repository that writes them. Tasks,
 * workflow and payments depend on it, and it on none of them.
 */
import type { NewTask, TaskRecord } from './task-records.ts';

/**
 * A user's money as submissions and refund requests see it: the balance, what is set aside
 * of it (live tasks' holds, balance refunds waiting for staff), and the rest.
 */
export interface Availability {
  balanceFen: number;
  /** Held by the user's queued and running tasks. */
  heldFen: number;
  /** Asked back in refunds staff have not decided yet. */
  pendingRefundFen: number;
  availableFen: number;
}

async function heldFen(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ held: sql<string>`coalesce(sum(${taskHolds.amountFen}), 0)` })
    .from(taskHolds)
    .where(eq(taskHolds.userId, userId));
  return Number(row?.held ?? 0);
}

async function pendingRefundFen(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${refunds.amountFen}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.userId, userId), eq(refunds.status, 'pending')));
  return Number(row?.total ?? 0);
}

/**
 * The user's availability; with `lock`, the user's row is locked first (in the caller's
 * transaction), so whatever the caller then sets aside is weighed after every earlier one.
 */
export async function availability(q: Queryable, userId: number, { lock = false } = {}): Promise<Availability> {
  const query = q.select({ balance: users.balanceFen }).from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  const balanceFen = user?.balance ?? 0;
  const held = await heldFen(q, userId);
  const pending = await pendingRefundFen(q, userId);
  return { balanceFen, heldFen: held, pendingRefundFen: pending, availableFen: balanceFen - held - pending };
}

/** What submission holds for a task: the module's estimate and the hold (fen). */
export interface HoldAmounts {
  estimateFen: number;
  holdFen: number;
}

/** A submission the balance cannot cover, with the figures the refusal shows. */
export interface HoldRefusal extends Availability {
  refused: true;
}

/**
 * Creates a queued task and holds its cost on the user's balance in one transaction that
 * locks the user's row, so concurrent submissions are weighed one after another and can never
 * together hold more than the balance. Refused (nothing written) when the balance is not
 * positive or the available balance is short of the hold.
 */
export async function insertHeldTask(db: Db, task: NewTask, cost: HoldAmounts): Promise<TaskRecord | HoldRefusal> {
  return db.transaction(async (tx) => {
    const figures = await availability(tx, task.userId, { lock: true });
    if (figures.balanceFen <= 0 || figures.availableFen < cost.holdFen) return { refused: true as const, ...figures };
    const [row] = await tx
      .insert(tasks)
      .values({ ...task, state: 'queued', estimateFen: cost.estimateFen, holdFen: cost.holdFen })
      .returning();
    await tx.insert(taskHolds).values({ taskId: row!.id, userId: task.userId, amountFen: cost.holdFen });
    return row!;
  });
}

/** Removes the task's hold in the caller's transaction; the amount it held, or undefined if it had none. */
export async function releaseHold(q: Queryable, taskId: number): Promise<number | undefined> {
  const [row] = await q.delete(taskHolds).where(eq(taskHolds.taskId, taskId)).returning({ amount: taskHolds.amountFen });
  return row?.amount;
}

/** What the task holds, read with its hold row locked in the caller's transaction (undefined: it holds nothing any more). */
export async function lockedHoldFen(q: Queryable, taskId: number): Promise<number | undefined> {
  const [row] = await q.select({ amount: taskHolds.amountFen }).from(taskHolds).where(eq(taskHolds.taskId, taskId)).for('update');
  return row?.amount;
}

/**
 * Moves `amountFen` of a workflow's hold (of which `parentLeftFen` is left, read by lockedHoldFen) to its
 * new child's, in the caller's transaction: the children together never hold more than the workflow did.
 */
export async function carveChildHold(q: Queryable, parent: { taskId: number; leftFen: number }, child: { taskId: number; userId: number }, amountFen: number): Promise<void> {
  await q.update(taskHolds).set({ amountFen: parent.leftFen - amountFen }).where(eq(taskHolds.taskId, parent.taskId));
  await q.insert(taskHolds).values({ taskId: child.taskId, userId: child.userId, amountFen });
}

/** Gives a finished child's unspent hold back to its workflow, in finishTask's transaction; nothing when the workflow holds nothing any more. */
export async function returnToParentHold(q: Queryable, parentId: number, unspentFen: number): Promise<void> {
  if (unspentFen <= 0) return;
  await q
    .update(taskHolds)
    .set({ amountFen: sql`${taskHolds.amountFen} + ${unspentFen}` })
    .where(eq(taskHolds.taskId, parentId));
}
