import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { listLibrarySources } from '@yunyao/db';
import type { ServerDeps } from './deps.ts';
import { runOpsCommand } from './ops/commands.ts';

/**
 * A fresh platform imports one real library (Debian rdkit-data's NCI set by
 * default) so the library page and the "database screening" source work out of
 * the box. It runs in the background after start-up, and only while no other
 * library has been imported: once staff import their own, the platform leaves
 * the libraries to them. The import is resumable and idempotent, so a restart
 * mid-way simply carries on.
 */
export function seedLibraryInBackground(deps: ServerDeps, log: FastifyBaseLogger): Promise<void> {
  const seed = deps.config.librarySeed;
  if (!seed) return Promise.resolve();
  return (async () => {
    const others = (await listLibrarySources(deps.database.db)).filter((s) => s.source !== seed.source);
    if (others.length > 0) return;
    if (!existsSync(seed.file)) {
      log.warn(`library seed ${seed.file} is missing; the library page stays empty until staff run library:import`);
      return;
    }
    const result = await runOpsCommand(deps.database, deps.config, ['library:import', '--source', seed.source, seed.file]);
    const summary = result.lines.filter((l) => !l.startsWith('rejected record')).at(-1) ?? '';
    if (result.code === 0) log.info(`library seed ${seed.source}: ${summary}`);
    else log.warn(`library seed ${seed.source} failed: ${result.lines.join('; ')}`);
  })().catch((err: Error) => log.error(`library seed ${seed.source} failed: ${err.message}`));
}
