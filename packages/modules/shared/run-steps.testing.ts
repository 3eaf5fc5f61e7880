/**
 * Test helper: runs a module's real steps through the worker's own path
 * (executeModule: staged inputs, the step runner with its time limit,
 * process-group kill, CPU accounting and error line, then the parser).
 * Only imported by *.test.ts files.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stageInputs as stageInto, stepOutputFiles, type InputToStage } from '@yunyao/steps';
import type { z } from 'zod';
import { inject } from 'vitest';
import { renderMessage, type TaskFailureKind } from '@yunyao/contract';
import type { LicensedEngines, ModuleDefinition, ParsedResult, StagedInput } from '../types.ts';
import { measureInputs } from './input-measure.ts';
import { cpuSecondsOfHold, moduleCost } from './module-cost.ts';
import { executeModule } from './run-module.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The directory holding the project's Python package `yunyao`, found as the platform's configuration finds it. */
export const PYTHON_PATH = path.dirname(createRequire(import.meta.url).resolve('@yunyao/python/package.json'));
/** Debian's interpreter: the one with RDKit and the Open Babel bindings. */
export const SYSTEM_PYTHON = '/usr/bin/python3';

export interface StageFile {
  /** Form field, e.g. `input` or `ligands`. */
  field: string;
  /** Name the user uploaded it under. */
  originalName: string;
  /** Copy from this path ... */
  source?: string;
  /** ... or write this content. */
  content?: string;
}

export interface StepRun {
  name: string;
  exitCode: number | null;
  /** User + system CPU seconds of the step and its children, as the worker bills them. */
  cpuSeconds: number;
  stdout: string;
  stderr: string;
}

export interface ModuleRun {
  workdir: string;
  steps: StepRun[];
  ok: boolean;
  /**
   * Why the failing step failed, in Chinese as the task record keeps it: its declared reason
   * (YUNYAO_ERROR or YUNYAO_INPUT_ERROR line, a text or a message id), or the time limit.
   */
  error?: string;
  /** The same reason as the step declared it (a message id with its parameters where it gave one). */
  reason?: string;
  /** What billing reads of that failure (`input` is free). */
  failureKind?: TaskFailureKind;
  result?: ParsedResult;
  /** Reads a file from the scratch dir. */
  read(rel: string): Promise<string>;
}

const workdirs: string[] = [];

/** Licensed engines as the test machine's environment configures them (usually none). */
function licensedFromEnv(): LicensedEngines {
  return {
    ...(process.env.ORCA_PATH ? { orcaPath: process.env.ORCA_PATH } : {}),
    ...(process.env.DFTBPLUS_PATH ? { dftbPath: process.env.DFTBPLUS_PATH } : {}),
  };
}

async function freshWorkdir(): Promise<string> {
  const workdir = await mkdtemp(path.join(tmpdir(), 'yunyao-module-test-'));
  workdirs.push(workdir);
  return workdir;
}

const contentOf = (f: StageFile): Promise<Buffer> => (f.source !== undefined ? readFile(f.source) : Promise.resolve(Buffer.from(f.content ?? '')));

function toStage(files: readonly StageFile[]): InputToStage[] {
  return files.map((f) => ({ field: f.field, name: f.originalName, content: () => contentOf(f) }));
}

/** The CPU the task's hold would buy in production (no cap): an estimate too low for an example stops it here as it would there. */
async function holdBudgetSeconds<P extends z.ZodType>(mod: ModuleDefinition<P>, params: z.input<P>, files: readonly StageFile[]): Promise<number> {
  const measures = measureInputs(await Promise.all(files.map(async (f) => ({ field: f.field, name: f.originalName, data: await contentOf(f) }))));
  return cpuSecondsOfHold(moduleCost(mod, mod.params.parse(params), measures).holdFen, mod.priceFenPerCoreHour);
}

/** Stages files the way the worker does (`inputs/<n>_<safe name>`) in a fresh temp dir. */
export async function stageInputs(files: readonly StageFile[]): Promise<{ workdir: string; inputs: Record<string, StagedInput[]> }> {
  const workdir = await freshWorkdir();
  return { workdir, inputs: await stageInto(workdir, toStage(files)) };
}

