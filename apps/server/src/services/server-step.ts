import { tmpdir } from 'node:os';
import pLimit from 'p-limit';
import type { z } from 'zod';
import type { Config } from '@yunyao/platform';
import type { StepResult } from '@yunyao/steps';
import { PythonForkServer } from './python-forkserver.ts';

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

/** One fork server per interpreter and package (a process runs one platform; the tests run several alike). */
const forkServers = new Map<string, PythonForkServer>();

function forkServerFor(config: PythonConfig): PythonForkServer {
  const key = `${config.python}\0${config.pythonPath}`;
  let server = forkServers.get(key);
  if (!server) forkServers.set(key, (server = new PythonForkServer({ python: config.python, pythonPath: config.pythonPath })));
  return server;
}

/** Runs one of the server's Python programs on one core, forked from a warm interpreter, a few at a time across the whole server. */
export function runServerStep(config: PythonConfig, step: ServerStep): Promise<StepResult> {
  return fewAtATime(() => forkServerFor(config).run({ name: step.name, program: step.program, args: step.args, cwd: step.cwd ?? tmpdir(), timeLimitSeconds: step.timeLimitSeconds }));
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
