import { mkdir, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { basename, extname, join, resolve, sep } from 'node:path';
import { claimTask, finishTask, getTaskFiles, heartbeat, type Database, type NewTaskFile, type TaskOutcome, type TaskProgress, type TaskRecord } from '@yunyao/db';
import { engineInfos } from '@yunyao/engines';
import { getModule, taskResources, type ModuleDefinition, type StagedInput } from '@yunyao/modules';
import type { Config, Storage } from '@yunyao/platform';
import type { Executor } from './executors/executor.ts';
import { failureReason } from './failure.ts';

export interface WorkerDeps {
  config: Config;
  database: Database;
  storage: Storage;
  executor: Executor;
  /** How often the runner reports liveness and checks for a cancel. */
  heartbeatMs?: number;
}

const LOG_NAME = 'task.log';

/** Keeps a name recognisable in the scratch dir while making it safe for any engine's argv. */
function stagedName(index: number, original: string): string {
  const ext = extname(original).toLowerCase().replace(/[^.a-z0-9]/g, '');
  const stem = basename(original, extname(original)).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'file';
  return `${index}_${stem}${ext}`;
}

async function stageInputs(storage: Storage, database: Database, taskId: number, workdir: string): Promise<Record<string, StagedInput[]>> {
  await mkdir(join(workdir, 'inputs'), { recursive: true });
  const staged: Record<string, StagedInput[]> = {};
  const files = (await getTaskFiles(database.db, taskId)).filter((f) => f.role === 'input');
  for (const [i, f] of files.entries()) {
    const path = join('inputs', stagedName(i, f.name));
    await writeFile(join(workdir, path), await storage.get(f.storageKey));
    (staged[f.field] ??= []).push({ path, originalName: f.name });
  }
  return staged;
}

async function storeOutputs(storage: Storage, taskId: number, workdir: string, outputs: { path: string; name: string }[]): Promise<NewTaskFile[]> {
  const stored: NewTaskFile[] = [];
  for (const o of outputs) {
    const key = `tasks/${taskId}/output/${o.name}`;
    const size = await storage.put(key, await readFile(join(workdir, o.path)));
    stored.push({ role: o.name === LOG_NAME ? 'log' : 'output', name: o.name, storageKey: key, size });
  }
  return stored;
}

/** A step's own file path, refused if it would land outside the task's scratch dir. */
function insideWorkdir(workdir: string, rel: string): string {
  const abs = resolve(workdir, rel);
  if (!abs.startsWith(resolve(workdir) + sep)) throw new Error(`step file escapes the task dir: ${rel}`);
  return abs;
}

/** What the steps say of their progress, if the module keeps a progress file and it reads as one. */
async function readProgress(workdir: string, mod: ModuleDefinition): Promise<TaskProgress | undefined> {
  if (!mod.progressFile) return undefined;
  try {
    const p = JSON.parse(await readFile(join(workdir, mod.progressFile), 'utf8')) as Partial<TaskProgress>;
    return Number.isFinite(p.done) && Number.isFinite(p.total) ? { done: Number(p.done), total: Number(p.total), unit: String(p.unit ?? '') } : undefined;
  } catch {
    return undefined; // not written yet, or caught mid-write by a writer that does not rename
  }
}

/** Runs the module's steps and parser for a claimed task and returns how it ended; never throws for engine failures. */
async function execute(
  deps: WorkerDeps,
  task: TaskRecord,
  mod: ModuleDefinition,
  dirs: { workdir: string; checkpointDir?: string },
  signal: AbortSignal,
): Promise<TaskOutcome> {
  const { config, storage, executor, database } = deps;
  const { workdir } = dirs;
  const price = mod.priceFenPerCoreHour;
  const inputs = await stageInputs(storage, database, task.id, workdir);
  const params = mod.params.parse(task.params);
  const resources = taskResources(mod, params);
  const ctx = {
    params,
    inputs,
    python: config.python,
    pythonPath: config.pythonPath,
    ...resources,
    licensed: config.licensedEngines,
    ...(dirs.checkpointDir ? { checkpointDir: dirs.checkpointDir } : {}),
  };
  const logPath = join(workdir, LOG_NAME);
  const engines = await engineInfos(mod.engines, config.python);
  const steps: { name: string; argv: string[]; exit_code: number | null; cpu_seconds: number; wall_seconds: number }[] = [];
  let cpuSeconds = 0;
  const logOutput = async () => storeOutputs(storage, task.id, workdir, [{ path: LOG_NAME, name: LOG_NAME }]);

  for (const step of mod.buildSteps(ctx)) {
    for (const [rel, content] of Object.entries(step.files ?? {})) await writeFile(insideWorkdir(workdir, rel), content);
    const stdoutPath = join(workdir, `.${step.name}.stdout`);
    const stderrPath = join(workdir, `.${step.name}.stderr`);
    const res = await executor.run({
      name: step.name,
      argv: step.argv,
      env: step.env ?? {},
      cwd: workdir,
      cores: resources.cores,
      ...(resources.memoryMbPerCore ? { memoryMbPerCore: resources.memoryMbPerCore } : {}),
      timeLimitSeconds: mod.timeLimitSeconds,
      signal,
      stdoutPath,
      stderrPath,
    });
    cpuSeconds += res.cpuSeconds;
    steps.push({ name: step.name, argv: step.argv, exit_code: res.exitCode, cpu_seconds: res.cpuSeconds, wall_seconds: res.wallSeconds });
    const out = await readFile(stdoutPath, 'utf8').catch(() => '');
    const err = await readFile(stderrPath, 'utf8').catch(() => '');
    await appendFile(logPath, `== ${step.name}: ${step.argv.join(' ')}\n-- exit ${res.exitCode}, cpu ${res.cpuSeconds.toFixed(2)} s\n${out}${err}\n`);
    const base = { cpuSeconds, priceFenPerCoreHour: price };
    if (res.refused) return { ...base, state: 'failed', failureKind: 'input', error: res.refused, outputs: await logOutput() };
    if (res.cancelled) return { ...base, state: 'failed', failureKind: 'input', error: '任务已被用户取消', outputs: await logOutput() };
    if (res.platformError) return { ...base, state: 'failed', failureKind: 'platform', error: res.platformError, outputs: await logOutput() };
    if (res.timedOut) {
      return { ...base, state: 'failed', failureKind: 'input', error: `步骤 ${step.name} 超过时间限制 (${mod.timeLimitSeconds} 秒)，已终止`, outputs: await logOutput() };
    }
    if (res.exitCode !== 0) {
      return { ...base, state: 'failed', failureKind: 'input', error: await failureReason(stderrPath, step.name, res.exitCode), outputs: await logOutput() };
    }
  }

  const parsed = await mod.parseResult({ ...ctx, workdir });
  for (const o of parsed.outputs) await stat(join(workdir, o.path)); // an engine that exits 0 without its output is a failure
  const outputs = await storeOutputs(storage, task.id, workdir, [...parsed.outputs, { path: LOG_NAME, name: LOG_NAME }]);
  const { engines: stepVersions, ...summary } = parsed.summary;
  return {
    state: 'succeeded',
    cpuSeconds,
    priceFenPerCoreHour: price,
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
      resources,
      steps,
    },
  };
}

