import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openPglite, openPostgres, type Database } from '@yunyao/db';
import { createMailer, createStorage, TaskQueue, type Config } from '@yunyao/platform';
import { MAX_TIME_LIMIT_SECONDS, startWorker, type RunningWorker } from '@yunyao/worker';
import { buildApp, type AppOptions } from './app.ts';
import type { ServerDeps } from './deps.ts';

export interface Platform {
  app: FastifyInstance;
  deps: ServerDeps;
  worker?: RunningWorker;
  close(): Promise<void>;
}

export function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, 'pgdata'));
}

/** Wires database, queue, storage, mail, API and (when embedded) the worker into one running platform. */
export async function startPlatform(config: Config, options: AppOptions & { database?: Database; worker?: boolean } = {}): Promise<Platform> {
  const database = options.database ?? (await openDatabase(config));
  const queue = await TaskQueue.start(database.sql, { expireInSeconds: MAX_TIME_LIMIT_SECONDS });
  const deps: ServerDeps = {
    config,
    database,
    queue,
    storage: createStorage(config.storage),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
    opsToken: randomBytes(24).toString('base64url'),
  };
  const app = await buildApp(deps, options);
  const worker = (options.worker ?? config.embeddedWorker) ? await startWorker({ config, database, queue, storage: deps.storage }) : undefined;
  return {
    app,
    deps,
    worker,
    async close() {
      await worker?.stop();
      await app.close();
      await queue.stop();
      if (!options.database) await database.close();
    },
  };
}
