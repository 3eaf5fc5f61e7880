import { existsSync } from 'node:fs';
import { LIBRARY_DATASETS, LIBRARY_SOURCES, libraryImportCommand } from '@yunyao/contract';
import { listLibrarySources, type Db } from '@yunyao/db';
import type { Config } from '@yunyao/platform';
import { datasetFile } from '../ops/library-datasets.ts';

/** The library's imported sources with their molecule counts. */
export const librarySources = (db: Db) => listLibrarySources(db);

/** The spec's sources not imported yet, each with the ops command that imports it and whether its dataset file is in place. */
export async function unimportedLibrarySources(db: Db, config: Pick<Config, 'datasetsDir'>) {
  const imported = new Set((await listLibrarySources(db)).map((s) => s.source));
  return LIBRARY_SOURCES.filter((s) => !imported.has(s.source)).map((s) => {
    const file = LIBRARY_DATASETS[s.source] ? datasetFile(config, s.source) : undefined;
    return { source: s.source, command: libraryImportCommand(s.source), dataset_found: LIBRARY_DATASETS[s.source] ? Boolean(file && existsSync(file)) : null };
  });
}
