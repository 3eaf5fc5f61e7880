import { extname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, DATA_FILE_MAX_BYTES, DATA_FILE_TYPES, dataFileTypeSchema, errors, fileFormatRefusal, fileTooLargeRefusal, ok, type DataFile, endpoints } from '@yunyao/contract';
import { deleteDataFile, getDataFile, insertDataFile, listDataFiles, renameDataFile, type DataFileRecord } from '@yunyao/db';
import type { ServerDeps } from '../deps.ts';
import { formatDate } from '../format.ts';
import { readParts } from '../plugins/multipart-parts.ts';
import { readSmilesTable, smilesTextToCsv } from '../services/csv.ts';
import { endpointRoute } from './endpoint-route.ts';


function present(f: DataFileRecord): DataFile {
  return {
    id: f.id,
    name: f.name,
    type: f.type as DataFile['type'],
    filename: f.filename,
    size: f.size,
    url: `/api/files/${f.id}/download`,
    created_at: formatDate(f.createdAt),
  };
}

export const fileRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  async function ownFile(id: number, userId: number): Promise<DataFileRecord> {
    const file = await getDataFile(db, id);
    if (!file) throw new ApiError(errors.fileNotFound);
    if (file.userId !== userId) throw new ApiError(errors.forbidden);
    return file;
  }

  async function save(userId: number, type: string, name: string, filename: string, data: Buffer): Promise<DataFile> {
    const key = `users/${userId}/files/${Date.now()}-${Math.random().toString(36).slice(2, 8)}${extname(filename).toLowerCase()}`;
    const size = await deps.storage.put(key, data);
    return present(await insertDataFile(db, { userId, type, name, filename, storageKey: key, size }));
  }

  app.route({
    ...endpointRoute(app, endpoints.files.list),
    handler: async (req) =>
      ok((await listDataFiles(db, req.user.id, req.query.type)).map(present)),
  });

  app.route({
    ...endpointRoute(app, endpoints.files.upload),
    handler: async (req) => {
      if (!req.isMultipart()) throw new ApiError(errors.uploadMissing);
      let type: string | undefined;
      let upload: { filename: string; data: Buffer } | undefined;
      for await (const part of readParts(req, { fileSize: DATA_FILE_MAX_BYTES, files: 1 })) {
        if (part.type === 'file') {
          if (part.truncated) throw new ApiError(errors.fileTooLarge, fileTooLargeRefusal(part.filename, DATA_FILE_MAX_BYTES).zh);
          if (part.filename) upload = { filename: part.filename, data: part.data };
        } else if (part.fieldname === 'type') type = part.value;
      }
      const parsedType = dataFileTypeSchema.safeParse(type);
      if (!parsedType.success) throw new ApiError(errors.validation, '请选择文件类型！');
      if (!upload || upload.data.length === 0) throw new ApiError(errors.uploadMissing);
      const allowed: readonly string[] = DATA_FILE_TYPES[parsedType.data];
      if (!allowed.includes(extname(upload.filename).toLowerCase())) throw new ApiError(errors.fileFormat, fileFormatRefusal(upload.filename, allowed).zh);
      const name = upload.filename.slice(0, 100);
      return ok(await save(req.user.id, parsedType.data, name, upload.filename, upload.data), '上传成功！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.smiles),
    handler: async (req) => {
      const { csv, count } = smilesTextToCsv(req.body.name, req.body.smiles);
      if (count === 0) throw new ApiError(errors.uploadMissing);
      const name = req.body.name.replace(/\.csv$/i, '');
      return ok(await save(req.user.id, 'smiles', name, `${name}.csv`, Buffer.from(csv)), '上传成功！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.csvPage),
    handler: async (req) => {
      const file = await ownFile(req.query.id, req.user.id);
      if (extname(file.filename).toLowerCase() !== '.csv') throw new ApiError(errors.fileFormat);
      const rows = readSmilesTable((await deps.storage.get(file.storageKey)).toString('utf8'));
      const start = (req.query.page - 1) * req.query.page_size;
      return ok({ total: rows.length, page: req.query.page, page_size: req.query.page_size, rows: rows.slice(start, start + req.query.page_size) });
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.download),
    handler: async (req, reply) => {
      const file = await ownFile(req.params.id, req.user.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(await deps.storage.stream(file.storageKey));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.remove),
    handler: async (req) => {
      const file = await ownFile(req.params.id, req.user.id);
      await deleteDataFile(db, file.id);
      await deps.storage.delete(file.storageKey);
      return ok(null, '数据删除成功!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.rename),
    handler: async (req) => {
      const file = await ownFile(req.body.id, req.user.id);
      await renameDataFile(db, file.id, req.body.name);
      return ok(null, '修改成功!');
    },
  });
};
