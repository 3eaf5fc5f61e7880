import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ParsedResult } from '../types.ts';

/**
 * Files every step writes next to its output: the summary shown as the task's result and the
 * rows of its result table (python/yunyao/common.py `write_step_result`). The exceptions, each
 * for a reason: docking (dock.py) also keeps the legacy result.json, statis.json and
 * part_to_IDs.json the spec's pages read, and its receptor step writes prep-summary.json and
 * prep-rows.json so as not to overwrite the docking step's; the quantum driver writes
 * qm/result.json with a directory per molecule, since its results are per-molecule files, not
 * table rows; programs the server calls directly print to stdout instead (`admet --smiles` one
 * JSON row, `admet --card` the model card, `library.descriptors` one JSON line per record, streamed into the database).
 */
export const SUMMARY_FILE = 'summary.json';
export const ROWS_FILE = 'rows.json';

function inside(workdir: string, rel: string): string {
  const abs = path.resolve(workdir, rel);
  const root = path.resolve(workdir);
  if (abs !== root && !abs.startsWith(root + path.sep)) throw new Error(`result path escapes the task dir: ${rel}`);
  return abs;
}

/** A JSON file a step wrote, inside the task's scratch dir. */
export async function readWorkdirJson(workdir: string, rel: string): Promise<unknown> {
  const text = await readFile(inside(workdir, rel), 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new Error(`${rel} is not valid JSON: ${(err as Error).message}`);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface StepResultOptions {
  workdir: string;
  /** Output written by the step, relative to the workdir. */
  outputPath: string;
  /** Download name of the output (the user's chosen name). */
  outputName: string;
  /** Extra fields merged into the summary (e.g. the requested output name). */
  extraSummary?: Record<string, unknown>;
}

/**
 * Reads `summary.json`, `rows.json` and checks the output file of a yunyao
 * Python step; the result every simple module returns from `parseResult`.
 */
export async function readStepResult(opts: StepResultOptions): Promise<ParsedResult> {
  const { workdir, outputPath, outputName } = opts;
  const info = await stat(inside(workdir, outputPath)).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`the step wrote no output file ${outputPath}`);

  const summary = await readWorkdirJson(workdir, SUMMARY_FILE);
  if (!isRecord(summary)) throw new Error(`${SUMMARY_FILE} is not an object`);
  const rows = await readWorkdirJson(workdir, ROWS_FILE);
  if (!Array.isArray(rows) || !rows.every(isRecord)) throw new Error(`${ROWS_FILE} is not an array of objects`);

  return {
    summary: { ...summary, ...opts.extraSummary, outputFile: outputName, outputBytes: info.size },
    outputs: [{ path: outputPath, name: outputName }],
    rows,
    out: outputName,
  };
}
