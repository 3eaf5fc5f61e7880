import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { messageRef, TASK_MESSAGES, yuanText } from '@yunyao/contract';
import { attemptOf, claimTask, finishTask, getTaskFiles, heartbeat, type NewTaskFile, type TaskAttempt, type TaskOutcome, type TaskProgress, type TaskRecord } from '@yunyao/db';
import { engineInfos } from '@yunyao/engines';
import { cpuSecondsOfHold, getModule, type ModuleDefinition } from '@yunyao/modules';
import { executeModule, TASK_LOG } from '@yunyao/modules/run';
import type { Storage } from '@yunyao/platform';
import { advanceTask } from './orchestrate.ts';
import type { WorkerDeps } from './worker-deps.ts';

/** Each attempt stores its outputs apart, so a stale attempt cannot overwrite the files of the one that holds the task. */
const outputPrefix = (attempt: TaskAttempt) => `tasks/${attempt.taskId}/output/${attempt.attempt}/`;

async function storeOutputs(storage: Storage, prefix: string, workdir: string, outputs: { path: string; name: string }[]): Promise<NewTaskFile[]> {
  const stored: NewTaskFile[] = [];
  for (const o of outputs) {
    const key = `${prefix}${o.name}`;
    const size = await storage.put(key, await readFile(join(workdir, o.path)));
    stored.push({ role: o.name === TASK_LOG ? 'log' : 'output', name: o.name, storageKey: key, size });
  }
  return stored;
}

/** What the steps say of their progress, if the module keeps a progress file and it reads as one. */
async function readProgress(workdir: string, mod: ModuleDefinition): Promise<TaskProgress | undefined> {
  if (!mod.progressFile) return undefined;
  try {
    const p = JSON.parse(await readFile(join(workdir, mod.progressFile), 'utf8')) as Partial<TaskProgress>;
    if (!Number.isFinite(p.done) || !Number.isFinite(p.total)) return undefined;
    const progress: TaskProgress = { done: Number(p.done), total: Number(p.total), unit: String(p.unit ?? '') };
    const estimate = p.estimate;
    if (estimate && typeof estimate.label === 'string' && Number.isFinite(estimate.value)) progress.estimate = { label: estimate.label, value: Number(estimate.value) };
    const chunks = p.chunks;
    if (chunks && Number.isFinite(chunks.done) && Number.isFinite(chunks.total)) progress.chunks = { done: Number(chunks.done), total: Number(chunks.total) };
    return progress;
  } catch {
    return undefined; // not written yet, or caught mid-write by a writer that does not rename
  }
}

/** What the user reads when the platform itself broke (storage, scratch space, a result it could not read). */
const PLATFORM_FAILURE = TASK_MESSAGES.platformFailure;

/** Why a task stopped at its hold, in the figures the user chose or was shown at submission. */
function spendingCapReason(task: TaskRecord): string {
  return messageRef(TASK_MESSAGES.spendingCap, { hold: yuanText(task.holdFen), estimate: yuanText(task.estimateFen) });
}

/** Runs the module's steps and parser for a claimed task and returns how it ended; never throws for engine failures. */
async function execute(
  deps: WorkerDeps,
  task: TaskRecord,
  mod: ModuleDefinition,
  dirs: { workdir: string; checkpointDir?: string; outputPrefix: string },
  signal: AbortSignal,
): Promise<TaskOutcome> {
  const { config, storage, executor, database } = deps;
  const { workdir } = dirs;
  const price = mod.priceFenPerCoreHour;
  const inputs = (await getTaskFiles(database.db, task.id))
    .filter((f) => f.role === 'input')
    .map((f) => ({ field: f.field, name: f.name, content: () => storage.get(f.storageKey) }));
  const [run, engines] = await Promise.all([
    executeModule(mod, task.params, {
      workdir,
      inputs,
      python: config.python,
      pythonPath: config.pythonPath,
      licensed: config.licensedEngines,
      ...(dirs.checkpointDir ? { checkpointDir: dirs.checkpointDir } : {}),
      cacheDir: join(config.moduleCacheDir, mod.code),
      receptorCacheDir: config.receptorCacheDir,
      // Tasks from before holds existed have none and run unbounded, as they were submitted.
      ...(task.holdFen > 0 ? { cpuBudgetSeconds: cpuSecondsOfHold(task.holdFen, price) } : {}),
      signal,
      run: (step) => executor.run(step),
      chunks: { count: executor.chunkCount, ...(executor.runChunks ? { run: executor.runChunks.bind(executor) } : {}) },
    }),
    engineInfos(mod.engines, config.python),
  ]);
  const base = { cpuSeconds: run.cpuSeconds, priceFenPerCoreHour: price };
  const log = { path: TASK_LOG, name: TASK_LOG };
  if (run.failure) {
    const reason = run.failure.kind === 'spending_cap' ? spendingCapReason(task) : run.failure.reason;
    return { ...base, state: 'failed', failureKind: run.failure.kind, error: reason, outputs: await storeOutputs(storage, dirs.outputPrefix, workdir, [log]) };
  }
  const parsed = run.result;
  const outputs = await storeOutputs(storage, dirs.outputPrefix, workdir, [...parsed.outputs, log]);
  const { engines: stepVersions, ...summary } = parsed.summary;
  return {
    state: 'succeeded',
    ...base,
    out: parsed.out,
    outputs,
    rows: parsed.rows,
    result: {
      ...summary,
      // The platform's provenance wins over a step's own keys; a step's finer versions (e.g. the model set) are kept beside it.
      module: mod.code,
      module_version: mod.version,
      engines: engines.map(({ id, name, version }) => ({ id, name, version })),
      ...(stepVersions ? { step_versions: stepVersions } : {}),
      resources: run.resources,
      steps: run.steps,
    },
  };
}

