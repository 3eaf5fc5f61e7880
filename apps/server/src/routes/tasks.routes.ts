import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { pack } from 'tar-stream';
import { z } from 'zod';
import { ApiError, cancelBodySchema, errors, ok, outputQuerySchema, simpleHistoryQuerySchema, taskListQuerySchema, type TaskFile } from '@yunyao/contract';
import { cancelTask, childTasks, getTaskFiles, getTaskRows, lastTasksOfModule, listTasks, type TaskFileRecord } from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';
import { ownTask } from '../services/task-access.ts';
import { toTaskRow } from '../services/task-presenter.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The `file` a single-file download names: the file's key below its task, looked up, never joined into a path. */
const relativeKey = (taskId: number, f: TaskFileRecord) => f.storageKey.slice(`tasks/${taskId}/`.length);

function toTaskFile(taskId: number, f: TaskFileRecord): TaskFile {
  return { name: f.name, filename: f.name, file: relativeKey(taskId, f) };
}

/** `attachment; filename*=` so Chinese names survive. */
const disposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const taskRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  app.addHook('preHandler', app.authenticate);

  app.get('/api/tasks', { schema: { querystring: taskListQuerySchema, tags: ['tasks'] } }, async (req) => {
    const { total, rows } = await listTasks(db, { userId: req.user.id, ...req.query });
    const children = await childTasks(db, rows.map((r) => r.id));
    return ok({ total, data: rows.map((r) => toTaskRow(r, children.filter((c) => c.parentId === r.id))) });
  });

  app.get('/api/tasks/recent', { schema: { querystring: simpleHistoryQuerySchema, tags: ['tasks'] } }, async (req) => {
    const rows = await lastTasksOfModule(db, req.user.id, req.query.module, req.query.limit);
    return ok(rows.map((r) => toTaskRow(r)));
  });

  app.get('/api/tasks/:id', { schema: { params: idParams, tags: ['tasks'] } }, async (req) => {
    const task = await ownTask(db, req.params.id, req.user.id);
    return ok(toTaskRow(task, await childTasks(db, [task.id])));
  });

  app.get('/api/tasks/json/:id', { schema: { params: idParams, tags: ['tasks'] } }, async (req) => {
    const task = await ownTask(db, req.params.id, req.user.id);
    return ok(task.result ?? null);
  });

  app.get('/api/tasks/output/:id', { schema: { params: idParams, querystring: outputQuerySchema, tags: ['tasks'] } }, async (req, reply) => {
    const task = await ownTask(db, req.params.id, req.user.id);
    const limit = req.query.limit ?? 10_000;
    const page = req.query.page ?? 1;
    const { total, rows } = await getTaskRows(db, task.id, (page - 1) * limit, limit);
    reply.header('x-total-count', String(total));
    return ok(rows);
  });

  app.get('/api/tasks/files/:id', { schema: { params: idParams, tags: ['tasks'] } }, async (req) => {
    const task = await ownTask(db, req.params.id, req.user.id);
    const files = await getTaskFiles(db, task.id);
    return ok({
      inputs: files.filter((f) => f.role === 'input').map((f) => toTaskFile(task.id, f)),
      outputs: files.filter((f) => f.role !== 'input').map((f) => toTaskFile(task.id, f)),
    });
  });

  app.get('/api/tasks/download/:id', { schema: { params: idParams, tags: ['tasks'] } }, async (req, reply) => {
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
    return reply.header('content-type', 'application/x-tar').header('content-disposition', disposition(`${task.id}.tar`)).send(Readable.from(archive));
  });

  app.get(
    '/api/stream/download/',
    { schema: { querystring: z.object({ task_id: z.coerce.number().int().positive(), file: z.string().min(1).max(300) }), tags: ['tasks'] } },
    async (req, reply) => {
      const task = await ownTask(db, req.query.task_id, req.user.id);
      const match = (await getTaskFiles(db, task.id)).find((f) => relativeKey(task.id, f) === req.query.file);
      if (!match) throw new ApiError(errors.fileNotFound);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', disposition(match.name))
        .send(await deps.storage.stream(match.storageKey));
    },
  );

  app.post('/api/tasks/cancel', { schema: { body: cancelBodySchema, tags: ['tasks'] } }, async (req) => {
    const task = await ownTask(db, req.body.task_id, req.user.id);
    if (!(await cancelTask(db, task.id, req.user.id))) throw new ApiError(errors.taskNotCancellable);
    return ok(null, '任务已取消');
  });
};
