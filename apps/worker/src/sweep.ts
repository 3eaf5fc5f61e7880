import { attemptOf, findAbandonedCancels, findStaleTasks, finishTask, requeueTask, type Database } from '@yunyao/db';
import type { TaskQueue } from '@yunyao/platform';

/** A task is tried this many times in all before a crash counts as its end. */
export const MAX_ATTEMPTS = 2;

/**
 * Finds running tasks whose worker stopped reporting (killed, machine lost) and
 * either queues them again or, after MAX_ATTEMPTS, fails them without charge. A task the
 * user cancelled whose worker is gone is settled without charge, which releases its hold.
 */
export async function sweepStaleTasks(database: Database, queue: TaskQueue, staleSeconds: number): Promise<{ requeued: number[]; failed: number[] }> {
  const requeued: number[] = [];
  const failed: number[] = [];
  for (const task of await findStaleTasks(database.db, staleSeconds)) {
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
        error: `计算节点异常中断，已尝试 ${task.attempts} 次，本任务不收费`,
        cpuSeconds: 0,
        priceFenPerCoreHour: 0,
      });
      if (ended) failed.push(task.id);
    }
  }
  for (const task of await findAbandonedCancels(database.db, staleSeconds)) {
    const outcome = { state: 'failed', failureKind: 'platform', error: '任务已被用户取消', cpuSeconds: 0, priceFenPerCoreHour: 0 } as const;
    if (await finishTask(database.db, attemptOf(task), outcome)) failed.push(task.id);
  }
  return { requeued, failed };
}
