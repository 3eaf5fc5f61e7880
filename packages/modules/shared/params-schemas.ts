import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverModules } from '../discover.ts';
import { modules } from '../index.ts';
import type { ModuleDefinition } from '../types.ts';
import { PARAMS_SCHEMA_FILE, paramsSchemaText } from './step-params.ts';

const MODULES_DIR = fileURLToPath(new URL('../', import.meta.url));
const FIXTURES = new URL('../test-fixtures/', import.meta.url);

/** A module that runs steps, with where its parameters' schema is committed and what it must hold. */
export interface CommittedParamsSchema {
  mod: ModuleDefinition;
  /** Absolute path of `<module folder>/params.schema.json`. */
  file: string;
  text: string;
}

/**
 * Every module whose steps read the task's parameters (all but a workflow, which runs none), the
 * test fixtures' too, with its schema as exported now: `npm run params-schemas` writes them, and
 * step-params.test.ts fails while a committed one differs. Python tests and benchmarks read them
 * (yunyao.params.write_params); the runner writes its own copy from zod into each task folder.
 */
export async function committedParamsSchemas(): Promise<CommittedParamsSchema[]> {
  const fixtures = await discoverModules(FIXTURES);
  const entry = (mod: ModuleDefinition, folder: string): CommittedParamsSchema => ({ mod, file: path.join(folder, PARAMS_SCHEMA_FILE), text: paramsSchemaText(mod.params) });
  return [
    ...[...modules.values()].filter((m) => !m.runsChildren).map((m) => entry(m, path.join(MODULES_DIR, m.code))),
    ...fixtures.map((m) => entry(m, path.join(fileURLToPath(FIXTURES), m.code))),
  ];
}
