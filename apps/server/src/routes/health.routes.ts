import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, endpoints } from '@yunyao/contract';
import { engineInfos, KNOWN_ENGINES } from '@yunyao/engines';
import type { ServerDeps } from '../deps.ts';
import { endpointRoute } from './endpoint-route.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  app.route({
    ...endpointRoute(app, endpoints.system.health),
    handler: async (_req, reply) => {
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
      // The contract types the 200 answer; a degraded platform answers the same body with 503, for load balancers.
      if (!healthy) reply.raw.statusCode = 503;
      return ok({ status: healthy ? ('ok' as const) : ('degraded' as const), database, queue, storage: { kind: deps.storage.kind, ...storage }, mail: deps.mailer.describe(), engines });
    },
  });
};
