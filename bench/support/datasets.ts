/**
 * Where benchmarks read the shared datasets: one setting, YUNYAO_DATASETS.
 *
 * The default is ../shared/datasets; a relative value is taken from the repository root, so a
 * command finds the same folder from any working directory. python/yunyao/datasets.py follows the
 * same rule for the Python benchmarks and model training. Tests never read these datasets (they use
 * test-fixtures/).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const SETTING = 'YUNYAO_DATASETS';
const DEFAULT = '../shared/datasets';
const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** The folder holding every dataset (it may not exist). */
export function datasetsDir(): string {
  return resolve(REPO_ROOT, process.env[SETTING] || DEFAULT);
}

/** The folder of one dataset (`pockets`, `redock`, ...); throws a message saying which setting to change when it is missing. */
export function datasetPath(name: string): string {
  const path = resolve(datasetsDir(), name);
  if (!existsSync(path)) {
    throw new Error(`datasets not found at ${path}; set ${SETTING} to the folder holding ${name}/ (default ${DEFAULT}, relative to the repository root)`);
  }
  return path;
}
