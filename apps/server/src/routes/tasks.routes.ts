import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { pack } from 'tar-stream';
import { ApiError, endpoints, errors, ok, type TaskFile } from '@yunyao/contract';
import { cancelTask, cancelWorkflowSteps, childTasks, getTaskFiles, getTaskRows, lastTasksOfModule, listTasks, type TaskFileRecord } from '@yunyao/db';
import { getModule } from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { ownTask } from '../services/task-access.ts';
import { rerunWorkflow } from '../services/workflow-rerun.service.ts';
import { toTaskRow } from '../services/task-presenter.ts';
import { endpointRoute } from './endpoint-route.ts';

const { tasks } = endpoints;

/** The `file` a single-file download names: the file's key below its task, looked up, never joined into a path. */
const relativeKey = (taskId: number, f: TaskFileRecord) => f.storageKey.slice(`tasks/${taskId}/`.length);

function toTaskFile(taskId: number, f: TaskFileRecord): TaskFile {
  return { name: f.name, filename: f.name, file: relativeKey(taskId, f) };
}

/** `attachment; filename*=` so Chinese names survive. */
const disposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const taskRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.route({
    ...endpointRoute(app, tasks.list),
    handler: async (req) => {
      const { total, rows } = await listTasks(db, { userId: req.user.id, ...req.query });
      const children = await childTasks(db, rows.map((r) => r.id));
      return ok({ total, data: rows.map((r) => toTaskRow(r, children.filter((c) => c.parentId === r.id))) });
    },
  });

  app.route({
    ...endpointRoute(app, tasks.recent),
    handler: async (req) => {
      const rows = await lastTasksOfModule(db, req.user.id, req.query.module, req.query.limit);
      return ok(rows.map((r) => toTaskRow(r)));
    },
  });

  app.route({
    ...endpointRoute(app, tasks.get),
    handler: async (req) => {
      const task = await ownTask(db, req.params.id, req.user.id);
      return ok(toTaskRow(task, await childTasks(db, [task.id])));
    },
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
      const { total, rows } = await getTaskRows(db, task.id, (page - 1) * limit, limit);
      reply.header('x-total-count', String(total));
      return ok(rows);
    },
  });

  app.route({
    ...endpointRoute(app, tasks.files),
    handler: async (req) => {
      const task = await ownTask(db, req.params.id, req.user.id);
      const files = await getTaskFiles(db, task.id);
      return ok({
        inputs: files.filter((f) => f.role === 'input').map((f) => toTaskFile(task.id, f)),
        outputs: files.filter((f) => f.role !== 'input').map((f) => toTaskFile(task.id, f)),
      });
    },
  });

  app.route({
    ...endpointRoute(app, tasks.archive),
    handler: async (req, reply) => {
      const task = await ownTask(db, req.params.id, req.user.id);
      const outputs = (await getTaskFiles(db, task.id)).filter((f) => f.role !== 'input');
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
      reply.header('content-type', 'application/x-tar').header('content-disposition', disposition(`${task.id}.tar`));
      return Readable.from(archive);
    },
  });

  app.route({
    ...endpointRoute(app, tasks.download),
    handler: async (req, reply) => {
      const task = await ownTask(db, req.query.task_id, req.user.id);
      const match = (await getTaskFiles(db, task.id)).find((f) => relativeKey(task.id, f) === req.query.file);
      if (!match) throw new ApiError(errors.fileNotFound);
      reply.header('content-type', 'application/octet-stream').header('content-disposition', disposition(match.name));
      return deps.storage.stream(match.storageKey);
    },
  });

  app.route({
    ...endpointRoute(app, tasks.cancel),
    handler: async (req) => {
      const task = await ownTask(db, req.body.task_id, req.user.id);
      if (!(await cancelTask(db, task.id, req.user.id))) throw new ApiError(errors.taskNotCancellable);
      if (getModule(task.module)?.runsChildren) await cancelWorkflowSteps(db, task.id);
      return ok(null, '任务已取消');
    },
  });

  app.route({
    ...endpointRoute(app, tasks.rerunWorkflow),
    handler: async (req) => ok({ task_id: await rerunWorkflow(deps, req.user.id, req.body.task_id) }, '任务提交成功!'),
  });
};