/**
 * Runs one queued task to its end. Safe to call twice for the same id: only the
 * call that claims the task runs it, and finishing is idempotent.
 */
export async function runTask(deps: WorkerDeps, taskId: number): Promise<void> {
  const { config, database } = deps;
  const task = await claimTask(database.db, taskId, config.workerId);
  if (!task) return;
  const mod = getModule(task.module);
  const fail = (error: string, cpuSeconds = 0): TaskOutcome => ({ state: 'failed', failureKind: 'platform', error, cpuSeconds, priceFenPerCoreHour: 0 });
  if (!mod) {
    await finishTask(database.db, task.id, fail(`模块 ${task.module} 未安装`));
    return;
  }
  const workdir = join(config.scratchDir, `task-${task.id}-${task.attempts}`);
  await rm(workdir, { recursive: true, force: true });
  await mkdir(workdir, { recursive: true });
  // Outlives a crashed attempt (this function never reaches its `finally`), so the next attempt resumes.
  const checkpointDir = mod.resumable ? join(config.scratchDir, `task-${task.id}-checkpoint`) : undefined;
  if (checkpointDir) await mkdir(checkpointDir, { recursive: true });
  const abort = new AbortController();
  const beat = setInterval(() => {
    readProgress(workdir, mod)
      .then((progress) => heartbeat(database.db, task.id, config.workerId, progress))
      .then((state) => state !== 'running' && abort.abort())
      .catch((err) => console.error(`[worker] heartbeat for task ${task.id} failed`, err));
  }, deps.heartbeatMs ?? 2000);
  try {
    const outcome = await execute(deps, task, mod, { workdir, checkpointDir }, abort.signal).catch((err: Error): TaskOutcome => {
      console.error(`[worker] task ${task.id} failed inside the platform`, err);
      return fail(`平台内部错误：${err.message}`);
    });
    await finishTask(database.db, task.id, outcome);
  } finally {
    clearInterval(beat);
    await rm(workdir, { recursive: true, force: true });
    if (checkpointDir) await rm(checkpointDir, { recursive: true, force: true });
  }
}
