import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, errors, ok, endpoints } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { runOpsCommand } from '../ops/commands.ts';
import { endpointRoute } from './endpoint-route.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Lets the ops CLI run its commands inside the running platform, the one process
 * allowed to open an embedded database. Only from this machine, only with the
 * token the platform wrote into its lock file.
 */
export const opsRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  app.route({
    ...endpointRoute(app, endpoints.system.ops),
    handler: async (req) => {
      const presented = Buffer.from(String(req.headers['x-ops-token'] ?? ''));
      const expected = Buffer.from(deps.opsToken ?? '');
      const tokenOk = expected.length > 0 && presented.length === expected.length && timingSafeEqual(presented, expected);
      if (!LOOPBACK.has(req.ip) || !tokenOk) throw new ApiError(errors.forbidden);
      return ok(await runOpsCommand(deps.database, deps.config, req.body.args));
    },
  });
};
