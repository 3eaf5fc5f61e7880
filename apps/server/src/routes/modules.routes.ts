import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@yunyao/contract';
import { modules } from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { readSubmitForm, submitTask } from '../services/submission.service.ts';

/** One submit route per registered module, all validated by the module's own declaration. */
export const moduleRoutes: FastifyPluginAsync<{ deps: ServerDeps }> = async (app, { deps }) => {
  for (const mod of modules.values()) {
    for (const route of [mod.route, ...(mod.aliases ?? [])]) {
      app.post(
        route,
        { preHandler: app.authenticate, schema: { tags: ['modules'], summary: mod.name.zh, description: mod.description.zh } },
        async (req) => {
          const form = await readSubmitForm(req, mod);
          return ok({ task_id: await submitTask(deps, req.user.id, mod, form) }, '任务提交成功!');
        },
      );
    }
  }

  app.get('/api/modules', { schema: { tags: ['modules'] } }, async () =>
    ok(
      [...modules.values()].map((m) => ({
        code: m.code,
        version: m.version,
        route: m.route,
        name: m.name,
        description: m.description,
        price: m.priceFenPerCoreHour / 100,
        engines: m.engines,
        files: m.files.map(({ field, extensions, min, max, maxBytes }) => ({ field, extensions, min, max, maxBytes })),
      })),
    ),
  );
};
