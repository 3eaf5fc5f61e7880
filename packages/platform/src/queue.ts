import { PgBoss } from 'pg-boss';
import type { SqlExecutor } from '@yunyao/db';

const TASK_QUEUE = 'tasks';
/** pg-boss refuses a job expiry beyond 24 hours (its POLICY.MAX_EXPIRATION_HOURS). */
export const MAX_QUEUE_EXPIRY_SECONDS = 24 * 3600;

export interface TaskJob {
  taskId: number;
}

/**
 * The task queue: one pg-boss queue in the same database as everything else
 * (PGlite or PostgreSQL). pg-boss never retries by itself; orphaned tasks are
 * re-sent by the worker's stale-task sweep, which knows about attempts and billing.
 */
export class TaskQueue {
  private constructor(private readonly boss: PgBoss) {}

  static async start(sql: SqlExecutor, { expireInSeconds }: { expireInSeconds: number }): Promise<TaskQueue> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => sql.executeSql(text, values) },
      schedule: false,
      // Keep the maintenance cheap: PGlite shares one connection with the API.
      maintenanceIntervalSeconds: 300,
    });
    boss.on('error', (err) => console.error('[queue]', err));
    await boss.start();
    // Retries and expiry are the queue's policy; updateQueue carries a changed longest time limit to a queue made earlier.
    // A task may run for days (molecular dynamics) while a job may not be kept over 24 hours. That is safe:
    // at expiry pg-boss marks the job failed but never stops its handler, and holds that worker slot until the
    // run returns; the task itself is governed by its own attempt (heartbeat, stale sweep, module time limit).
    const policy = { retryLimit: 0, expireInSeconds: Math.min(expireInSeconds, MAX_QUEUE_EXPIRY_SECONDS) };
    if (await boss.getQueue(TASK_QUEUE)) await boss.updateQueue(TASK_QUEUE, policy);
    else await boss.createQueue(TASK_QUEUE, policy);
    return new TaskQueue(boss);
  }

  async enqueue(taskId: number): Promise<void> {
    await this.boss.send(TASK_QUEUE, { taskId } satisfies TaskJob);
  }

  /** Runs `handler` for each job, `concurrency` jobs at a time within this process. */
  async work(concurrency: number, handler: (job: TaskJob) => Promise<void>): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      await this.boss.work<TaskJob>(TASK_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    }
  }

  /** Jobs waiting for a worker. */
  async depth(): Promise<number> {
    return (await this.boss.getQueue(TASK_QUEUE))?.queuedCount ?? 0;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
