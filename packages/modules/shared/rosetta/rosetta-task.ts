import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { messageRef } from '@yunyao/contract';
import { stepOutputFiles } from '@yunyao/steps';
import type { z } from 'zod';
import { defineModule, type Bilingual, type EngineStep, type FileFieldSpec, type LicensedEngines, type ModuleDefinition, type ModuleForm, type OutputFile, type ParsedResult, type ResultContext, type StagedInput, type StepContext, type SubmittedFile } from '../../types.ts';
import type { EngineDeclaration } from '../../engine-types.ts';
import { fieldTotals, type InputMeasures } from '../input-measure.ts';
import { unavailableStep } from '../licensed-engine.ts';
import { nodeStep } from '../node-step.ts';
import { filesOf } from '../python-step.ts';
import { proteinName } from '../task-name.ts';
import { readPdbResidues, type PdbResidue } from './pdb-residues.ts';
import { rosettaDatabase, rosettaProgram, type RosettaApp } from './rosetta-binary.ts';
import { NSTRUCT_MAX, readRosettaFlags, type RosettaModule, type RosettaUploads } from './rosetta-flags.ts';
import { ROSETTA_FLAGS_FIELD, ROSETTA_PROTEIN_FIELD, rosettaRowSchema, type RosettaRow } from './rosetta-form.ts';
import { ROSETTA_MESSAGES } from './rosetta.messages.ts';
import { readScoreFile } from './score-file.ts';

/** A module's own Rosetta file (Minimize's movemap, Packer's resfile): its field, upload key, option and check. */
export interface RosettaModuleFile {
  spec: FileFieldSpec;
  upload: Exclude<keyof RosettaUploads, 'protein'>;
  /** The option the platform names the staged file with in the run's flags. */
  option: string;
  problem(text: string, fileName: string, residues: readonly PdbResidue[]): string | null;
}

/** What Rosetta writes where, inside the task's scratch dir. */
export const ROSETTA_OUT_DIR = 'rosetta_out';
export const ROSETTA_SCORE_FILE = 'score.sc';
/** The flags the run reads: the user's checked options with the platform's inputs, output and database. */
export const TASK_FLAGS = 'task.flags';

const APPS: Record<RosettaModule, RosettaApp> = { minimizer: 'minimize', packer: 'fixbb' };

const text = (file: SubmittedFile) => file.data.toString('utf8');
const fileOf = (files: readonly SubmittedFile[], field: string) => files.find((f) => f.field === field);

/** Why the configured Rosetta cannot run this module's application (no ROSETTA_BIN, no program in it), or null. */
export function rosettaAvailability(licensed: LicensedEngines, module: RosettaModule): string | null {
  if (!licensed.rosettaBin) return ROSETTA_MESSAGES.notConfigured;
  return rosettaProgram(licensed.rosettaBin, APPS[module]) ? null : messageRef(ROSETTA_MESSAGES.binaryMissing, { app: APPS[module] });
}

/**
 * Everything about a Rosetta submission that needs the files' content, before anything is held: the
 * protein has residues, the flags use supported options naming only the uploads, the module's own file
 * reads and fits the protein; then the licensed installation is there to run it.
 */
export function rosettaPreflight(module: RosettaModule, own: RosettaModuleFile, files: readonly SubmittedFile[], licensed: LicensedEngines): string | null {
  const protein = fileOf(files, ROSETTA_PROTEIN_FIELD.field);
  const flags = fileOf(files, ROSETTA_FLAGS_FIELD.field);
  const file = fileOf(files, own.spec.field);
  // A missing upload is named by its file field's own check, which runs first.
  if (!protein || !flags || !file) return null;
  const residues = readPdbResidues(text(protein));
  if (!residues.length) return messageRef(ROSETTA_MESSAGES.proteinNoResidues, { file: protein.name });
  const reading = readRosettaFlags(text(flags), flags.name, module, { protein: protein.name, [own.upload]: file.name });
  if (reading.problem) return reading.problem;
  return own.problem(text(file), file.name, residues) ?? rosettaAvailability(licensed, module);
}

/** The staged upload of a field with the name it was uploaded under, for the flags step. */
function staged(inputs: Record<string, StagedInput[]>, field: string): { path: string; name: string } {
  const [file] = filesOf(inputs, field);
  if (!file) throw new Error(`no ${field} input was staged`);
  return { path: file.path, name: file.originalName };
}

/**
 * Writes the run's flags from the user's (checked again: `prepare.cli.ts`), then runs the operator's
 * Rosetta program on them in the scratch dir. Without a usable installation, one step that fails the
 * task at once, free, naming the setting.
 */
