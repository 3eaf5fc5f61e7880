import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessTokenIdParamsSchema, createAccessTokenBodySchema, envelopeOf, ok, tokenEndpoints } from '@yunyao/contract';
import type { AccessTokenService } from '../services/access-tokens.service.ts';

const { list, create, revoke } = tokenEndpoints;

/** Personal access tokens, managed from the personal centre: session only, so no token can mint or revoke tokens. */
export const tokenRoutes: FastifyPluginAsyncZod<{ accessTokens: AccessTokenService }> = async (app, { accessTokens }) => {
  const guard = { preHandler: [app.authenticate, app.requireSession] };

  app.get(list.path, { ...guard, schema: { tags: [list.tag], summary: list.summary, response: { 200: envelopeOf(list.response) } } }, async (req) =>
    ok(await accessTokens.list(req.user.id)),
  );

  app.post(
    create.path,
    { ...guard, schema: { tags: [create.tag], summary: create.summary, body: createAccessTokenBodySchema, response: { 200: envelopeOf(create.response) } } },
    async (req) => ok(await accessTokens.create(req.user.id, req.body), '创建成功，请立即复制令牌，关闭后将无法再次查看！'),
  );

  app.delete(
    revoke.path,
    { ...guard, schema: { tags: [revoke.tag], summary: revoke.summary, params: accessTokenIdParamsSchema, response: { 200: envelopeOf(revoke.response) } } },
    async (req) => {
      await accessTokens.revoke(req.user.id, req.params.id);
      return ok(null, '撤销成功！');
    },
  );
};
