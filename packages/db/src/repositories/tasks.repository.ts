import { and, asc, count, desc, eq, inArray, isNull, lt, notInArray, or, sql, sum, type SQL } from 'drizzle-orm';
import { TASK_MESSAGES, type TaskFailureKind, type TaskState } from '@yunyao/contract';
import { storedReason } from './task-reason.ts';
import { taskCharge } from '../billing-rule.ts';
import type { Db } from '../client.ts';
import { taskCounts, taskFiles, taskHolds, taskRows, tasks, type TaskProgress } from '../schema.ts';
import { releaseHold, returnToParentHold } from './holds.repository.ts';
import { addLedgerEntry } from './ledger.repository.ts';
import type { NewTask, NewTaskFile, TaskFileRecord, TaskRecord } from './task-records.ts';

export { storedReason } from './task-reason.ts';

export type { NewTask, NewTaskFile, TaskFileRecord, TaskRecord } from './task-records.ts';

export async function insertTask(db: Db, task: NewTask): Promise<TaskRecord> {
  const [row] = await db.insert(tasks).values({ ...task, state: 'queued' }).returning();
  return row!;
}

export async function addTaskFiles(db: Db, taskId: number, files: NewTaskFile[]): Promise<void> {
  if (files.length) await db.insert(taskFiles).values(files.map((f) => ({ ...f, taskId })));
}

export async function getTask(db: Db, id: number): Promise<TaskRecord | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

export async function getTaskFiles(db: Db, taskId: number): Promise<TaskFileRecord[]> {
  return db.select().from(taskFiles).where(eq(taskFiles.taskId, taskId)).orderBy(asc(taskFiles.id));
}

/** The list filter's status code (1 running, 2 success, 3 failed) as lifecycle states. */
const STATES_OF_STATUS: Record<number, TaskState[]> = {
  1: ['queued', 'running'],
  2: ['succeeded'],
  3: ['failed', 'cancelled'],
};

/**
 * A page of the user's top-level tasks, newest first, with their total. The total sums the
 * user's task_counts rows (kept by triggers), so it costs the same at 10 tasks as at 100 000.
 */
export async function listTasks(
  db: Db,
  { userId, module, status, page, limit }: { userId: number; module?: string; status: number; page: number; limit: number },
): Promise<{ total: number; rows: TaskRecord[] }> {
  const states = STATES_OF_STATUS[status];
  const taskConditions: SQL[] = [eq(tasks.userId, userId), isNull(tasks.parentId)];
  const countConditions: SQL[] = [eq(taskCounts.userId, userId)];
  if (module) {
    taskConditions.push(eq(tasks.module, module));
    countConditions.push(eq(taskCounts.module, module));
  }
  if (states) {
    taskConditions.push(inArray(tasks.state, states));
    countConditions.push(inArray(taskCounts.state, states));
  }
  const [totalRow] = await db
    .select({ n: sql`coalesce(${sum(taskCounts.n)}, 0)`.mapWith(Number) })
    .from(taskCounts)
    .where(and(...countConditions));
  const rows = await db
    .select()
    .from(tasks)
    .where(and(...taskConditions))
    .orderBy(desc(tasks.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { total: totalRow!.n, rows };
}

/**
 * One hold on a task, its fencing token: the worker that claimed it and the attempt number the
 * claim gave it. A claim raises `attempts` and a requeue clears `worker`, so once a silent
 * attempt is requeued no later row matches its token, and every write it tries is refused.
 * A task nobody has claimed yet is held by (no worker, attempt 0): its submission.
 */
export interface TaskAttempt {
  taskId: number;
  worker: string | null;
  attempt: number;
}

/** The attempt that holds this task as read. */
export function attemptOf(task: TaskRecord): TaskAttempt {
  return { taskId: task.id, worker: task.worker, attempt: task.attempts };
}

/** The task's row, while `attempt` still holds it. */
function heldBy(attempt: TaskAttempt): SQL | undefined {
  return and(eq(tasks.id, attempt.taskId), eq(tasks.attempts, attempt.attempt), attempt.worker === null ? isNull(tasks.worker) : eq(tasks.worker, attempt.worker));
}

/**
 * The task's row while `attempt` holds it, or while the sweep's requeue of that very attempt waits in the
 * queue unclaimed (worker cleared, attempt count unchanged): no other attempt holds the task then, so the
 * attempt may take it back rather than lose its work. Only a later claim (attempts + 1) fences it off.
 */
function heldOrReleasedBy(attempt: TaskAttempt): SQL | undefined {
  if (attempt.worker === null) return heldBy(attempt);
  return and(
    eq(tasks.id, attempt.taskId),
    eq(tasks.attempts, attempt.attempt),
    or(eq(tasks.worker, attempt.worker), and(isNull(tasks.worker), eq(tasks.state, 'queued'))),
  );
}

/** Moves a queued task to running for this worker as a new attempt; undefined if it is not queued any more. */
export async function claimTask(db: Db, id: number, worker: string): Promise<TaskRecord | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ state: 'running', worker, attempts: sql`${tasks.attempts} + 1`, startedAt: new Date(), heartbeatAt: new Date(), updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.state, 'queued')))
    .returning();
  return row;
}

