/**
 * Runs one molecule through its engine (Node only): choose the engine, refuse what it cannot do
 * faithfully, write the input, run the engine in `dir`, parse its output. Every problem becomes a
 * failed result with a readable Chinese reason; only programming errors throw.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bilingual } from './bilingual.ts';
import { ADAPTERS, chooseEngine, levelLabel } from './engines/index.ts';
import { emptyParsed, tailLines } from './engines/output-text.ts';
import { geometryProblem } from './geometry-check.ts';
import type { Engine, EngineSettings, Geometry, QmJob, RenderedInput } from './job.ts';
import { qmMoleculeResultSchema, type QmMoleculeResult } from './result.ts';
import { moleculeTitle } from './xyz.ts';

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Where stdout/stderr go when the engine writes its own output file. */
const ENGINE_LOG = 'engine.log';
/** Side files larger than this are not read (checkpoints, Hessians of big molecules). */
const MAX_SIDE_FILE_BYTES = 2_000_000;
/** Grace period between SIGTERM and SIGKILL when a run is cancelled. */
const KILL_GRACE_MS = 5_000;

const ENGINE_NAMES: Record<Engine, string> = { orca: 'ORCA', nwchem: 'NWChem', xtb: 'xtb', mopac: 'MOPAC' };

/** A molecule that could not be computed, with the reason; exported for the task driver's unreadable files. */
export function failed(job: QmJob, geometry: Geometry, engine: Engine, error: string, input = ''): QmMoleculeResult {
  return qmMoleculeResultSchema.parse({
    ...emptyParsed(engine, levelLabel(engine, job)),
    name: geometry.name,
    title: moleculeTitle(geometry.comment),
    input,
    status: 'failed',
    error,
    geometry: geometry.atoms,
  });
}

const bilingualText = (reason: Bilingual) => `${reason.zh}（${reason.en}）`;

type Exit = { code: number | null; signal: NodeJS.Signals | null; spawnError?: Error; stopped?: 'cancelled' | 'timeout' };

/** Spawns the engine with stdout+stderr in `logPath`; SIGTERM (then SIGKILL) on abort or timeout. */
function runEngine(rendered: RenderedInput, dir: string, logPath: string, options: RunOptions): Promise<Exit> {
  return new Promise((resolve) => {
    const log = openSync(logPath, 'w');
    const [command, ...args] = rendered.argv;
    const child = spawn(command!, args, { cwd: dir, env: { ...process.env, ...rendered.env }, stdio: ['ignore', log, log] });
    closeSync(log);
    let stopped: Exit['stopped'];
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: NonNullable<Exit['stopped']>) => {
      if (stopped || child.exitCode !== null) return;
      stopped = why;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const onAbort = () => stop('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const timeout = options.timeoutMs ? setTimeout(() => stop('timeout'), options.timeoutMs) : undefined;
    const finish = (exit: Exit) => {
      clearTimeout(timeout);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(exit);
    };
    child.once('error', (spawnError) => finish({ code: null, signal: null, spawnError }));
    child.once('exit', (code, signal) => finish({ code, signal, ...(stopped ? { stopped } : {}) }));
  });
}

async function readIfPresent(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => '');
}

/** Every small regular file the engine left in `dir`, by name, for parsers that read side files. */
async function sideFiles(dir: string, skip: Set<string>): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(dir)) {
    if (skip.has(name)) continue;
    const info = await stat(join(dir, name));
    if (info.isFile() && info.size <= MAX_SIDE_FILE_BYTES) files[name] = await readFile(join(dir, name), 'utf8');
  }
  return files;
}

export async function runMolecule(job: QmJob, geometry: Geometry, dir: string, settings: EngineSettings, options: RunOptions = {}): Promise<QmMoleculeResult> {
  const engine = chooseEngine(job, settings);
  const adapter = ADAPTERS[engine];
  const engineName = ENGINE_NAMES[engine];
  const badGeometry = geometryProblem(geometry);
  if (badGeometry) return failed(job, geometry, engine, `结构无效：${bilingualText(badGeometry)}`);
  const unsupported = adapter.unsupported(job);
  if (unsupported) return failed(job, geometry, engine, bilingualText(unsupported));

  let rendered: RenderedInput;
  try {
    rendered = adapter.render(job, geometry, settings);
  } catch (error) {
    return failed(job, geometry, engine, `无法生成 ${engineName} 输入：${(error as Error).message}`);
  }
  const input = rendered.files[rendered.input] ?? '';
  await mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(rendered.files)) await writeFile(join(dir, name), content);

  const logName = rendered.engineWritesOutput ? ENGINE_LOG : rendered.output;
  const exit = await runEngine(rendered, dir, join(dir, logName), options);
  const output = await readIfPresent(join(dir, rendered.output));
  const log = rendered.engineWritesOutput ? await readIfPresent(join(dir, ENGINE_LOG)) : '';
  const lastLines = tailLines([output, log].filter(Boolean).join('\n'), 12);

  if (exit.spawnError) return failed(job, geometry, engine, `无法启动 ${engineName}（${rendered.argv[0]}）：${exit.spawnError.message}`, input);
  if (exit.stopped === 'cancelled') return failed(job, geometry, engine, `计算已取消，${engineName} 已终止`, input);
  if (exit.stopped === 'timeout') return failed(job, geometry, engine, `计算超时（${options.timeoutMs} ms），${engineName} 已终止`, input);
  if (exit.code !== 0) {
    const how = exit.signal ? `被信号 ${exit.signal} 终止` : `退出码 ${exit.code}`;
    return failed(job, geometry, engine, `${engineName} 异常结束（${how}）。输出最后几行：\n${lastLines}`, input);
  }

  try {
    const parsed = adapter.parse(output, await sideFiles(dir, new Set([rendered.output, ENGINE_LOG])));
    return qmMoleculeResultSchema.parse({
      ...parsed,
      level: parsed.level || levelLabel(engine, job),
      geometry: parsed.geometry.length ? parsed.geometry : geometry.atoms,
      name: geometry.name,
      title: moleculeTitle(geometry.comment),
      input,
      status: 'ok',
    });
  } catch (error) {
    return failed(job, geometry, engine, `无法读取 ${engineName} 输出：${(error as Error).message}。输出最后几行：\n${lastLines}`, input);
  }
}
