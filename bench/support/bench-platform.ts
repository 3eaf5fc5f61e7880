/**
 * An in-process platform for benchmarks that go through the API: a fresh data dir, embedded
 * PGlite unless DATABASE_URL is set, one registered user with a balance, and a bearer token.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credit, findUserByEmail, openPglite, type SqlExecutor } from '@yunyao/db';
import { loadConfig } from '@yunyao/platform';
import { startPlatform } from '../../apps/server/src/platform.ts';

export interface BenchPlatform {
  base: string;
  token: string;
  /** The platform's data dir (local storage, scratch): workers started beside it share it. */
  dataDir: string;
  databaseKind: string;
  /** The bench user's id, for benchmarks that seed rows of their own. */
  userId: number;
  /** Raw SQL on the platform's database (seeding). */
  sql: SqlExecutor;
  /** GET with the user's token; the envelope's `data`. */
  get<T>(path: string): Promise<T>;
  /** Polls a task until it leaves the running state. */
  waitForTask(id: number, pollMs?: number): Promise<{ status: number; status_text: string; result: string | null }>;
  close(): Promise<void>;
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * `worker: false` measures the API alone, as on a PostgreSQL deployment whose workers run elsewhere;
 * `onDisk: true` keeps PGlite in the data dir as `make start` does (in memory otherwise).
 */
export async function startBenchPlatform(env: Record<string, string> = {}, { worker = true, onDisk = false }: { worker?: boolean; onDisk?: boolean } = {}): Promise<BenchPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yunyao-bench-'));
  // Long optimisations outlive the default access token; a bench polls with one token throughout.
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL_SECONDS: '86400', ...env });
  const platform = await startPlatform(config, { database: config.databaseUrl || onDisk ? undefined : await openPglite(), logger: false, worker });
  const base = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${base}/api/user/register`, json({ email: 'bench@example.com', password: 'bench-pass' }));
  const user = (await findUserByEmail(platform.deps.database.db, 'bench@example.com'))!;
  await credit(platform.deps.database.db, { userId: user.id, kind: 'credit', amountFen: 1_000_000, reason: 'bench', ref: `bench:${user.id}` });
  const token = ((await (await fetch(`${base}/api/user/login`, json({ account: 'bench@example.com', password: 'bench-pass' }))).json()) as { data: { token: string } }).data.token;
  const get = async <T>(path: string) => {
    const body = (await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { errno: number | string; errmsg: string; data: T };
    if (Number(body.errno) !== 0) throw new Error(`${path}: ${body.errmsg}`);
    return body.data;
  };
  return {
    base,
    token,
    dataDir,
    databaseKind: platform.deps.database.kind,
    userId: user.id,
    sql: platform.deps.database.sql,
    get,
    async waitForTask(id, pollMs = 100) {
      for (;;) {
        const row = await get<{ status: number; status_text: string; result: string | null }>(`/api/tasks/${id}`);
        if (row.status !== 1) return row;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
    async close() {
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
