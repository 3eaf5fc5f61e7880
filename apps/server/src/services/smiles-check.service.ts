import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { ApiError, bothLanguages, errors, message, renderMessage, type LangText } from '@yunyao/contract';
import { SERVER_MESSAGES } from '../server.messages.ts';
import type { UnreadableMolecules } from '@yunyao/contract/api';
import { writeTaskParams } from '@yunyao/modules';
import { runServerStep, stepJson, type PythonConfig } from './server-step.ts';

/** A check is one RDKit start and a parse per line (~0.2 s). */
/** 100,000 SMILES (the most a batch takes) parse in about 15 s. */
const CHECK_TIME_LIMIT_SECONDS = 60;
/** How many unreadable lines the message names; the count says how many there are in all. */
const NAMED_LINES = 5;
/** How many the refusal's data lists for the form's dialog. */
const LISTED_LINES = 100;
/** The estimate re-sends the same molecules while the user edits the form, and the submit sends them once more: their checks are remembered. */
const REMEMBERED_CHECKS = 32;

const checkSchema = z.object({
  molecules: z.number(),
  unreadable: z.array(z.object({ line: z.number(), smiles: z.string(), reason: z.string() })),
});
export type SmilesCheck = z.infer<typeof checkSchema>;

/**
 * Runs `python -m yunyao.check_smiles` (or a module's own check that answers alike). Undefined when the check itself could not run: the task's
 * own step still refuses such lines, free of charge. A table the steps would refuse (no SMILES
 * column, a broken quote) is refused now, with the step's own message.
 */
async function runCheck(config: PythonConfig, args: string[], cwd: string, program = 'check_smiles'): Promise<SmilesCheck | undefined> {
  const res = await runServerStep(config, { name: program, program, args, cwd, timeLimitSeconds: CHECK_TIME_LIMIT_SECONDS });
  if (res.failure?.kind === 'input') throw new ApiError(errors.validation, res.failure.reason);
  if (res.failure) {
    console.error(`[submit] the SMILES check failed: ${res.failure.reason}`);
    return undefined;
  }
  return stepJson(checkSchema, res.stdout);
}

const remembered = new Map<string, SmilesCheck>();

/** The check remembered under `key` (a digest of what was checked), else `run`'s, remembered when it ran. */
async function rememberedCheck(key: string, run: () => Promise<SmilesCheck | undefined>): Promise<SmilesCheck | undefined> {
  const known = remembered.get(key);
  if (known) return known;
  const check = await run();
  if (check) {
    if (remembered.size >= REMEMBERED_CHECKS) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, check);
  }
  return check;
}

/** The typed SMILES, numbered from 1 in the order given. */
export function checkTypedSmiles(config: PythonConfig, smiles: readonly string[]): Promise<SmilesCheck | undefined> {
  const list = JSON.stringify(smiles);
  const key = createHash('sha256').update('typed\0').update(list).digest('hex');
  return rememberedCheck(key, () => runCheck(config, ['--smiles-json', list], tmpdir()));
}

/** An uploaded SMILES table, read as the steps read it; its lines are the file's line numbers. */
export function checkSmilesTable(config: PythonConfig, file: { filename: string; data: Buffer }): Promise<SmilesCheck | undefined> {
  const key = createHash('sha256').update('table\0').update(file.filename).update('\0').update(file.data).digest('hex');
  return rememberedCheck(key, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'yunyao-check-'));
    try {
      const path = join(dir, `table${extname(file.filename).toLowerCase()}`);
      await writeFile(path, file.data);
      return await runCheck(config, ['--table', path, '--name', file.filename], dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/**
 * A table read by a module's own check (`tableCheck`: QSAR's chosen columns), which needs the
 * task's params beside it as its step will have them; it answers as `check_smiles` does.
 */
export function checkTableWithParams(
  config: PythonConfig,
  program: string,
  file: { filename: string; data: Buffer },
  params: { schema: z.ZodType; value: unknown },
): Promise<SmilesCheck | undefined> {
  const key = createHash('sha256').update(`${program}\0`).update(JSON.stringify(params.value)).update('\0').update(file.filename).update('\0').update(file.data).digest('hex');
  return rememberedCheck(key, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'yunyao-check-'));
    try {
      const path = join(dir, `table${extname(file.filename).toLowerCase()}`);
      await writeFile(path, file.data);
      await writeTaskParams(dir, params.schema, params.value);
      return await runCheck(config, ['--input', path, '--name', file.filename, '--params=params.json'], dir, program);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

const shortened = (smiles: string) => (smiles.length > 40 ? `${smiles.slice(0, 39)}…` : smiles);

/**
 * The refusal naming the unreadable lines, their SMILES and RDKit's reason (`file` null for typed
 * molecules). Its data lists them, so the form can offer to submit without them.
 */
export function unreadableSmilesRefusal(check: SmilesCheck, file: string | null): ApiError {
  const problems = check.unreadable;
  const shown = problems.slice(0, NAMED_LINES);
  const lines = {
    zh: shown.map((p) => `第 ${p.line} 行 ${shortened(p.smiles)}：${renderMessage(p.reason, 'zh')}`).join('；'),
    en: shown.map((p) => `line ${p.line} ${shortened(p.smiles)}: ${renderMessage(p.reason, 'en')}`).join('; '),
  };
  const more = problems.length > NAMED_LINES ? { zh: `；另有 ${problems.length - NAMED_LINES} 行`, en: `; ${problems.length - NAMED_LINES} more` } : '';
  const data: UnreadableMolecules = { file, molecules: check.molecules, count: problems.length, lines: problems.slice(0, LISTED_LINES) };
  const where = file === null ? message(SERVER_MESSAGES.inTypedMolecules) : message(SERVER_MESSAGES.inFile, { file });
  return new ApiError(errors.smilesUnreadable, message(SERVER_MESSAGES.someUnreadable, { where, count: problems.length, lines, more }), data);
}

/** The typed molecules, or those of a file, in both languages. */
export function unreadableWhere(file: string | null): LangText {
  return bothLanguages(file === null ? SERVER_MESSAGES.typedMolecules : message(SERVER_MESSAGES.moleculesInFile, { file }));
}