export function rosettaSteps(ctx: StepContext<unknown>, module: RosettaModule, own: RosettaModuleFile): EngineStep[] {
  const unavailable = rosettaAvailability(ctx.licensed, module);
  if (unavailable) return [unavailableStep(unavailable)];
  const binDir = ctx.licensed.rosettaBin!;
  const inputs = {
    protein: staged(ctx.inputs, ROSETTA_PROTEIN_FIELD.field),
    flags: staged(ctx.inputs, ROSETTA_FLAGS_FIELD.field),
    [own.upload]: { ...staged(ctx.inputs, own.spec.field), option: own.option },
  };
  // Found here, where the worker's environment (ROSETTA3_DB) is; steps run with a minimal one.
  const database = rosettaDatabase(binDir);
  return [
    nodeStep('flags', '@yunyao/modules/rosetta/prepare', [`--module=${module}`, `--inputs-json=${JSON.stringify(inputs)}`, ...(database ? [`--database=${database}`] : [])]),
    { name: 'rosetta', argv: [rosettaProgram(binDir, APPS[module])!, `@${TASK_FLAGS}`] },
  ];
}

/** A Rosetta task is named after its protein, as the user uploaded it. */
export function rosettaTaskName(inputs: Record<string, StagedInput[]>): Bilingual {
  return proteinName(filesOf(inputs, ROSETTA_PROTEIN_FIELD.field)[0]);
}

/**
 * Core-hours per structure: Rosetta's Minimize and fixbb with extra rotamers take seconds to a few
 * minutes on a protein of a few thousand atoms; 60 s plus 50 ms per atom is a generous figure
 * (no Rosetta was available to measure it on). The hold covers the most structures a flags file may ask for.
 */
export function rosettaCoreHours(inputs: InputMeasures): number {
  const atoms = fieldTotals(inputs, ROSETTA_PROTEIN_FIELD.field).atoms;
  return (NSTRUCT_MAX * (60 + 0.05 * atoms)) / 3600;
}

/** `rosetta_out/<description>.pdb`, where a description is a plain name (Rosetta's `<input>_0001`). */
const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** Rosetta's version as it prints it at start (`core.init: Rosetta version: …`). */
async function rosettaVersion(workdir: string): Promise<string | null> {
  const log = await readFile(stepOutputFiles(workdir, 'rosetta').stdout, 'utf8').catch(() => '');
  return /Rosetta version:?\s*(.+)/.exec(log)?.[1]?.trim().slice(0, 200) ?? null;
}

/** The score file's structures, best first, with their PDBs, the score file and the flags the run read. */
export async function parseRosettaResult(ctx: ResultContext<unknown>, module: RosettaModule): Promise<ParsedResult> {
  const scorePath = path.join(ROSETTA_OUT_DIR, ROSETTA_SCORE_FILE);
  const scores = await readFile(path.join(ctx.workdir, scorePath), 'utf8').catch(() => {
    throw new Error(`Rosetta wrote no ${scorePath}`);
  });
  const structures = readScoreFile(scores).sort((a, b) => a.total_score - b.total_score);
  if (!structures.length) throw new Error(`${scorePath} holds no scored structure`);
  const outputs: OutputFile[] = [];
  const rows: RosettaRow[] = [];
  for (const [i, s] of structures.entries()) {
    const pdb = `${s.description}.pdb`;
    const file = SAFE_NAME.test(s.description) && (await isFile(path.join(ctx.workdir, ROSETTA_OUT_DIR, pdb))) ? pdb : null;
    if (file) outputs.push({ path: path.join(ROSETTA_OUT_DIR, file), name: file });
    rows.push({ rank: i + 1, name: s.description, total_score: s.total_score, file });
  }
  outputs.push({ path: scorePath, name: ROSETTA_SCORE_FILE }, { path: TASK_FLAGS, name: TASK_FLAGS });
  const best = rows[0]!;
  return {
    summary: {
      application: APPS[module],
      rosetta_version: await rosettaVersion(ctx.workdir),
      structures: structures.map((s, i) => ({ rank: i + 1, name: s.description, total_score: s.total_score, terms: s.terms, file: rows[i]!.file })),
      term_names: [...new Set(structures.flatMap((s) => Object.keys(s.terms)))],
    },
    outputs,
    rows,
    ...(best.file ? { out: best.file } : {}),
  };
}

/** A Rosetta module (Minimize, Packer): its form and engines, run and read the same way with its own file. */
export function defineRosettaModule<P extends z.ZodType>(form: ModuleForm<P>, engines: readonly EngineDeclaration[], module: RosettaModule, own: RosettaModuleFile): ModuleDefinition<P> {
  return defineModule({
    ...form,
    version: '1.0.0',
    timeLimitSeconds: 6 * 3600,
    engines,
    estimateCoreHours: (_params, inputs) => rosettaCoreHours(inputs),
    taskName: (_params, inputs) => rosettaTaskName(inputs),
    preflight: (_params, files, licensed) => rosettaPreflight(module, own, files, licensed),
    buildSteps: (ctx) => rosettaSteps(ctx, module, own),
    parseResult: (ctx) => parseRosettaResult(ctx, module),
    rowSchema: rosettaRowSchema,
  });
}
