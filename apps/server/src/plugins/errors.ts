import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, errors, type CatalogueEntry, type Envelope } from '@yunyao/contract';

/** The envelope of a refusal: the entry's errno and its Chinese message, or a field's own message. */
export function refusal(entry: CatalogueEntry, message = entry.zh): Envelope<null> {
  return { errno: entry.errno, errmsg: message, data: null };
}

/**
 * What Fastify's and the multipart plugin's own refusals answer, by their code, so that none
 * reaches the user as its English text. Codes not listed fall back on their HTTP status.
 */
const FRAMEWORK_REFUSALS: Record<string, CatalogueEntry> = {
  FST_ERR_CTP_INVALID_JSON_BODY: errors.malformedRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: errors.malformedRequest,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: errors.malformedRequest,
  FST_PROTO_VIOLATION: errors.malformedRequest,
  FST_INVALID_JSON_FIELD_ERROR: errors.malformedRequest,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errors.unsupportedMediaType,
  FST_INVALID_MULTIPART_CONTENT_TYPE: errors.unsupportedMediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: errors.bodyTooLarge,
  FST_REQ_FILE_TOO_LARGE: errors.fileTooLarge,
  FST_FILES_LIMIT: errors.fileTooLarge,
  FST_PARTS_LIMIT: errors.fileTooLarge,
  FST_FIELDS_LIMIT: errors.fileTooLarge,
};

const BY_STATUS: Record<number, CatalogueEntry> = {
  404: errors.notFound,
  413: errors.bodyTooLarge,
  414: errors.notFound,
  415: errors.unsupportedMediaType,
};

function frameworkRefusal(err: FastifyError): CatalogueEntry {
  return FRAMEWORK_REFUSALS[err.code] ?? BY_STATUS[err.statusCode ?? 400] ?? errors.validation;
}

/** Turns every error into the `{errno, errmsg, data}` envelope with the catalogue's status and message. */
export const errorEnvelope = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    if (err instanceof ApiError) return reply.code(err.http).send({ errno: err.errno, errmsg: err.message, data: err.data });
    if (err.statusCode && err.statusCode < 500) {
      const entry = frameworkRefusal(err);
      return reply.code(entry.http).send(refusal(entry));
    }
    request.log.error(err);
    return reply.code(500).send(refusal(errors.internal));
  });
});
