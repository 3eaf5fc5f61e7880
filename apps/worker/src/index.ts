export { startWorker, type RunningWorker } from './worker.ts';
export { runTask } from './run-task.ts';
export { sweepStaleTasks, MAX_ATTEMPTS } from './sweep.ts';
export { MAX_TIME_LIMIT_SECONDS } from './limits.ts';
export { LocalExecutor } from './executors/local.executor.ts';
export { SlurmExecutor } from './executors/slurm.executor.ts';
export { executorOf } from './executors/from-config.ts';
export type { Executor } from './executors/executor.ts';
export { advanceTask } from './orchestrate.ts';