/**
 * Records that the attempt is alive, with its progress; an attempt requeued while it was silent takes its
 * task back if no other attempt claimed it since. False when the attempt must stop: the user cancelled,
 * the task ended, or another attempt holds it.
 */
export async function heartbeat(db: Db, attempt: TaskAttempt, progress?: TaskProgress): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ state: 'running', worker: attempt.worker, heartbeatAt: new Date(), ...(progress ? { progress } : {}) })
    .where(and(heldOrReleasedBy(attempt), inArray(tasks.state, ['running', 'queued'])))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/**
 * Cancels a queued or running task of this user; false if it already ended. A queued task never
 * ran, so its hold is released here; a running one keeps it until its worker stops and settles it.
 */
export async function cancelTask(db: Db, id: number, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select({ state: tasks.state, parentId: tasks.parentId })
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId), inArray(tasks.state, ['queued', 'running'])))
      .for('update');
    if (!task) return false;
    await tx.update(tasks).set({ state: 'cancelled', endedAt: new Date(), updatedAt: new Date(), ...storedReason(TASK_MESSAGES.cancelled) }).where(eq(tasks.id, id));
    if (task.state === 'queued') {
      const hold = await releaseHold(tx, id);
      // A workflow's step was held out of the workflow's budget, so that is where its hold goes back (as finishTask does).
      if (task.parentId !== null && hold !== undefined) await returnToParentHold(tx, task.parentId, hold);
      // Rows an attempt requeued midway through taking them in (ingestRows) stored; nobody will end this task through finishTask.
      await tx.delete(taskRows).where(eq(taskRows.taskId, id));
    }
    return true;
  });
}

/** How a run ended: a failure always says its kind, which decides the charge (billing-rule.ts). */
export type TaskOutcome = {
  /** Why it failed: a message id (encoded with its parameters) or a text. */
  error?: string;
  result?: unknown;
  out?: string;
  cpuSeconds: number;
  priceFenPerCoreHour: number;
  outputs?: NewTaskFile[];
  rows?: Record<string, unknown>[];
} & ({ state: 'succeeded'; failureKind?: undefined } | { state: 'failed'; failureKind: TaskFailureKind });

/**
 * Ends a task (running, user-cancelled, or queued when its submission broke) and charges it, in one
 * transaction, if `attempt` still holds it, or was requeued while silent and nobody claimed it since
 * (its result stands, and the queued job finds nothing to claim); undefined when refused. An attempt
 * that another attempt superseded writes nothing: no outputs, rows, state or charge. The charge settles against the
 * hold placed at submission: never more than it, and the hold is released in the same transaction.
 * Idempotent: a task that already succeeded or failed is left alone, and the
 * ledger's unique (kind, ref) makes a second charge impossible even if two
 * completions race. Whether the CPU used is charged is the billing rule's call (billing-rule.ts).
 */
