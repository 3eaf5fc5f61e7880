import { mkdir } from 'node:fs/promises';
import { executorOf } from './executors/from-config.ts';
import { LiveAttempts } from './live-attempts.ts';
import { runTask } from './run-task.ts';
import type { WorkerDeps } from './worker-deps.ts';
import { sweepStaleTasks } from './sweep.ts';
import { advanceTask } from './orchestrate.ts';
import { startTerminalSync } from './terminal-sync.ts';

export interface RunningWorker {
  stop(): Promise<void>;
}

/** Sweep often enough to notice a silent worker soon after it counts as stale. */
const sweepIntervalMs = (staleSeconds: number) => Math.min(30_000, (staleSeconds * 1000) / 2);

/**
 * Pulls task jobs from the queue and runs them. With PGlite there is one process,
 * so every task still marked running at start belongs to a dead run and is swept at once.
 */
export async function startWorker(deps: Omit<WorkerDeps, 'executor'> & { executor?: WorkerDeps['executor'] }): Promise<RunningWorker> {
  const live = new LiveAttempts();
  const full: WorkerDeps = { ...deps, executor: deps.executor ?? executorOf(deps.config), live };
  const { config, database, queue } = deps;
  await mkdir(config.scratchDir, { recursive: true });
  const initialStale = database.kind === 'pglite' ? 0 : config.taskStaleSeconds;
  const advance = (id: number) => advanceTask(full, id);
  const swept = await sweepStaleTasks(database, queue, initialStale, { advance });
  if (swept.requeued.length || swept.failed.length || swept.advanced.length) {
    console.info(`[worker] orphaned tasks: requeued ${swept.requeued.join(',') || '-'}, failed ${swept.failed.join(',') || '-'}, workflows moved on ${swept.advanced.join(',') || '-'}`);
  }
  const sweeper = setInterval(() => {
    sweepStaleTasks(database, queue, config.taskStaleSeconds, { advance, live }).catch((err) => console.error('[worker] sweep failed', err));
  }, sweepIntervalMs(config.taskStaleSeconds));
  const terminalSync = startTerminalSync(database.db, config);
  await queue.work(config.workerConcurrency, ({ taskId }) => runTask(full, taskId));
  console.info(`[worker] ${config.workerId} running ${config.workerConcurrency} task(s) at a time with the ${full.executor.kind} executor`);
  return {
    async stop() {
      clearInterval(sweeper);
      terminalSync?.stop();
    },
  };
}
