import { tmpdir } from 'node:os';
import pLimit from 'p-limit';
import type { z } from 'zod';
import type { Config } from '@yunyao/platform';
import { pythonCommand, runStep, type StepResult } from '@yunyao/steps';

/** What a server-side step needs of the configuration: the interpreter and the project's Python package. */
export type PythonConfig = Pick<Config, 'python' | 'pythonPath'>;

/**
 * The requests' own Python programs (SMILES checks, embedding, ADMET lookups, substructure matches) are each
 * an RDKit start and well under a few seconds; sharing one limit keeps them from taking every core the API
 * and the worker need, whichever mix of them a burst of requests asks for.
 */
const fewAtATime = pLimit(2);

export interface ServerStep {
  /** Step name in logs. */
  name: string;
  /** `python -m yunyao.<program>`. */
  program: string;
  args: string[];
  timeLimitSeconds: number;
  /** Where it runs; the system's temporary folder unless the step reads files written for it. */
  cwd?: string;
}

/** Runs one of the server's Python programs on one core, a few at a time across the whole server. */
export function runServerStep(config: PythonConfig, step: ServerStep): Promise<StepResult> {
  return fewAtATime(() =>
    runStep({ name: step.name, ...pythonCommand(config, step.program, step.args, 1), cwd: step.cwd ?? tmpdir(), cores: 1, timeLimitSeconds: step.timeLimitSeconds }),
  );
}

/** A server-side step's JSON answer on stdout, as `schema` reads it; undefined when it is not JSON or not that shape. */
export function stepJson<T>(schema: z.ZodType<T>, stdout: string): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stdout) as unknown;
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
