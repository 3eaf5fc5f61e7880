import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@yunyao/contract';
import { engineInfos, KNOWN_ENGINES } from '@yunyao/engines';
import type { ServerDeps } from '../deps.ts';

export const healthRoutes: FastifyPluginAsync<{ deps: ServerDeps }> = async (app, { deps }) => {
  app.get('/api/health', { schema: { tags: ['health'] } }, async (_req, reply) => {
    const started = Date.now();
    const database = await deps.database.sql
      .executeSql('select version() as version')
      .then(({ rows }) => ({ ok: true, kind: deps.database.kind, version: String((rows[0] as { version: string }).version), latency_ms: Date.now() - started }))
      .catch((err: Error) => ({ ok: false, kind: deps.database.kind, version: null, error: err.message }));
    const queue = await deps.queue
      .depth()
      .then((queued) => ({ ok: true, kind: 'pg-boss', queued }))
      .catch((err: Error) => ({ ok: false, kind: 'pg-boss', error: err.message }));
    const storage = await deps.storage.check();
    const engines = await engineInfos(KNOWN_ENGINES, deps.config.python);
    const healthy = database.ok && queue.ok && storage.ok;
    reply.code(healthy ? 200 : 503);
    return ok({ status: healthy ? 'ok' : 'degraded', database, queue, storage: { kind: deps.storage.kind, ...storage }, mail: deps.mailer.describe(), engines });
  });
};
