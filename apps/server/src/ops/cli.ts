import { openPglite, openPostgres } from '@yunyao/db';
import { loadConfig, requireSupportedNode } from '@yunyao/platform';
import { request } from 'node:http';
import { join } from 'node:path';
import { acquireLock, readLock } from '../platform-lock.ts';
import { runOpsCommand } from './commands.ts';
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
  const holder = readLock(config.dataDir);
  if (holder?.holder === 'platform' && holder.port && holder.opsToken) {
    const body = (await postWithoutTimeout(holder.port, holder.opsToken, { args })) as { errno: number; errmsg: string; data: OpsResult | null };
    if (body.errno !== 0 || !body.data) return { code: 1, lines: [`platform refused: ${body.errmsg}`] };
    return body.data;
  }
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

/**
 * POST to the running platform and wait as long as the command takes. Not
 * fetch: its client gives up on an answer after 300 s, and a library import
 * of millions of molecules runs far longer while the platform carries on.
 */
function postWithoutTimeout(port: number, opsToken: string, payload: unknown): Promise<unknown> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/ops', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-ops-token': opsToken } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

requireSupportedNode();
const result = await run(absoluteLibraryArgs(process.argv.slice(2))).catch((err: Error) => ({ code: 1, lines: [`error: ${err.message}`] }));
for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
process.exit(result.code);
