/**
 * The embedded PGlite database in its own thread (started by `openPglite` in client.ts). PGlite runs
 * Postgres compiled to WASM synchronously on the thread that calls it: on the main thread a slow
 * statement (a big transaction, a checkpoint, queue maintenance) stalls the API, the heartbeats and
 * the sweep together. Here it stalls only the database. The main thread's `PgliteThreadClient`
 * serialises access (one transaction at a time, as PGlite itself does); this side runs what it is sent,
 * one message at a time. Plain Node (type stripping): no imports from the workspace.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';

export interface ThreadRequest {
  id: number;
  op: 'query' | 'exec' | 'close';
  text?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Types whose text is answered as it is: Drizzle's parsers for them are the identity (dates, intervals). */
  textTypes?: number[];
}

export type ThreadReply = { id: number; result: unknown } | { id: number; error: Record<string, unknown> & { message: string } };

const { dataDir, snapshot, sharedBuffers } = workerData as { dataDir?: string; snapshot?: Uint8Array<ArrayBuffer>; sharedBuffers?: string };
const port = parentPort!;

/** An error's own fields (code, detail, constraint…) survive the thread boundary; structured clone would keep only the message. */
function plainError(err: unknown): Record<string, unknown> & { message: string } {
  if (!(err instanceof Error)) return { message: String(err) };
  return { ...Object.fromEntries(Object.entries(err).filter(([, v]) => typeof v !== 'function' && typeof v !== 'object')), name: err.name, message: err.message };
}

async function answer(client: PGlite, req: ThreadRequest): Promise<unknown> {
  if (req.op === 'close') return client.close();
  if (req.op === 'exec') return (await client.exec(req.text!)).flatMap((result) => result.rows);
  const options: QueryOptions = {};
  if (req.rowMode) options.rowMode = req.rowMode;
  if (req.textTypes) options.parsers = Object.fromEntries(req.textTypes.map((oid) => [oid, (value: string) => value]));
  const { rows, fields, affectedRows } = await client.query(req.text!, req.params ?? [], options);
  return { rows, fields, affectedRows };
}

try {
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(snapshot ? { loadDataDir: new Blob([snapshot]) } : {}),
    ...(sharedBuffers ? { postgresqlconf: `shared_buffers = ${sharedBuffers}` } : {}),
  });
  // Messages arrive in order and each waits for the last: the main side already serialises, this keeps it so.
  let tail: Promise<unknown> = Promise.resolve();
  port.on('message', (req: ThreadRequest) => {
    tail = tail.then(async () => {
      try {
        port.postMessage({ id: req.id, result: await answer(client, req) } satisfies ThreadReply);
      } catch (err) {
        port.postMessage({ id: req.id, error: plainError(err) } satisfies ThreadReply);
      }
      if (req.op === 'close') port.close();
    });
  });
  port.postMessage({ id: 0, result: 'ready' } satisfies ThreadReply);
} catch (err) {
  port.postMessage({ id: 0, error: plainError(err) } satisfies ThreadReply);
}
