import { attemptOf, findAbandonedCancels, findStaleTasks, findStalledWorkflows, finishTask, requeueTask, type Database, type TaskRecord } from '@yunyao/db';
import { messageRef, TASK_MESSAGES } from '@yunyao/contract';
import { modules } from '@yunyao/modules';
import type { TaskQueue } from '@yunyao/platform';
import type { LiveAttempts } from './live-attempts.ts';

/** A task is tried this many times in all before a crash counts as its end. */
export const MAX_ATTEMPTS = 2;

/** Workflows run no worker of their own, so no heartbeat: they are moved on by their steps' ends, or by the sweep. */
const WORKFLOW_MODULES = [...modules.values()].filter((m) => m.runsChildren).map((m) => m.code);

/**
 * Finds running tasks whose worker stopped reporting (killed, machine lost) and
 * either queues them again or, after MAX_ATTEMPTS, fails them without charge. A task the
 * user cancelled whose worker is gone is settled without charge, which releases its hold.
 * Running workflows with no live step and no change for `staleSeconds` lost the worker that
 * should have moved them on: `advance` moves them on (starts the next step, or ends them).
 * Attempts in `live` run in this very process, which is sweeping and so is alive: however old their
 * heartbeat (the loop that writes it was held up), they keep their task.
 */
export async function sweepStaleTasks(
  database: Database,
  queue: TaskQueue,
  staleSeconds: number,
  { advance, live }: { advance?: (workflowId: number) => Promise<void>; live?: LiveAttempts } = {},
): Promise<{ requeued: number[]; failed: number[]; advanced: number[] }> {
  const requeued: number[] = [];
  const failed: number[] = [];
  const advanced: number[] = [];
  const silent = (tasks: TaskRecord[]) => tasks.filter((task) => !live?.has(attemptOf(task)));
  for (const task of silent(await findStaleTasks(database.db, staleSeconds, { except: WORKFLOW_MODULES }))) {
    if (task.attempts < MAX_ATTEMPTS) {
      if (await requeueTask(database.db, attemptOf(task))) {
        await queue.enqueue(task.id);
        requeued.push(task.id);
      }
    } else {
      // Fenced on the silent attempt: if it woke and finished meanwhile, its result stands.
      const ended = await finishTask(database.db, attemptOf(task), {
        state: 'failed',
        failureKind: 'platform',
        error: messageRef(TASK_MESSAGES.nodeLost, { attempts: task.attempts }),
        cpuSeconds: 0,
        priceFenPerCoreHour: 0,
      });
      if (ended) failed.push(task.id);
    }
  }
  for (const task of silent(await findAbandonedCancels(database.db, staleSeconds))) {
    const outcome = { state: 'failed', failureKind: 'platform', error: TASK_MESSAGES.cancelled, cpuSeconds: 0, priceFenPerCoreHour: 0 } as const;
    if (await finishTask(database.db, attemptOf(task), outcome)) failed.push(task.id);
  }
  if (advance) {
    for (const workflow of await findStalledWorkflows(database.db, WORKFLOW_MODULES, staleSeconds)) {
      await advance(workflow.id);
      advanced.push(workflow.id);
    }
  }
  return { requeued, failed, advanced };
}
