import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * How a task's parameters reach its Python steps (docs/architecture.md, "Parameters"): the runner
 * writes the validated, defaulted parameters to `params.json` in the task folder and the module's
 * parameter schema, exported from its zod schema, to `params.schema.json` beside it. A step reads
 * them with `yunyao.params.load_params`, which checks the file against that schema: zod decides
 * once, on the server; the Python check only catches a step called with something else. Argv keeps
 * what is not a parameter: where the files are, the cores, and settings the module fixes itself.
 */
export const PARAMS_FILE = 'params.json';
export const PARAMS_SCHEMA_FILE = 'params.schema.json';
/** The option a Python step reads its parameters through. */
export const PARAMS_ARG = `--params=${PARAMS_FILE}`;

/** What a module's seed is when the user gave none and the module derives none from the inputs. */
export const DEFAULT_SEED = 42;

/** The JSON Schema of what a module's params schema outputs: validated, defaulted, transformed (a field whose output has no schema throws). */
export function paramsJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' }) as Record<string, unknown>;
}

/** The committed copy of a module's exported schema (`npm run params-schemas`), for Python tests and benchmarks run from a checkout. */
export function paramsSchemaText(schema: z.ZodType): string {
  return `${JSON.stringify(paramsJsonSchema(schema), null, 2)}\n`;
}

/** Writes the task's parameters and their schema into the task folder, before its steps run. */
export async function writeTaskParams(workdir: string, schema: z.ZodType, params: unknown): Promise<void> {
  await writeFile(path.join(workdir, PARAMS_FILE), `${JSON.stringify(params, null, 2)}\n`);
  await writeFile(path.join(workdir, PARAMS_SCHEMA_FILE), paramsSchemaText(schema));
}

/** `resolveParams` of a module whose seed, when the user gave none, is the platform's default. */
export function withDefaultSeed<P extends { seed?: number | undefined }>(params: P): P & { seed: number } {
  return { ...params, seed: params.seed ?? DEFAULT_SEED };
}