export async function finishTask(db: Db, attempt: TaskAttempt, outcome: TaskOutcome): Promise<TaskRecord | undefined> {
  const id = attempt.taskId;
  const rows = outcome.state === 'succeeded' ? (outcome.rows ?? []) : [];
  if (rows.length && !(await ingestRows(db, attempt, rows))) return undefined;
  return db.transaction(async (tx) => {
    const [task] = await tx.select().from(tasks).where(heldOrReleasedBy(attempt)).for('update');
    if (!task || task.state === 'succeeded' || task.state === 'failed') return undefined;
    const hold = await releaseHold(tx, id);
    // A task submitted with a hold whose hold is gone was already settled (a cancel the sweep ended).
    if (task.holdFen > 0 && hold === undefined) return undefined;
    const cancelled = task.state === 'cancelled';
    const ending = outcome.state === 'succeeded' ? 'succeeded' : outcome.failureKind;
    const { machineTime, feeFen } = taskCharge(ending, outcome.cpuSeconds, outcome.priceFenPerCoreHour, hold);
    // A workflow's step gives what it did not spend back to the workflow's budget, not to the balance.
    if (task.parentId !== null && hold !== undefined) await returnToParentHold(tx, task.parentId, hold - feeFen);
    if (feeFen > 0) {
      await addLedgerEntry(tx, {
        userId: task.userId,
        kind: 'task_charge',
        amountFen: -feeFen,
        reason: `任务 ${task.id} (${task.module}) ${machineTime} 核时`,
        ref: `task:${task.id}`,
      });
    }
    if (!cancelled && outcome.outputs?.length) await tx.insert(taskFiles).values(outcome.outputs.map((f) => ({ ...f, taskId: id })));
    // The rows went in ahead of this transaction; an ending without rows of its own leaves none behind.
    if (cancelled || !rows.length) await tx.delete(taskRows).where(eq(taskRows.taskId, id));
    const [updated] = await tx
      .update(tasks)
      .set({
        state: cancelled ? 'cancelled' : outcome.state,
        worker: attempt.worker,
        failureKind: cancelled ? null : (outcome.failureKind ?? null),
        ...(cancelled ? {} : outcome.error !== undefined ? storedReason(outcome.error) : { error: null, errorMessage: null }),
        result: cancelled ? null : (outcome.result ?? null),
        out: cancelled ? null : (outcome.out ?? null),
        cpuSeconds: outcome.cpuSeconds,
        machineTime,
        feeFen,
        endedAt: task.endedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(tasks.id, id))
      .returning();
    return updated;
  });
}

/** Result rows per transaction while a task's rows are taken in. */
const ROW_BATCH = 500;

/**
 * Stores a finishing attempt's result rows, a batch per transaction, each fenced as the ending is: the
 * embedded database runs one transaction at a time, so thousands of rows in one would keep every API
 * request waiting for seconds; between batches they take their turn. The first batch clears rows an
 * attempt fenced off midway left behind. Readers see rows only once the task has succeeded. False when
 * the attempt no longer holds the task: nothing more is stored. A task the user cancelled keeps no rows,
 * so its batches stop, and the ending settles it.
 */
async function ingestRows(db: Db, attempt: TaskAttempt, rows: Record<string, unknown>[]): Promise<boolean> {
  const id = attempt.taskId;
  for (let i = 0; i < rows.length; i += ROW_BATCH) {
    const state = await db.transaction(async (tx) => {
      const [task] = await tx.select({ state: tasks.state }).from(tasks).where(heldOrReleasedBy(attempt)).for('update');
      if (task?.state !== 'running' && task?.state !== 'queued') return task?.state;
      if (i === 0) await tx.delete(taskRows).where(eq(taskRows.taskId, id));
      await tx.insert(taskRows).values(rows.slice(i, i + ROW_BATCH).map((row, j) => ({ taskId: id, idx: i + j, row })));
      return task.state;
    });
    if (state === 'cancelled') return true;
    if (state !== 'running' && state !== 'queued') return false;
  }
  return true;
}

/** Running tasks whose worker has been silent for longer than `staleSeconds`; `except`: modules that run no worker of their own (workflows). */
export async function findStaleTasks(db: Db, staleSeconds: number, { except = [] }: { except?: readonly string[] } = {}): Promise<TaskRecord[]> {
  const cutoff = new Date(Date.now() - staleSeconds * 1000);
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.state, 'running'),
        or(lt(tasks.heartbeatAt, cutoff), sql`${tasks.heartbeatAt} is null`),
        except.length ? notInArray(tasks.module, [...except]) : undefined,
      ),
    );
}

/**
 * Running tasks the user cancelled whose worker has been silent for longer than `staleSeconds`
 * while their hold is still placed: nobody is left to stop and settle them.
 */
export async function findAbandonedCancels(db: Db, staleSeconds: number): Promise<TaskRecord[]> {
  const cutoff = new Date(Date.now() - staleSeconds * 1000);
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.state, 'cancelled'),
        or(lt(tasks.heartbeatAt, cutoff), sql`${tasks.heartbeatAt} is null`),
        sql`exists (select 1 from ${taskHolds} where ${taskHolds.taskId} = ${tasks.id})`,
      ),
    );
}

