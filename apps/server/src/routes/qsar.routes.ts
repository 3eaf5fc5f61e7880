import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, endpoints, errors, fileFormatRefusal, fileTooLargeRefusal, ok, serialIdSchema } from '@yunyao/contract';
import { QSAR_TABLE_FIELD } from '@yunyao/modules/forms/qsartuna';
import { extname } from 'node:path';
import type { ServerDeps } from '../deps.ts';
import { readParts } from '../plugins/multipart-parts.ts';
import { ownDataFile } from '../services/data-files.service.ts';
import { deleteOwnQsarModel, inspectQsarTable, ownQsarModel, ownQsarModelFile, renameOwnQsarModel, userQsarModels } from '../services/qsar-registry.service.ts';
import { endpointRoute } from './endpoint-route.ts';

/** QSAR: reading a training table for the build form, and the user's model registry. */
export const qsarRoutes: FastifyPluginAsyncZod<{ deps: ServerDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  /** The table of a headers or inspect call: the uploaded `file`, else the data-center file `smiles_cos`; refused as the build form would. */
  async function readTable(req: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
    if (!req.isMultipart()) throw new ApiError(errors.uploadMissing);
    let upload: { filename: string; data: Buffer } | undefined;
    let cos: string | undefined;
    for await (const part of readParts(req, { fileSize: QSAR_TABLE_FIELD.maxBytes, files: 1 })) {
      if (part.type === 'file') {
        if (part.truncated) throw new ApiError(errors.fileTooLarge, fileTooLargeRefusal(part.filename, QSAR_TABLE_FIELD.maxBytes));
        if (part.filename) upload = { filename: part.filename, data: part.data };
      } else if (part.fieldname === 'smiles_cos') cos = part.value;
    }
    if (!upload && cos !== undefined) {
      const id = serialIdSchema.safeParse(cos);
      if (!id.success) throw new ApiError(errors.fileNotFound);
      const file = await ownDataFile(db, id.data, req.user.id);
      upload = { filename: file.filename, data: await deps.storage.get(file.storageKey) };
    }
    if (!upload || upload.data.length === 0) throw new ApiError(errors.uploadMissing);
    if (!QSAR_TABLE_FIELD.extensions.includes(extname(upload.filename).toLowerCase())) {
      throw new ApiError(errors.fileFormat, fileFormatRefusal(upload.filename, QSAR_TABLE_FIELD.extensions));
    }
    return upload;
  }

  app.route({
    ...endpointRoute(app, endpoints.qsar.headers),
    handler: async (req) => ok((await inspectQsarTable(deps, await readTable(req))).columns.map((c) => c.name)),
  });
  app.route({
    ...endpointRoute(app, endpoints.qsar.inspect),
    handler: async (req) => ok(await inspectQsarTable(deps, await readTable(req))),
  });

  app.route({ ...endpointRoute(app, endpoints.qsar.models), handler: async (req) => ok(await userQsarModels(db, req.user.id)) });
  app.route({ ...endpointRoute(app, endpoints.qsar.model), handler: async (req) => ok(await ownQsarModel(db, req.user.id, req.params.id)) });
  app.route({
    ...endpointRoute(app, endpoints.qsar.rename),
    handler: async (req) => {
      await renameOwnQsarModel(db, req.user.id, req.body.id, req.body.name);
      return ok(null, '修改成功!');
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.qsar.remove),
    handler: async (req) => {
      await deleteOwnQsarModel(db, req.user.id, req.params.id);
      return ok(null, '删除成功!');
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.qsar.download),
    handler: async (req, reply) => {
      const file = await ownQsarModelFile(deps, req.user.id, req.params.id);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.data);
    },
  });
};
