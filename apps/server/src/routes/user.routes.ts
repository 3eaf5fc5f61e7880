import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, ok } from '@yunyao/contract';
import type { ServerDeps } from '../deps.ts';
import { sessionOf } from '../plugins/auth.ts';
import { byBodyField, byClientAddress, withLimits } from '../plugins/rate-limits.ts';
import type { AuthService } from '../services/auth.service.ts';
import { userInfo } from '../services/user-info.service.ts';
import { endpointRoute } from './endpoint-route.ts';

export const userRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps; auth: AuthService }> = async (app, { deps, auth }) => {
  const { db } = deps.database;
  const limits = deps.config.rateLimits;

  app.route({
    ...withLimits(app, endpointRoute(app, endpoints.user.register), [{ max: limits.registerPerAddressPerHour, window: '1 hour', key: byClientAddress }]),
    handler: async (req) => {
      const user = await auth.register(req.body.email, req.body.password, req.body.invite_code || undefined);
      return ok({ user: { email: user.email } }, '注册成功');
    },
  });

  // Per account, so guessing one password is slow from any number of addresses; per address
  // (looser), so one client cannot sweep many accounts, while its neighbours behind the same
  // address still sign in.
  app.route({
    ...withLimits(app, endpointRoute(app, endpoints.user.login), [
      { max: limits.loginPerAccountPerMinute, window: '1 minute', key: byBodyField('account') },
      { max: limits.loginPerAddressPerMinute, window: '1 minute', key: byClientAddress },
    ]),
    handler: async (req) => ok(await auth.login(req.body.account, req.body.password), '登录成功'),
  });

  app.route({
    ...endpointRoute(app, endpoints.user.refresh),
    handler: async (req) => ok(await auth.refresh(req.body.refresh_token)),
  });

  app.route({
    ...endpointRoute(app, endpoints.user.logout),
    handler: async (req) => {
      await auth.logout(sessionOf(req));
      return ok(null, '退出登录成功！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.user.info),
    handler: async (req) => ok(await userInfo(db, req.user.id, deps.config.publicUrl)),
  });

  // Each request may send a mail: per address mailed, and per client.
  app.route({
    ...withLimits(app, endpointRoute(app, endpoints.user.forget), [
      { max: limits.forgetPerEmailPerHour, window: '1 hour', key: byBodyField('email') },
      { max: limits.forgetPerAddressPerHour, window: '1 hour', key: byClientAddress },
    ]),
    handler: async (req) => {
      await auth.forget(req.body.email);
      return ok(null, '如果该邮箱已注册，重置密码邮件已发送，请查收！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.user.reset),
    handler: async (req) => {
      await auth.reset(req.body.token, req.body.password);
      return ok(null, '密码重置成功，请重新登录！');
    },
  });
};
