import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeOf, type Endpoint } from '@yunyao/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration of the route, for the OpenAPI document. */
    endpoint?: Endpoint;
  }
}

/** A download handler returns the file as a stream, bytes or text, which Fastify sends as they are. */
const fileBody = z.custom<Readable | Buffer | string>();
const csvBody = z.string();

type EnvelopeOf<E extends Endpoint> = ReturnType<typeof envelopeOf<E['response']>>;
type Answer<E extends Endpoint> = NonNullable<E['answers']>;

/**
 * Response schemas keyed by status, as Fastify takes them: they type the handler's return value
 * and serialise it (a JSON answer that breaks its schema is a 500, never a silent drift).
 */
type ResponseSchemas<E extends Endpoint> =
  Answer<E> extends 'download'
    ? { 200: { content: { 'application/octet-stream': { schema: typeof fileBody } } } }
    : Answer<E> extends 'raw-json'
      ? { 200: E['response']; '4xx': E['response']; '5xx': E['response'] }
      : NonNullable<E['csv']> extends true
        ? { 200: { content: { 'application/json': { schema: EnvelopeOf<E> }; 'text/csv': { schema: typeof csvBody } } } }
        : { 200: EnvelopeOf<E> };

// The overload states in types what the body decides at run time.
function responseSchemas<E extends Endpoint>(e: E): ResponseSchemas<E>;
function responseSchemas(e: Endpoint): object {
  if (e.answers === 'download') return { 200: { content: { 'application/octet-stream': { schema: fileBody } } } };
  // A bare answer keeps its shape whatever the status (WeChat reads `code` from a 4xx too).
  if (e.answers === 'raw-json') return { 200: e.response, '4xx': e.response, '5xx': e.response };
  const envelope = envelopeOf(e.response);
  return e.csv ? { 200: { content: { 'application/json': { schema: envelope }, 'text/csv': { schema: csvBody } } } } : { 200: envelope };
}

/** The schema a request part declares; an optional property reads `Schema | undefined`, hence the Exclude. */
type Declared<S> = [Exclude<S, undefined>] extends [never] ? undefined : Exclude<S, undefined>;
/** A multipart body is read part by part by the route itself; the validator must not see it. */
type BodySchema<E extends Endpoint> = NonNullable<E['reads']> extends 'multipart' ? undefined : Declared<E['body']>;

/** Fastify warns of a schema key that is present but undefined; the keys' types stay as they are. */
function definedKeys<T extends object>(schema: T): T {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The options to register one contract endpoint with: `app.route({ ...endpointRoute(app, e), handler })`.
 * Params, query and body are validated by their zod schemas, the handler's return value is
 * checked against the response schema at compile time and serialised by it at run time.
 */
export function endpointRoute<E extends Endpoint>(app: FastifyInstance, e: E) {
  return {
    method: e.method,
    url: e.path,
    schema: definedKeys({
      params: e.params as Declared<E['params']>,
      querystring: e.query as Declared<E['query']>,
      body: (e.reads === 'multipart' ? undefined : e.body) as BodySchema<E>,
      // Tags, summary and visibility reach the OpenAPI document from the endpoint itself (openapi/operation.ts).
      response: responseSchemas(e),
    }),
    config: { endpoint: e },
    preHandler: e.auth === 'session' ? [app.authenticate, app.requireSession] : e.auth ? [app.authenticate] : [],
  };
}
