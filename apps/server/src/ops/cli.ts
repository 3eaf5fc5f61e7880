import { openPglite, openPostgres } from '@yunyao/db';
import { loadConfig, requireSupportedNode } from '@yunyao/platform';
import { join } from 'node:path';
import { acquireLock, readLock } from '../platform-lock.ts';
import { runOpsCommand } from './commands.ts';
import { runThroughPlatform } from './through-platform.ts';
import type { OpsResult } from './ops-result.ts';
import { absoluteLibraryArgs } from './library-commands.ts';

/**
 * `npm run ops -- <command>`. With PostgreSQL it connects directly. With the
 * embedded database it goes through the running platform when there is one,
 * and otherwise opens the data dir itself, holding the lock so the platform
 * cannot start on it meanwhile.
 */
async function run(args: string[]): Promise<OpsResult> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, 2);
    try {
      return await runOpsCommand(database, config, args, console.log);
    } finally {
      await database.close();
    }
  }
  const throughPlatform = await runThroughPlatform(config.dataDir, args);
  if (throughPlatform) return throughPlatform;
  const holder = readLock(config.dataDir);
  if (holder) return { code: 1, lines: [`the data dir is busy (${holder.holder}, pid ${holder.pid}); try again when it is free`] };
  const release = acquireLock(config.dataDir, { holder: 'ops' });
  const database = await openPglite(join(config.dataDir, 'pgdata'));
  try {
    return await runOpsCommand(database, config, args, console.log);
  } finally {
    await database.close();
    release();
  }
}

requireSupportedNode();
const result = await run(absoluteLibraryArgs(process.argv.slice(2))).catch((err: Error) => ({ code: 1, lines: [`error: ${err.message}`] }));
for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
process.exit(result.code);
