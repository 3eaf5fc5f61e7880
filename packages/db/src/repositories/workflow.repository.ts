import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { TASK_MESSAGES } from '@yunyao/contract';
import type { Db } from '../client.ts';
import { taskFiles, tasks } from '../schema.ts';
import { carveChildHold, lockedHoldFen, releaseHold } from './holds.repository.ts';
import { storedReason } from './task-reason.ts';
import type { NewTask, NewTaskFile, TaskRecord } from './task-records.ts';

/**
 * Workflows (module `group`): a running parent task whose steps are child tasks, created one after
 * another. The parent's hold is the workflow's budget: each child's hold is carved out of it, and
 * what a finished child leaves unspent goes back to it (finishTask), so the children together can
 * never be charged more than the workflow held.
 */

/** The child tasks of a workflow, in step order (creation order). */
export async function workflowChildren(db: Db, parentId: number): Promise<TaskRecord[]> {
  return db.select().from(tasks).where(eq(tasks.parentId, parentId)).orderBy(asc(tasks.id));
}

export type ChildInsert = { child: TaskRecord } | { refused: 'not_running' | 'exists' | 'budget'; leftFen: number };

/**
 * Creates step `stepIndex` (0-based) of a running workflow as a queued child task holding
 * min(`holdFen`, what the parent has left), in one transaction that locks the parent. Refused when
 * the parent stopped running, when that step already exists (another worker advanced it), or when
 * the parent has nothing left to hold. The child's input files (already stored) are recorded with it.
 */
export async function insertChildTask(
  db: Db,
  parentId: number,
  stepIndex: number,
  task: Omit<NewTask, 'parentId'>,
  cost: { estimateFen: number; holdFen: number },
  inputs: readonly NewTaskFile[],
): Promise<ChildInsert> {
  return db.transaction(async (tx) => {
    const [parent] = await tx.select({ state: tasks.state }).from(tasks).where(eq(tasks.id, parentId)).for('update');
    const leftFen = (await lockedHoldFen(tx, parentId)) ?? 0;
    if (parent?.state !== 'running') return { refused: 'not_running' as const, leftFen };
    const existing = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.parentId, parentId));
    if (existing.length !== stepIndex) return { refused: 'exists' as const, leftFen };
    const holdFen = Math.min(cost.holdFen, leftFen);
    if (holdFen <= 0) return { refused: 'budget' as const, leftFen };
    const [child] = await tx
      .insert(tasks)
      .values({ ...task, parentId, state: 'queued', estimateFen: cost.estimateFen, holdFen })
      .returning();
    await carveChildHold(tx, { taskId: parentId, leftFen }, { taskId: child!.id, userId: task.userId }, holdFen);
    if (inputs.length) await tx.insert(taskFiles).values(inputs.map((f) => ({ ...f, taskId: child!.id })));
    await tx.update(tasks).set({ updatedAt: new Date() }).where(eq(tasks.id, parentId));
    return { child: child! };
  });
}

/**
 * After the user cancelled a workflow: cancels its queued and running steps (a queued step's hold is
 * released at once; a running one's worker stops it and settles it) and releases what the workflow
 * still held, since no worker of its own is there to settle it. The ids of the steps it cancelled.
 */
export async function cancelWorkflowSteps(db: Db, parentId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const live = await tx
      .select({ id: tasks.id, state: tasks.state })
      .from(tasks)
      .where(and(eq(tasks.parentId, parentId), inArray(tasks.state, ['queued', 'running'])))
      .for('update');
    for (const child of live) {
      await tx.update(tasks).set({ state: 'cancelled', endedAt: new Date(), updatedAt: new Date(), ...storedReason(TASK_MESSAGES.workflowCancelled) }).where(eq(tasks.id, child.id));
      if (child.state === 'queued') await releaseHold(tx, child.id);
    }
    await releaseHold(tx, parentId);
    return live.map((c) => c.id);
  });
}

/**
 * Running workflows of these modules with no live child and no change for `staleSeconds`: the worker
 * that should have started their next step (or settled them) is gone, so the sweep advances them.
 */
export async function findStalledWorkflows(db: Db, modules: readonly string[], staleSeconds: number): Promise<TaskRecord[]> {
  if (!modules.length) return [];
  const cutoff = new Date(Date.now() - staleSeconds * 1000);
  return db
    .select()
    .from(tasks)
    .where(
      and(
        inArray(tasks.module, [...modules]),
        eq(tasks.state, 'running'),
        lt(tasks.updatedAt, cutoff),
        sql`not exists (select 1 from tasks c where c.parent_id = ${tasks.id} and c.state in ('queued', 'running'))`,
      ),
    );
}
