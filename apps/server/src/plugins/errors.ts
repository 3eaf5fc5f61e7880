import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, errors } from '@yunyao/contract';

/** Turns every error into the `{errno, errmsg, data}` envelope with the catalogue's status. */
export const errorEnvelope = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    if (err instanceof ApiError) {
      return reply.code(err.http).send({ errno: err.errno, errmsg: err.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.code(400).send({ errno: errors.validation.errno, errmsg: first?.message ?? errors.validation.zh, data: null });
    }
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send({ errno: errors.fileTooLarge.errno, errmsg: errors.fileTooLarge.zh, data: null });
    }
    if (err.statusCode && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ errno: errors.validation.errno, errmsg: err.message, data: null });
    }
    request.log.error(err);
    return reply.code(500).send({ errno: errors.internal.errno, errmsg: errors.internal.zh, data: null });
  });
});
