import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { LIBRARY_DATASETS } from '@yunyao/contract';
import type { Config } from '@yunyao/platform';

export const LIBRARY_DATASET_USAGE = [
  `  library:import-dataset <name>          import a public library from the shared datasets (YUNYAO_DATASETS): ${Object.keys(LIBRARY_DATASETS).join(', ')}`,
];

/** Where a known dataset's file is, whether or not it is there; undefined for an unknown name or with the datasets turned off. */
export function datasetFile(config: Pick<Config, 'datasetsDir'>, source: string): string | undefined {
  const dataset = LIBRARY_DATASETS[source];
  return dataset && config.datasetsDir ? resolve(config.datasetsDir, dataset.path) : undefined;
}

/** The library:import arguments that import a known dataset, or why they cannot. */
export function datasetImportArgs(config: Pick<Config, 'datasetsDir'>, source: string | undefined): { args: string[] } | { error: string } {
  const dataset = source ? LIBRARY_DATASETS[source] : undefined;
  if (!source || !dataset) return { error: `library:import-dataset needs one of: ${Object.keys(LIBRARY_DATASETS).join(', ')}` };
  const file = datasetFile(config, source);
  if (!file || !existsSync(file)) return { error: `${source}: ${file ?? dataset.path} not found; set YUNYAO_DATASETS to the folder holding ${dataset.path}` };
  return { args: ['--source', source, '--name-column', dataset.nameColumn, ...(dataset.keep ? ['--keep', dataset.keep] : []), file] };
}
