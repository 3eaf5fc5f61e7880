import { extname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, DATA_FILE_MAX_BYTES, dataFileTypeSchema, errors, fileTooLargeRefusal, message, ok, endpoints, UPLOAD_SLICE_BYTES } from '@yunyao/contract';
import { attachmentDisposition } from '@yunyao/platform';
import { SERVER_MESSAGES } from '../server.messages.ts';
import type { ServerDeps } from '../deps.ts';
import { checkDataUpload, ownDataFile, removeDataFile, renameOwnDataFile, saveDataFile, userDataFiles } from '../services/data-files.service.ts';
import { DataUploads } from '../services/data-uploads.service.ts';
import { readParts } from '../plugins/multipart-parts.ts';
import { readSmilesTable, smilesTextToCsv } from '../services/csv.ts';
import { endpointRoute } from './endpoint-route.ts';
import { DOWNLOAD_URL_TTL_S } from './download.ts';

export const fileRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  const ownFile = (id: number, userId: number) => ownDataFile(db, id, userId);
  const save = (userId: number, type: string, name: string, filename: string, data: Buffer) => saveDataFile(db, deps.storage, userId, { type, name, filename, data });
  const uploads = new DataUploads({ db, storage: deps.storage, secret: deps.config.jwtSecret });

  app.route({
    ...endpointRoute(app, endpoints.files.list),
    handler: async (req) =>
      ok(await userDataFiles(db, req.user.id, req.query.type)),
  });

  app.route({
    ...endpointRoute(app, endpoints.files.upload),
    handler: async (req) => {
      if (!req.isMultipart()) throw new ApiError(errors.uploadMissing);
      let type: string | undefined;
      let upload: { filename: string; data: Buffer } | undefined;
      for await (const part of readParts(req, { fileSize: DATA_FILE_MAX_BYTES, files: 1 })) {
        if (part.type === 'file') {
          if (part.truncated) throw new ApiError(errors.fileTooLarge, fileTooLargeRefusal(part.filename, DATA_FILE_MAX_BYTES));
          if (part.filename) upload = { filename: part.filename, data: part.data };
        } else if (part.fieldname === 'type') type = part.value;
      }
      const parsedType = dataFileTypeSchema.safeParse(type);
      if (!parsedType.success) throw new ApiError(errors.validation, message(SERVER_MESSAGES.fileTypeMissing));
      if (!upload || upload.data.length === 0) throw new ApiError(errors.uploadMissing);
      checkDataUpload(parsedType.data, upload.filename, upload.data.length);
      const name = upload.filename.slice(0, 100);
      return ok(await save(req.user.id, parsedType.data, name, upload.filename, upload.data), '上传成功！');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.openUpload),
    handler: async (req) => ok(await uploads.open(req.user.id, req.body)),
  });

  app.route({
    ...endpointRoute(app, endpoints.files.uploadPart),
    handler: async (req) => {
      if (!req.isMultipart()) throw new ApiError(errors.uploadMissing);
      const fields: Record<string, string> = {};
      let slice: Buffer | undefined;
      for await (const part of readParts(req, { fileSize: UPLOAD_SLICE_BYTES, files: 1 })) {
        if (part.type === 'field') fields[part.fieldname] = part.value;
        else if (part.truncated) throw new ApiError(errors.fileTooLarge, fileTooLargeRefusal(part.filename, UPLOAD_SLICE_BYTES));
        else slice = part.data;
      }
      const partNumber = Number(fields.part_number);
      if (!slice || !fields.upload || !Number.isInteger(partNumber) || partNumber < 1) throw new ApiError(errors.uploadMissing);
      return ok(await uploads.putPart(req.user.id, fields.upload, partNumber, slice));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.completeUpload),
    handler: async (req) => ok(await uploads.complete(req.user.id, req.body.upload, req.body.parts), '上传成功！'),
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
      const presigned = await deps.storage.downloadUrl(file.storageKey, file.filename, DOWNLOAD_URL_TTL_S);
      if (presigned) return reply.redirect(presigned);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.filename))
        .send(await deps.storage.stream(file.storageKey));
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.remove),
    handler: async (req) => {
      const file = await ownFile(req.params.id, req.user.id);
      await removeDataFile(db, deps.storage, file);
      return ok(null, '数据删除成功!');
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.files.rename),
    handler: async (req) => {
      const file = await ownFile(req.body.id, req.user.id);
      await renameOwnDataFile(db, file, req.body.name);
      return ok(null, '修改成功!');
    },
  });
};
