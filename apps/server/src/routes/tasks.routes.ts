import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { pack } from 'tar-stream';
import { ApiError, endpoints, errors, ok } from '@yunyao/contract';
import { attachmentDisposition } from '@yunyao/platform';
import type { ServerDeps } from '../deps.ts';
import { ownTask } from '../services/task-access.ts';
import { rerunWorkflow } from '../services/workflow-rerun.service.ts';
import { cancelOwnTask, ownTaskRow, recentTasks, taskFileByKey, taskFileList, taskOutputFiles, taskPage, taskRowPage, workflowPage } from '../services/tasks.service.ts';
import { renderRowsMessages } from '../services/row-messages.ts';
import { endpointRoute } from './endpoint-route.ts';
import { DOWNLOAD_URL_TTL_S } from './download.ts';
import { requestLanguage } from '../plugins/errors.ts';

const { tasks } = endpoints;

export const taskRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.route({
    ...endpointRoute(app, tasks.list),
    handler: async (req) => ok(await taskPage(db, { userId: req.user.id, ...req.query }, requestLanguage(req))),
  });

  app.route({
    ...endpointRoute(app, tasks.workflows),
    handler: async (req) => ok(await workflowPage(db, { userId: req.user.id, status: 0, ...req.query }, requestLanguage(req))),
  });

  app.route({
    ...endpointRoute(app, tasks.recent),
    handler: async (req) => ok(await recentTasks(db, req.user.id, req.query.module, req.query.limit, requestLanguage(req))),
  });

  app.route({
    ...endpointRoute(app, tasks.get),
    handler: async (req) => ok(await ownTaskRow(db, req.params.id, req.user.id, requestLanguage(req))),
  });

  app.route({
    ...endpointRoute(app, tasks.result),
    handler: async (req) => {
      const task = await ownTask(db, req.params.id, req.user.id);
      return ok(task.result ?? null);
    },
  });

  app.route({
    ...endpointRoute(app, tasks.output),
    handler: async (req, reply) => {
      const task = await ownTask(db, req.params.id, req.user.id);
      const limit = req.query.limit ?? 10_000;
      const page = req.query.page ?? 1;
      const { total, rows } = await taskRowPage(db, task.id, page, limit);
      reply.header('x-total-count', String(total));
      return ok(renderRowsMessages(rows, requestLanguage(req)));
    },
  });

  app.route({
    ...endpointRoute(app, tasks.files),
    handler: async (req) => {
      const task = await ownTask(db, req.params.id, req.user.id);
      return ok(await taskFileList(db, task.id));
    },
  });

  app.route({
    ...endpointRoute(app, tasks.archive),
    handler: async (req, reply) => {
      const task = await ownTask(db, req.params.id, req.user.id);
      const outputs = await taskOutputFiles(db, task.id);
      if (!outputs.length) throw new ApiError(errors.fileNotFound);
      const archive = pack();
      void (async () => {
        try {
          for (const f of outputs) archive.entry({ name: `${task.id}/${f.name}` }, await deps.storage.get(f.storageKey));
          archive.finalize();
        } catch (err) {
          archive.destroy(err as Error);
        }
      })();
      reply.header('content-type', 'application/x-tar').header('content-disposition', attachmentDisposition(`${task.id}.tar`));
      return Readable.from(archive);
    },
  });

  app.route({
    ...endpointRoute(app, tasks.download),
    handler: async (req, reply) => {
      const task = await ownTask(db, req.query.task_id, req.user.id);
      const match = await taskFileByKey(db, task.id, req.query.file);
      if (!match) throw new ApiError(errors.fileNotFound);
      const presigned = await deps.storage.downloadUrl(match.storageKey, match.name, DOWNLOAD_URL_TTL_S);
      if (presigned) return reply.redirect(presigned);
      reply.header('content-type', 'application/octet-stream').header('content-disposition', attachmentDisposition(match.name));
      return deps.storage.stream(match.storageKey);
    },
  });

  app.route({
    ...endpointRoute(app, tasks.cancel),
    handler: async (req) => {
      await cancelOwnTask(db, req.body.task_id, req.user.id);
      return ok(null, '任务已取消');
    },
  });

  app.route({
    ...endpointRoute(app, tasks.rerunWorkflow),
    handler: async (req) => ok({ task_id: await rerunWorkflow(deps, req.user.id, req.body.task_id) }, '任务提交成功!'),
  });
};
