import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, errors, languageOf, type CatalogueEntry, type Envelope, type Lang } from '@yunyao/contract';

/** The envelope of a refusal: the entry's errno and its message in `lang` (Chinese where the asker named no language). */
export function refusal(entry: CatalogueEntry, lang: Lang = 'zh'): Envelope<null> {
  return { errno: entry.errno, errmsg: entry[lang], data: null };
}

/**
 * The language a request's answers speak: its Accept-Language (the web app sends its own
 * language), Chinese by default and for any language but English.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Lang {
  return languageOf(request.headers['accept-language']);
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

/** Turns every error into the `{errno, errmsg, data}` envelope with the catalogue's status and its message in the request's language. */
export const errorEnvelope = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    const lang = requestLanguage(request);
    if (err instanceof ApiError) return reply.code(err.http).send({ errno: err.errno, errmsg: err.render(lang), data: err.data });
    if (err.statusCode && err.statusCode < 500) {
      const entry = frameworkRefusal(err);
      return reply.code(entry.http).send(refusal(entry, lang));
    }
    request.log.error(err);
    return reply.code(500).send(refusal(errors.internal, lang));
  });
});
