import { openPostgres } from '@yunyao/db';
import { createStorage, loadConfig, requireSupportedNode, TaskQueue } from '@yunyao/platform';
import { startWorker } from './worker.ts';
import { MAX_TIME_LIMIT_SECONDS } from './limits.ts';

/** A standalone worker process; it needs PostgreSQL, since PGlite allows a single process. */
requireSupportedNode();
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('A separate worker needs DATABASE_URL (PostgreSQL). With the embedded PGlite database the worker runs inside `make start`.');
  process.exit(2);
}
const database = await openPostgres(config.databaseUrl);
const queue = await TaskQueue.start(database.sql, { expireInSeconds: MAX_TIME_LIMIT_SECONDS });
const worker = await startWorker({ config, database, queue, storage: createStorage(config.storage) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await worker.stop();
    await queue.stop();
    await database.close();
    process.exit(0);
  });
}
