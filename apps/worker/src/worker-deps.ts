import type { Database } from '@yunyao/db';
import type { Config, Storage, TaskQueue } from '@yunyao/platform';
import type { Executor } from './executors/executor.ts';
import type { LiveAttempts } from './live-attempts.ts';

/** What running a task needs, shared by the task runner and the workflow steps it advances. */
export interface WorkerDeps {
  config: Config;
  database: Database;
  storage: Storage;
  executor: Executor;
  /** Where a workflow's next step is queued once its child tasks end. */
  queue: TaskQueue;
  /** How often the runner reports liveness and checks for a cancel. */
  heartbeatMs?: number;
  /** The attempts this process runs now, which its sweep leaves alone (startWorker makes one). */
  live?: LiveAttempts;
}
