import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, tokenEndpoints } from '@yunyao/contract';
import type { AccessTokenService } from '../services/access-tokens.service.ts';
import { endpointRoute } from './endpoint-route.ts';

/** Personal access tokens, managed from the personal centre: session only, so no token can mint or revoke tokens. */
export const tokenRoutes: FastifyPluginAsyncZod<{ accessTokens: AccessTokenService }> = async (app, { accessTokens }) => {
  app.route({
    ...endpointRoute(app, tokenEndpoints.list),
    handler: async (req) => ok(await accessTokens.list(req.user.id)),
  });

  app.route({
    ...endpointRoute(app, tokenEndpoints.create),
    handler: async (req) => ok(await accessTokens.create(req.user.id, req.body), '创建成功，请立即复制令牌，关闭后将无法再次查看！'),
  });

  app.route({
    ...endpointRoute(app, tokenEndpoints.revoke),
    handler: async (req) => {
      await accessTokens.revoke(req.user.id, req.params.id);
      return ok(null, '撤销成功！');
    },
  });
};
