import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { LIBRARY_DATASETS } from '@yunyao/contract';
import { listLibrarySources } from '@yunyao/db';
import type { ServerDeps } from './deps.ts';
import { runOpsCommand } from './ops/commands.ts';
import { datasetFile } from './ops/library-datasets.ts';

interface Seed {
  source: string;
  file: string;
  command: string[];
}

/** The seeds: the public datasets present under YUNYAO_DATASETS (absent ones are simply not offered), then the configured file. */
function seedsOf(config: ServerDeps['config']): Seed[] {
  const datasets = Object.keys(LIBRARY_DATASETS).flatMap((source) => {
    const file = datasetFile(config, source);
    return file && existsSync(file) ? [{ source, file, command: ['library:import-dataset', source] }] : [];
  });
  const configured = config.librarySeed ? [{ ...config.librarySeed, command: ['library:import', '--source', config.librarySeed.source, config.librarySeed.file] }] : [];
  return [...datasets, ...configured];
}

/** Molecules imported before the flags existed get them (a no-op once all have them), whoever imported them. */
async function annotateOlderMolecules(deps: ServerDeps, log: FastifyBaseLogger): Promise<void> {
  const result = await runOpsCommand(deps.database, deps.config, ['library:annotate']);
  if (result.code !== 0) log.warn(`library annotation failed: ${result.lines.join('; ')}`);
  else if (!result.lines[0]?.startsWith('every molecule')) log.info(`library: ${result.lines.join('; ')}`);
}

/**
 * A fresh platform imports real libraries (the public datasets the shared datasets folder holds, and Debian
 * rdkit-data's NCI set by default) so the library page and the "database screening" source work out of the
 * box. It runs in the background after start-up, and only while no library but these has been imported: once
 * staff import their own, the platform leaves the libraries to them. Imports are resumable and idempotent, so
 * a restart mid-way simply carries on. Before that, molecules imported before the metal/PAINS/screen flags
 * existed get them.
 */
export function seedLibraryInBackground(deps: ServerDeps, log: FastifyBaseLogger): Promise<void> {
  const seeds = seedsOf(deps.config);
  return (async () => {
    await annotateOlderMolecules(deps, log);
    const others = (await listLibrarySources(deps.database.db)).filter((s) => !seeds.some((seed) => seed.source === s.source));
    if (others.length > 0) return;
    for (const seed of seeds) {
      if (!existsSync(seed.file)) {
        log.warn(`library seed ${seed.file} is missing; ${seed.source} stays unimported until staff import it`);
        continue;
      }
      const result = await runOpsCommand(deps.database, deps.config, seed.command);
      const summary = result.lines.filter((l) => !l.startsWith('rejected record')).at(-1) ?? '';
      if (result.code === 0) log.info(`library seed ${seed.source}: ${summary}`);
      else log.warn(`library seed ${seed.source} failed: ${result.lines.join('; ')}`);
    }
  })().catch((err: Error) => log.error(`library seed failed: ${err.message}`));
}
