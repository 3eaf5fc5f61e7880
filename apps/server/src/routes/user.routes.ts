import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type UserInfo, fenToYuan, forgetBodySchema, loginBodySchema, ok, refreshBodySchema, registerBodySchema, resetBodySchema, ApiError, errors } from '@yunyao/contract';
import { balanceFen, findUserById, listHpcAccounts, taskCostFen } from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';
import { sessionOf } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import { formatDate } from '../format.ts';

export const userRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps; auth: AuthService }> = async (app, { deps, auth }) => {
  const { db } = deps.database;

  app.post('/api/user/register', { schema: { body: registerBodySchema, tags: ['user'] } }, async (req) => {
    const user = await auth.register(req.body.email, req.body.password, req.body.invite_code || undefined);
    return ok({ user: { email: user.email } }, '注册成功');
  });

  app.post(
    '/api/user/login',
    {
      schema: { body: loginBodySchema, tags: ['user'] },
      config: {
        rateLimit: {
          max: deps.config.loginRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (req) => `${req.ip}|${String((req.body as { account?: unknown } | undefined)?.account ?? '').toLowerCase()}`,
        },
      },
    },
    async (req) => ok(await auth.login(req.body.account, req.body.password), '登录成功'),
  );

  app.post('/api/user/refresh', { schema: { body: refreshBodySchema, tags: ['user'] } }, async (req) => ok(await auth.refresh(req.body.refresh_token)));

  app.post('/api/user/logout', { preHandler: app.authenticate, schema: { tags: ['user'] } }, async (req) => {
    await auth.logout(sessionOf(req));
    return ok(null, '退出登录成功！');
  });

  app.get('/api/user/info', { preHandler: app.authenticate, schema: { tags: ['user'] } }, async (req) => {
    const user = await findUserById(db, req.user.id);
    if (!user) throw new ApiError(errors.tokenRevoked);
    return ok<UserInfo>({
      email: user.email,
      balance: fenToYuan(await balanceFen(db, user.id)),
      task_cost: fenToYuan(await taskCostFen(db, user.id)),
      invite_url: `${deps.config.publicUrl}/register?invite_code=${encodeURIComponent(user.inviteCode)}`,
      created_at: formatDate(user.createdAt),
      chaosuans: (await listHpcAccounts(db, user.id)).map((a) => ({ node: a.node, account: a.account ?? '', status: a.status })),
    });
  });

  app.post('/api/user/forget', { schema: { body: forgetBodySchema, tags: ['user'] } }, async (req) => {
    await auth.forget(req.body.email);
    return ok(null, '如果该邮箱已注册，重置密码邮件已发送，请查收！');
  });

  app.post('/api/user/reset', { schema: { body: resetBodySchema, tags: ['user'] } }, async (req) => {
    await auth.reset(req.body.token, req.body.password);
    return ok(null, '密码重置成功，请重新登录！');
  });
};