/** Puts the task of a silent attempt back in the queue (fencing that attempt off), unless someone else already did. */
export async function requeueTask(db: Db, attempt: TaskAttempt): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ state: 'queued', worker: null, heartbeatAt: null, updatedAt: new Date() })
    .where(and(heldBy(attempt), eq(tasks.state, 'running')))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

/** A task's rows, once it has succeeded: while its rows are taken in (ingestRows), none show. */
function rowsOfSucceeded(taskId: number): SQL | undefined {
  return and(eq(taskRows.taskId, taskId), sql`exists (select 1 from ${tasks} where ${tasks.id} = ${taskId} and ${tasks.state} = 'succeeded')`);
}

export async function getTaskRows(db: Db, taskId: number, offset: number, limit: number): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const [totalRow] = await db.select({ n: count() }).from(taskRows).where(rowsOfSucceeded(taskId));
  const rows = await db
    .select({ row: taskRows.row })
    .from(taskRows)
    .where(rowsOfSucceeded(taskId))
    .orderBy(asc(taskRows.idx))
    .offset(offset)
    .limit(limit);
  // Only parsers' rows are stored, and each is an object (executeModule checks them against the module's schema).
  return { total: Number(totalRow?.n ?? 0), rows: rows.map((r) => r.row as Record<string, unknown>) };
}

/** A numeric bound on one key of a task's result rows; rows whose value is missing or null never match. */
export interface RowBound {
  key: string;
  /** Inclusive lower bound. */
  min?: number;
  /** Inclusive upper bound. */
  max?: number;
  /** Exclusive upper bound (a "negative" below a cut-off). */
  below?: number;
}

function rowBoundsSql(bounds: readonly RowBound[]): SQL[] {
  return bounds.flatMap((b) => {
    const value = sql`(${taskRows.row} ->> ${b.key})::float8`;
    return [
      ...(b.min !== undefined ? [sql`${value} >= ${b.min}`] : []),
      ...(b.max !== undefined ? [sql`${value} <= ${b.max}`] : []),
      ...(b.below !== undefined ? [sql`${value} < ${b.below}`] : []),
    ];
  });
}

/** A task's result rows within numeric bounds, in row order; `limit` undefined returns every match. */
export async function filterTaskRows(
  db: Db,
  taskId: number,
  bounds: readonly RowBound[],
  page: { offset: number; limit?: number },
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const where = and(rowsOfSucceeded(taskId), ...rowBoundsSql(bounds));
  const [totalRow] = await db.select({ n: count() }).from(taskRows).where(where);
  const query = db.select({ row: taskRows.row }).from(taskRows).where(where).orderBy(asc(taskRows.idx)).offset(page.offset);
  const rows = page.limit === undefined ? await query : await query.limit(page.limit);
  return { total: Number(totalRow?.n ?? 0), rows: rows.map((r) => r.row as Record<string, unknown>) };
}

/** The newest result row of this user's tasks of `module` whose `key` equals `value` (optionally in one task). */
export async function findTaskRow(
  db: Db,
  where: { userId: number; module: string; key: string; value: string; taskId?: number },
): Promise<Record<string, unknown> | undefined> {
  const [hit] = await db
    .select({ row: taskRows.row })
    .from(taskRows)
    .innerJoin(tasks, eq(tasks.id, taskRows.taskId))
    .where(
      and(
        eq(tasks.userId, where.userId),
        eq(tasks.module, where.module),
        eq(tasks.state, 'succeeded'),
        where.taskId !== undefined ? eq(tasks.id, where.taskId) : undefined,
        sql`${taskRows.row} ->> ${where.key} = ${where.value}`,
      ),
    )
    .orderBy(desc(taskRows.taskId))
    .limit(1);
  return hit?.row as Record<string, unknown> | undefined;
}

export async function lastTasksOfModule(db: Db, userId: number, module: string, limit: number): Promise<TaskRecord[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.module, module)))
    .orderBy(desc(tasks.id))
    .limit(limit);
}

export async function childTasks(db: Db, parentIds: number[]): Promise<TaskRecord[]> {
  if (!parentIds.length) return [];
  return db.select().from(tasks).where(inArray(tasks.parentId, parentIds)).orderBy(asc(tasks.id));
}
