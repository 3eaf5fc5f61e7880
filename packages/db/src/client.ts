import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { ThreadReply, ThreadRequest } from './pglite-thread.ts';

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

/** The part of a PGlite connection that Drizzle's PGlite driver uses: queries, scripts, transactions. */
interface PgliteConnection {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<unknown[]>;
}

/**
 * PGlite in its own thread (pglite-thread.ts), behind the calls Drizzle's PGlite driver makes. One
 * statement or transaction at a time, as PGlite does in-process: a transaction holds the connection
 * from BEGIN to COMMIT, so no other caller's statement lands inside it; the rest wait their turn on
 * this side, without holding up the event loop.
 */
class PgliteThreadClient implements PgliteConnection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private turn: Promise<unknown> = Promise.resolve();
  private failure: Error | undefined;

  constructor(private readonly thread: Worker) {
    thread.on('message', (reply: ThreadReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      // An idle database must not keep the process alive (the PGlite it replaces did not).
      if (!this.pending.size) thread.unref();
      if ('error' in reply) waiter.reject(Object.assign(new Error(reply.error.message), reply.error));
      else waiter.resolve(reply.result);
    });
    const lost = (err: Error) => {
      this.failure = err;
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
    };
    thread.on('error', lost);
    thread.on('exit', (code) => lost(new Error(`the embedded database thread exited (${code})`)));
  }

  /** Waits for the thread's database to open; rejects with its error. */
  ready(): Promise<unknown> {
    return this.request({ op: 'ready' });
  }

  private request(req: Omit<ThreadRequest, 'id'> | { op: 'ready' }): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = req.op === 'ready' ? 0 : this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread.ref();
      if (req.op !== 'ready') this.thread.postMessage({ ...req, id } satisfies ThreadRequest);
    });
  }

  private send<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    // Drizzle's parsers only keep some types' text (dates, intervals); functions cannot cross to the thread, their types can.
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.request({ op: 'query', text, params, rowMode: options?.rowMode, textTypes }) as Promise<Results<T>>;
  }

  /** Runs `work` when every earlier statement and transaction is done, and holds the connection until it is. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.catch(() => undefined);
    return run;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.exclusive(() => this.send<T>(text, params, options));
  }

  exec(text: string): Promise<unknown[]> {
    return this.exclusive(() => this.request({ op: 'exec', text }) as Promise<unknown[]>);
  }

  transaction<T>(work: (tx: PgliteConnection) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const tx: PgliteConnection = {
        query: (text, params, options) => this.send(text, params, options),
        exec: (text) => this.request({ op: 'exec', text }) as Promise<unknown[]>,
      };
      await tx.exec('BEGIN');
      try {
        const result = await work(tx);
        await tx.exec('COMMIT');
        return result;
      } catch (err) {
        await tx.exec('ROLLBACK');
        throw err;
      }
    });
  }

  async close(): Promise<void> {
    if (!this.failure) await this.exclusive(() => this.request({ op: 'close' }));
    await this.thread.terminate();
  }
}

/**
 * Opens the embedded PGlite database (a directory, or in memory when `dataDir`
 * is undefined) in a thread of its own and applies the migrations through it. PGlite
 * runs one transaction at a time, so only one process may open a directory.
 * The migrator runs on this side, where Drizzle is loaded anyway: the thread loads only PGlite, since
 * resolving Drizzle's hundreds of modules again cost each thread about 1.4 CPU-s.
 * `from` is a fresh database to start from (`pgliteSnapshot()`), instead of
 * creating one, which costs seconds of CPU. `sharedBuffers` overrides PostgreSQL's 128 MB of shared
 * buffers, which PGlite clears at every start (0.7 CPU-s; 16 MB takes a tenth of that): for the
 * short-lived test databases, whose whole data fits in a few megabytes.
 */
export async function openPglite(dataDir?: string, { from, sharedBuffers }: { from?: Blob; sharedBuffers?: string } = {}): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const snapshot = from ? new Uint8Array(await from.arrayBuffer()) : undefined;
  const thread = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData: { dataDir, snapshot, sharedBuffers } });
  const client = new PgliteThreadClient(thread);
  // Drizzle's PGlite driver calls only what PgliteConnection declares (query, and transaction for db.transaction).
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  try {
    await client.ready();
    await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } catch (err) {
    await thread.terminate();
    throw err;
  }
  return {
    kind: 'pglite',
    db,
    sql: {
      // pg-boss sends multi-statement scripts without parameters; only `exec` runs those on PGlite.
      // It wants every statement's rows, as node-postgres gives them (a claim's RETURNING sits
      // before the closing COMMIT), so the thread flattens them rather than taking the last one's.
      executeSql: async (text, values) => (values?.length ? client.query(text, values) : { rows: await client.exec(text) }),
    },
    close: () => client.close(),
  };
}

/**
 * A new, migrated, empty embedded database as an archive, from which `openPglite` starts many alike (the
 * API tests). Its WAL segments are 1 MB instead of 16: the archive is 31 MB instead of 42, and a start
 * from it, which reads the whole archive, takes half the CPU (about 1 s instead of 2, some 50 times a
 * test run). Only the segment files' size differs; the databases a platform creates itself keep the default.
 */
export async function pgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'] });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
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
