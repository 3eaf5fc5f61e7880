import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TaskRow } from '@yunyao/contract';
import { endpoints } from '@yunyao/contract/api';
import { createApiClient, type ApiClient } from '@yunyao/contract/api/client';
import { openPglite, openPostgres, type Database } from '@yunyao/db';
import { loadConfig, RELAXED_RATE_LIMITS_ENV, type Config } from '@yunyao/platform';
import { startPlatform, type Platform } from '../../src/platform.ts';

export const dbKind = (process.env.YY_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

let snapshot: Blob | undefined;
/**
 * A copy of the run's migrated embedded database (pglite.global.ts), in memory or in `dataDir`; with
 * 16 MB of shared buffers, as a test's data is a few megabytes (a platform started later on `dataDir`
 * has the default).
 */
function migratedPglite(dataDir?: string): Promise<Database> {
  snapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return openPglite(dataDir, { from: snapshot, sharedBuffers: '16MB' });
}

/**
 * Lays a migrated database into an embedded platform's data dir before it first starts: what its first
 * start would create (initdb and every migration, tens of seconds on a loaded machine), made from the copy.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  await (await migratedPglite(join(dataDir, 'pgdata'))).close();
}

/**
 * The next in-memory database, opened in the background while the file that took the last one runs.
 * Opening one costs seconds of CPU in a thread of its own (PGlite boots from the snapshot), which a
 * platform start would otherwise wait out, some 50 times a run. Files of a project run one after
 * another in one process (isolate: false, vitest.config.ts), so the next file takes it ready. It
 * starts a little after the taken one, to leave the platform being started the CPU first.
 */
let spare: Promise<Database> | undefined;
const SPARE_DELAY_MS = 3_000;

function takeMigratedPglite(): Promise<Database> {
  const next = spare ?? migratedPglite();
  spare = undefined;
  setTimeout(() => {
    spare ??= migratedPglite();
    // A spare nobody takes (after the last file) must not fail the run; a taken one reports its own error.
    spare.catch(() => undefined);
  }, SPARE_DELAY_MS).unref();
  return next;
}

/** A fresh database on the shared test server (PostgreSQL) or a fresh PGlite in memory, copied from the run's migrated one (pglite.global.ts). */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (dbKind === 'pglite') {
    const database = await takeMigratedPglite();
    return { database, drop: async () => undefined };
  }
  const admin = inject('postgresUrl');
  const name = `yy_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = admin.replace(/\/postgres$/, `/${name}`);
  const database = await openPostgres(url);
  return {
    database,
    url,
    async drop() {
      const c = new pg.Client(admin);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestPlatform {
  platform: Platform;
  config: Config;
  url: string;
  databaseUrl?: string;
  api<T = unknown>(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<{ status: number; body: { errno: number; errmsg: string; data: T } }>;
  close(): Promise<void>;
}

/** Starts API (+ worker unless disabled) on a random loopback port over a fresh database and data dir; `webRoot` is the built web app it serves. */
export async function startTestPlatform(env: Record<string, string> = {}, { worker = true, webRoot }: { worker?: boolean; webRoot?: string } = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yunyao-test-'));
  const fresh = await freshDatabase();
  // Tests never read the shared datasets; one that needs a dataset points YUNYAO_DATASETS at test-fixtures/datasets.
  const config = loadConfig({ DATA_DIR: dataDir, RECEPTOR_CACHE_DIR: inject('receptorCacheDir'), PORT: '0', LOG_LEVEL: 'warn', YUNYAO_DATASETS: '', ...RELAXED_RATE_LIMITS_ENV, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}), ...env });
  const platform = await startPlatform(config, { database: fresh.database, logger: false, worker, webRoot });
  const url = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    platform,
    config,
    url,
    databaseUrl: fresh.url,
    async api(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const res = await fetch(`${url}${path}`, { ...init, headers, body });
      return { status: res.status, body: await res.json() };
    },
    async close() {
      await platform.close();
      await fresh.database.close();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The contract's typed client against this platform, holding `token`: answers checked against their response schemas. */
export function clientOf(t: TestPlatform, token?: string): ApiClient {
  return createApiClient({ baseUrl: t.url, token: () => token });
}

/** Registers, tops up through the ledger (as the ops CLI does) and logs in; returns the access token. */
export async function newUser(t: TestPlatform, email: string, creditYuan = 200): Promise<{ token: string; refresh: string; userId: number }> {
  const password = 'secret-123';
  const anonymous = clientOf(t);
  await anonymous.call(endpoints.user.register, { body: { email, password } });
  const login = await anonymous.call(endpoints.user.login, { body: { account: email, password } });
  const { findUserByEmail, credit } = await import('@yunyao/db');
  const user = (await findUserByEmail(t.platform.deps.database.db, email))!;
  if (creditYuan) await credit(t.platform.deps.database.db, { userId: user.id, kind: 'credit', amountFen: creditYuan * 100, reason: 'trial', ref: `trial:${user.id}` });
  return { token: login.token, refresh: login.refresh_token, userId: user.id };
}

/** Polls a task until it leaves the queued/running states. */
export async function waitForTask(t: TestPlatform, token: string, id: number, timeoutMs = 90_000): Promise<TaskRow> {
  const deadline = Date.now() + timeoutMs;
  const client = clientOf(t, token);
  for (;;) {
    const task = await client.call(endpoints.tasks.get, { params: { id } });
    if (task.status !== 1) return task;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task.status_text} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function submitFiles<T = { task_id: number }>(t: TestPlatform, token: string, route: string, files: { field: string; name: string; data: Buffer | string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)]), f.name);
  return t.api<T>(route, { method: 'POST', token, body: form });
}

/** One output file of a task, by its name, downloaded as its owner does (/api/stream/download/). */
export async function outputText(t: TestPlatform, token: string, id: number, name: string): Promise<string> {
  const client = clientOf(t, token);
  const { outputs } = await client.call(endpoints.tasks.files, { params: { id } });
  const file = outputs.find((f) => f.name === name);
  if (!file) throw new Error(`task ${id} has no output ${name} (${outputs.map((f) => f.name).join(', ')})`);
  return (await client.download(endpoints.tasks.download, { query: { task_id: id, file: file.file } })).text();
}

/** The first `n` records of an SD file, as one SD text. */
export function sdRecords(path: string, n: number): string {
  return readFileSync(path, 'utf8').split('$$$$\n').slice(0, n).map((r) => `${r}$$$$\n`).join('');
}

/** Pids of live (not zombie) processes whose working directory lies under `dir`: the engines of tasks scratching there. */
export function processesUnder(dir: string): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return readlinkSync(`/proc/${pid}/cwd`).startsWith(dir) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
    } catch {
      return false;
    }
  });
}
