import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL access for libraries that bring their own SQL (pg-boss). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  /** Connection string for processes that connect on their own (PostgreSQL only). */
  url?: string;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
// Any constant works; it only has to be the same in every process migrating this database.
const MIGRATION_LOCK_KEY = 7_311_984;

async function migratedPglite(options: PGliteOptions): Promise<PGlite> {
  const client = await PGlite.create(options);
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return client;
}

/**
 * Opens the embedded PGlite database (a directory, or in memory when `dataDir`
 * is undefined) and applies the migrations. PGlite runs one transaction at a
 * time inside this process, so only one process may open a directory.
 * `from` is a fresh database to start from (`pgliteSnapshot()`), instead of
 * creating one, which costs seconds of CPU.
 */
export async function openPglite(dataDir?: string, { from }: { from?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await migratedPglite({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    sql: {
      // pg-boss sends multi-statement scripts without parameters; only `exec` runs those on PGlite.
      // It wants every statement's rows, as node-postgres gives them (a claim's RETURNING sits
      // before the closing COMMIT), so they are flattened rather than taken from the last one.
      executeSql: async (text, values) =>
        values?.length ? client.query(text, values as never[]) : { rows: (await client.exec(text)).flatMap((result) => result.rows) },
    },
    close: () => client.close(),
  };
}

/** A new, migrated, empty embedded database as an archive, from which `openPglite` starts many alike (the API tests). */
export async function pgliteSnapshot(): Promise<Blob> {
  const client = await migratedPglite({});
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Opens a PostgreSQL server's database and applies the migrations under an advisory lock. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (restart, admin shutdown) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`[db] idle PostgreSQL connection lost: ${err.message}`));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(pool), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    url,
    sql: { executeSql: (text, values) => pool.query(text, values) },
    close: () => pool.end(),
  };
}

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared base type leaves unknown. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
