/**
 * Test helper: runs a module's real steps the way the worker does (staged
 * inputs in a scratch dir, argv without a shell, PYTHONPATH=<repo>/python) and
 * then its parser.  Only imported by *.test.ts files.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { taskResources, type LicensedEngines, type ModuleDefinition, type ParsedResult, type StagedInput, type StepContext } from '../types.ts';
import { errorReason } from './python-step.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const PYTHON_PATH = path.join(REPO_ROOT, 'python');
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
  stdout: string;
  stderr: string;
}

export interface ModuleRun {
  workdir: string;
  steps: StepRun[];
  ok: boolean;
  /** The failing step's YUNYAO_ERROR reason. */
  error?: string;
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

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || 'file';
}

/** Stages files as `inputs/<n>_<safe name>` in a fresh temp dir. */
export async function stageInputs(files: readonly StageFile[]): Promise<{ workdir: string; inputs: Record<string, StagedInput[]> }> {
  const workdir = await mkdtemp(path.join(tmpdir(), 'yunyao-module-test-'));
  workdirs.push(workdir);
  await mkdir(path.join(workdir, 'inputs'));
  const inputs: Record<string, StagedInput[]> = {};
  for (const [n, f] of files.entries()) {
    const rel = `inputs/${n}_${safeName(f.originalName)}`;
    if (f.source !== undefined) await copyFile(f.source, path.join(workdir, rel));
    else await writeFile(path.join(workdir, rel), f.content ?? '');
    (inputs[f.field] ??= []).push({ path: rel, originalName: f.originalName });
  }
  return { workdir, inputs };
}

function runArgv(argv: string[], cwd: string, env: Record<string, string> | undefined, timeoutMs: number): Promise<Omit<StepRun, 'name'>> {
  return new Promise((resolve, reject) => {
    const [cmd, ...args] = argv;
    if (!cmd) {
      reject(new Error('empty argv'));
      return;
    }
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

/**
 * Validates `params` with the module's schema, stages `files`, runs every step
 * in order (stopping at the first failure) and, when all succeed, the parser.
 */
export async function runModule<P extends z.ZodType>(
  mod: ModuleDefinition<P>,
  params: z.input<P>,
  files: readonly StageFile[],
  opts: { timeoutMs?: number } = {},
): Promise<ModuleRun> {
  const parsed = mod.params.parse(params) as z.infer<P>;
  const { workdir, inputs } = await stageInputs(files);
  const ctx: StepContext<z.infer<P>> = {
    params: parsed,
    inputs,
    pythonPath: PYTHON_PATH,
    python: SYSTEM_PYTHON,
    ...taskResources(mod, parsed),
    licensed: licensedFromEnv(),
    ...(mod.resumable ? { checkpointDir: path.join(workdir, 'checkpoint') } : {}),
  };
  const steps: StepRun[] = [];
  const run: ModuleRun = {
    workdir,
    steps,
    ok: false,
    read: (rel) => readFile(path.join(workdir, rel), 'utf8'),
  };
  for (const step of mod.buildSteps(ctx)) {
    if (!Array.isArray(step.argv) || step.argv.some((a) => typeof a !== 'string')) throw new Error(`step ${step.name}: argv must be strings`);
    for (const [rel, content] of Object.entries(step.files ?? {})) await writeFile(path.join(workdir, rel), content);
    const res = await runArgv(step.argv, workdir, step.env, opts.timeoutMs ?? 60_000);
    steps.push({ name: step.name, ...res });
    if (res.exitCode !== 0) {
      run.error = errorReason(res.stderr);
      return run;
    }
  }
  run.result = await mod.parseResult({ ...ctx, workdir });
  run.ok = true;
  return run;
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