/**
 * Runs one queued task to its end. Safe to call twice for the same id: only the
 * call that claims the task runs it, and finishing is idempotent. An attempt that
 * was requeued while it was silent (paused, cut off from the database) takes the task
 * back if nobody claimed it since; if another attempt did, it learns so from its
 * heartbeat or its refused completion, stops, and leaves no trace.
 */
export async function runTask(deps: WorkerDeps, taskId: number): Promise<void> {
  const { config, database } = deps;
  const task = await claimTask(database.db, taskId, config.workerId);
  if (!task) return;
  const attempt = attemptOf(task);
  // Live from its claim: even the staging below may wait on a held-up loop past the stale interval.
  deps.live?.add(attempt);
  try {
    await runClaimed(deps, task, attempt);
  } finally {
    deps.live?.delete(attempt);
  }
}

async function runClaimed(deps: WorkerDeps, task: TaskRecord, attempt: TaskAttempt): Promise<void> {
  const { config, database, storage } = deps;
  const mod = getModule(task.module);
  const fail = (error: string, cpuSeconds = 0): TaskOutcome => ({ state: 'failed', failureKind: 'platform', error, cpuSeconds, priceFenPerCoreHour: 0 });
  if (!mod) {
    await finishTask(database.db, attempt, fail(messageRef(TASK_MESSAGES.moduleNotInstalled, { module: task.module })));
    return;
  }
  if (mod.runsChildren) {
    // A workflow holds no worker: it starts its first step and is moved on as its steps end.
    await mod.advance?.(deps, task.id);
    return;
  }
  const workdir = join(config.scratchDir, `task-${task.id}-${attempt.attempt}`);
  await rm(workdir, { recursive: true, force: true });
  await mkdir(workdir, { recursive: true });
  // Outlives a crashed or superseded attempt, so the next attempt resumes; removed when the task ends.
  const checkpointDir = mod.resumable ? join(config.scratchDir, `task-${task.id}-checkpoint`) : undefined;
  if (checkpointDir) await mkdir(checkpointDir, { recursive: true });
  const abort = new AbortController();
  const beat = setInterval(() => {
    readProgress(workdir, mod)
      .then((progress) => heartbeat(database.db, attempt, progress))
      .then((current) => current || abort.abort())
      .catch((err) => console.error(`[worker] heartbeat for task ${task.id} failed`, err));
  }, deps.heartbeatMs ?? 2000);
  try {
    const outcome = await execute(deps, task, mod, { workdir, checkpointDir, outputPrefix: outputPrefix(attempt) }, abort.signal).catch((err: Error): TaskOutcome => {
      // Its message can name server paths (storage, scratch): the log keeps it, the user reads why in Chinese.
      console.error(`[worker] task ${task.id} failed inside the platform`, err);
      return fail(PLATFORM_FAILURE);
    });
    if (await finishTask(database.db, attempt, outcome)) {
      if (checkpointDir) await rm(checkpointDir, { recursive: true, force: true });
      if (task.parentId !== null) await advanceTask(deps, task.parentId);
    } else {
      // Fenced off (another attempt claimed it, or the user's cancel was settled without it): the checkpoint belongs to whoever holds the task now.
      console.warn(`[worker] task ${task.id} attempt ${attempt.attempt} no longer holds the task; its results are discarded`);
      await storage.deletePrefix(outputPrefix(attempt));
    }
  } finally {
    clearInterval(beat);
    await rm(workdir, { recursive: true, force: true });
  }
}
