import { availableParallelism } from 'node:os';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ADAPTERS, chooseEngine, electronParityProblem, geometryProblem, moleculeTitle, parseXyz, QmInputError, type QmJob, type QmMoleculeResult } from '@yunyao/quantum';
import { bilingualRef } from '@yunyao/contract';
import { nodeStep } from './node-step.ts';
import { filesOf } from './python-step.ts';
import type { Bilingual, EngineStep, LicensedEngines, OutputFile, ParsedResult, ResultContext, StepContext, SubmittedFile } from '../types.ts';
import { XYZ_FILE_FIELD } from './xyz-files.ts';
import { preoptJob } from './xtb-preopt.ts';
import { counted, sameName, withDetail } from './task-name.ts';

const JOB_FILE = 'job.json';
const MANIFEST_FILE = 'molecules.json';
const OUT_DIR = 'qm';
const PREOPT_DIR = 'preopt';
export const QM_PROGRESS_FILE = `${OUT_DIR}/progress.json`;
/** Files a molecule's directory keeps for download: engine inputs, outputs, geometries and orbital cubes (not scratch or checkpoints). */
const DOWNLOADABLE = new Set(['.inp', '.nw', '.mop', '.xyz', '.out', '.log', '.hess', '.molden', '.cube']);
const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** A molecule's directory name: its file name without .xyz, made safe and unique within the task. */
function moleculeNames(originalNames: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return originalNames.map((original, i) => {
    const base = path.basename(original).replace(/\.xyz$/i, '').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || `mol_${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  });
}

/**
 * Submission checks every quantum module shares: each .xyz must read as a geometry, and the
 * engine that would run the job must be able to run it faithfully (an RI approximation on
 * NWChem, IGLO-II, ... are refused here rather than silently changed).
 */
export function quantumPreflight(job: QmJob, files: readonly SubmittedFile[], licensed: LicensedEngines): string | null {
  for (const f of files.filter((f) => f.field === XYZ_FILE_FIELD.field)) {
    try {
      const geometry = parseXyz(f.data.toString('utf8'), f.name);
      const problem = geometryProblem(geometry) ?? electronParityProblem(geometry, job.charge, job.multiplicity);
      if (problem) return bilingualRef({ zh: `${f.name}：${problem.zh}`, en: `${f.name}: ${problem.en}` });
    } catch (error) {
      if (error instanceof QmInputError) return bilingualRef({ zh: `${f.name}：${error.zh}`, en: `${f.name}: ${error.en}` });
      throw error;
    }
  }
  const unsupported = ADAPTERS[chooseEngine(job, licensed)].unsupported(job);
  return unsupported ? bilingualRef(unsupported) : null;
}

/** The name an XYZ upload gives its molecule on its comment line, when it gives one (preflight has read the file already). */
function uploadTitle(file: SubmittedFile): string | null {
  try {
    return moleculeTitle(parseXyz(file.data.toString('utf8'), file.name).comment);
  } catch (error) {
    if (error instanceof QmInputError) return null;
    throw error;
  }
}

/**
 * A quantum task's display name: a single molecule that names itself on its XYZ comment line is
 * shown by that name (`paracetamol · opt B3LYP def2-SVP`), a batch by its size.
 */
export function quantumTaskName(label: string, count: number, files: readonly SubmittedFile[] = []): Bilingual {
  const xyz = files.filter((f) => f.field === XYZ_FILE_FIELD.field);
  const title = xyz.length === 1 && count === 1 ? uploadTitle(xyz[0]!) : null;
  return title ? sameName(`${title} · ${label}`) : withDetail(sameName(label), counted(count, { zh: '分子', en: 'molecule' }));
}

/**
 * The steps of a quantum task: the @yunyao/quantum driver runs every molecule in turn on the
 * chosen engine, on at most the cores this machine has. With `preopt`, the same driver first
 * optimises each molecule with GFN2-xTB and the main step reads those geometries.
 */
export function quantumSteps(ctx: StepContext<unknown>, job: QmJob, preopt = false): EngineStep[] {
  const xyz = filesOf(ctx.inputs, XYZ_FILE_FIELD.field);
  const names = moleculeNames(xyz.map((f) => f.originalName));
  const cores = Math.max(1, Math.min(job.cores, availableParallelism()));
  const licensedEnv: Record<string, string> = {
    ...(ctx.licensed.orcaPath ? { ORCA_PATH: ctx.licensed.orcaPath, PATH: `${path.dirname(ctx.licensed.orcaPath)}:${process.env.PATH ?? '/usr/bin:/bin'}` } : {}),
    ...(ctx.licensed.dftbPath ? { DFTBPLUS_PATH: ctx.licensed.dftbPath } : {}),
  };
  /** One run of the driver: `job` on the .xyz files at `paths`, into `outDir`. */
  const driver = (name: string, stepJob: QmJob, outDir: string, paths: string[]): EngineStep => {
    const jobFile = `${outDir}-${JOB_FILE}`;
    const manifest = `${outDir}-${MANIFEST_FILE}`;
    return {
      ...nodeStep(name, '@yunyao/quantum/cli', [`--job=${jobFile}`, `--molecules=${manifest}`, `--out=${outDir}`]),
      env: { ...licensedEnv, OMP_NUM_THREADS: String(cores) },
      files: {
        [jobFile]: JSON.stringify({ ...stepJob, cores }),
        [manifest]: JSON.stringify(paths.map((p, i) => ({ name: names[i], path: p }))),
      },
    };
  };
  const main = driver('quantum', job, OUT_DIR, preopt ? names.map((n) => `${PREOPT_DIR}/${n}/${n}_opt.xyz`) : xyz.map((f) => f.path));
  return preopt ? [driver('xtb-preopt', preoptJob(job), PREOPT_DIR, xyz.map((f) => f.path)), main] : [main];
}

async function downloadableFiles(workdir: string, molecule: string): Promise<OutputFile[]> {
  const dir = path.join(workdir, OUT_DIR, molecule);
  const names = await readdir(dir).catch(() => [] as string[]);
  const files: OutputFile[] = [];
  for (const name of names.sort()) {
    if (!DOWNLOADABLE.has(path.extname(name).toLowerCase())) continue;
    const info = await stat(path.join(dir, name));
    if (info.isFile() && info.size <= MAX_DOWNLOAD_BYTES) files.push({ path: `${OUT_DIR}/${molecule}/${name}`, name: `${molecule}/${name}` });
  }
  return files;
}

/** Task list row of one molecule: what the history table and the result page list show. */
function moleculeRow(m: QmMoleculeResult): Record<string, unknown> {
  return {
    name: m.name,
    title: m.title ?? null,
    engine: m.engine,
    level: m.level,
    status: m.status,
    error: m.error ?? null,
    final_energy: m.final_energy,
    homo: m.orbitals?.homo ?? null,
    lumo: m.orbitals?.lumo ?? null,
    gap: m.orbitals?.gap ?? null,
    dipole: m.dipole?.total ?? null,
    imaginary_count: m.imaginary_count,
    zpe: m.thermochemistry?.zpe ?? null,
    enthalpy: m.thermochemistry?.enthalpy ?? null,
    gibbs: m.thermochemistry?.gibbs ?? null,
    entropy: m.thermochemistry?.entropy ?? null,
  };
}

const engineLabel = (m: QmMoleculeResult) => `${m.engine} ${m.engineVersion ?? ''}`.trim();

/** The xtb pre-optimisation's record (engine, level, energies per molecule) and its geometries, when the task ran one. */
async function preoptimisation(workdir: string) {
  const text = await readFile(path.join(workdir, PREOPT_DIR, 'result.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  const { molecules } = JSON.parse(text) as { molecules: QmMoleculeResult[] };
  const outputs: OutputFile[] = molecules
    .filter((m) => m.status === 'ok')
    .map((m) => ({ path: `${PREOPT_DIR}/${m.name}/${m.name}_opt.xyz`, name: `${m.name}/${m.name}_xtb_preopt.xyz` }));
  const summary = {
    method: 'GFN2-xTB',
    task: 'Opt',
    molecules: molecules.map((m) => ({ name: m.name, engine: engineLabel(m), level: m.level, status: m.status, final_energy: m.final_energy, error: m.error ?? null })),
  };
  return { summary, outputs, engines: [...new Set(molecules.map(engineLabel))] };
}

/** `GET /api/tasks/json/{id}` is `{ job, molecules }`; each molecule's inputs, outputs and optimised geometry are downloadable. */
export async function parseQuantumResult(ctx: ResultContext<unknown>): Promise<ParsedResult> {
  const { molecules } = JSON.parse(await readFile(path.join(ctx.workdir, OUT_DIR, 'result.json'), 'utf8')) as { molecules: QmMoleculeResult[] };
  const job = JSON.parse(await readFile(path.join(ctx.workdir, `${OUT_DIR}-${JOB_FILE}`), 'utf8')) as QmJob;
  const outputs: OutputFile[] = [
    { path: `${OUT_DIR}/result.json`, name: 'result.json' },
    { path: `${OUT_DIR}/summary.csv`, name: 'summary.csv' },
  ];
  for (const m of molecules) outputs.push(...(await downloadableFiles(ctx.workdir, m.name)));
  const preopt = await preoptimisation(ctx.workdir);
  if (preopt) outputs.push(...preopt.outputs);
  const engines = [...new Set([...(preopt?.engines ?? []), ...molecules.map(engineLabel)])];
  return {
    summary: { job, molecules, engines_used: engines, ...(preopt ? { preoptimisation: preopt.summary } : {}), ok: molecules.filter((m) => m.status === 'ok').length, failed: molecules.filter((m) => m.status === 'failed').length },
    outputs,
    rows: molecules.map(moleculeRow),
    out: 'result.json',
  };
}
