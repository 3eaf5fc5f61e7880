import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, estimateEndpoint, ok, previewEndpoint, submitEndpoint } from '@yunyao/contract';
import { modules, submitRoutes } from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { runModulePreview } from '../services/module-preview.service.ts';
import { estimateTask, readSubmitForm, submitTask } from '../services/submission.service.ts';
import { endpointRoute } from './endpoint-route.ts';

/** One submit and one estimate route per registered module (and alias), all validated by the module's own declaration. */
export const moduleRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  // A route several modules share (POST /api/rosetta) is one route, whose `module` field picks the module.
  for (const { path, modules: taking } of submitRoutes(modules.values())) {
    app.route({
      ...endpointRoute(app, submitEndpoint(taking, path)),
      handler: async (req) => {
        const { mod, form } = await readSubmitForm(req, taking);
        return ok({ task_id: await submitTask(deps, req.user.id, mod, form) }, '任务提交成功!');
      },
    });
    app.route({
      ...endpointRoute(app, estimateEndpoint(taking, path)),
      handler: async (req) => {
        const { mod, form } = await readSubmitForm(req, taking);
        return ok(await estimateTask(deps, req.user.id, mod, form));
      },
    });
  }
  for (const mod of modules.values()) {
    const { preview } = mod;
    if (preview) {
      app.route({
        ...endpointRoute(app, previewEndpoint({ route: mod.route, preview })),
        handler: async (req) => ok(await runModulePreview(deps.config, mod, req.body)),
      });
    }
  }

  app.route({
    ...endpointRoute(app, endpoints.modules.list),
    handler: async () =>
      ok(
        [...modules.values()].map((m) => ({
          code: m.code,
          version: m.version,
          route: m.route,
          name: m.name,
          description: m.description,
          price: m.priceFenPerCoreHour / 100,
          engines: m.engines.map((engine) => engine.id),
          files: m.files.map(({ field, extensions, min, max, maxBytes }) => ({ field, extensions: [...extensions], min, max, maxBytes })),
        })),
      ),
  });
};