/**
 * Validates `params` with the module's schema, stages `files`, runs every step
 * in order (stopping at the first failure) and, when all succeed, the parser.
 * `timeoutMs` replaces the module's time limit for each step; `licensed` the licensed engines the
 * test machine's environment configures (a stand-in binary). The steps run under the CPU
 * budget the submission's hold would give them, so every example also checks the estimate.
 */
export async function runModule<P extends z.ZodType>(
  mod: ModuleDefinition<P>,
  params: z.input<P>,
  files: readonly StageFile[],
  opts: { timeoutMs?: number; licensed?: LicensedEngines } = {},
): Promise<ModuleRun> {
  const workdir = await freshWorkdir();
  const execution = await executeModule(mod, params, {
    workdir,
    inputs: toStage(files),
    python: SYSTEM_PYTHON,
    pythonPath: PYTHON_PATH,
    licensed: opts.licensed ?? licensedFromEnv(),
    ...(mod.resumable ? { checkpointDir: path.join(workdir, 'checkpoint') } : {}),
    // The run's receptor cache (scripts/vitest/receptor-cache.global.ts), as a platform's tasks share theirs.
    receptorCacheDir: inject('receptorCacheDir'),
    timeLimitSeconds: (opts.timeoutMs ?? 60_000) / 1000,
    cpuBudgetSeconds: await holdBudgetSeconds(mod, params, files),
  });
  const steps = await Promise.all(
    execution.steps.map(async (s): Promise<StepRun> => {
      const files = stepOutputFiles(workdir, s.name);
      const [stdout, stderr] = await Promise.all([readFile(files.stdout, 'utf8').catch(() => ''), readFile(files.stderr, 'utf8').catch(() => '')]);
      return { name: s.name, exitCode: s.exit_code, cpuSeconds: s.cpu_seconds, stdout, stderr };
    }),
  );
  return {
    workdir,
    steps,
    ok: !execution.failure,
    ...(execution.failure
      ? { error: renderMessage(execution.failure.reason, 'zh'), reason: execution.failure.reason, failureKind: execution.failure.kind }
      : { result: execution.result }),
    read: (rel) => readFile(path.join(workdir, rel), 'utf8'),
  };
}

/** Removes every scratch dir made by this helper (call from afterAll). */
export async function cleanupStaged(): Promise<void> {
  await Promise.all(workdirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/** Splits SD text into records (without the `$$$$` lines). */
export function sdfRecords(text: string): string[] {
  const records: string[] = [];
  let buf: string[] = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line.trim() === '$$$$') {
      records.push(buf.join('\n'));
      buf = [];
    } else buf.push(line);
  }
  if (buf.some((l) => l.trim())) records.push(buf.join('\n'));
  return records;
}

export interface ParsedAtom {
  element: string;
  x: number;
  y: number;
  z: number;
}

/** Atoms of one V2000 mol block. */
export function molBlockAtoms(record: string): ParsedAtom[] {
  const lines = record.split('\n');
  const counts = lines[3] ?? '';
  const n = Number.parseInt(counts.slice(0, 3), 10);
  const atoms: ParsedAtom[] = [];
  for (let i = 0; i < n; i++) {
    const l = lines[4 + i] ?? '';
    atoms.push({ x: Number(l.slice(0, 10)), y: Number(l.slice(10, 20)), z: Number(l.slice(20, 30)), element: l.slice(31, 34).trim() });
  }
  return atoms;
}

/** Value of an SD data item `>  <name>` in one record. */
export function sdfProp(record: string, name: string): string | undefined {
  const m = new RegExp(`^>\\s*<${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}>.*\\n(.*)$`, 'm').exec(record);
  return m?.[1]?.trim();
}

/** Example file inside a module folder, e.g. `example('convert', 'bad.sdf')`. */
export function example(moduleDir: string, file: string): string {
  return path.join(REPO_ROOT, 'packages/modules', moduleDir, 'examples', file);
}
