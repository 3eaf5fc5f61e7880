import { z } from 'zod';

/**
 * One API route, declared once: the server registers it with these schemas (so requests are
 * validated and responses serialised by them), the OpenAPI document is generated from them,
 * and the typed client derives its argument and result types from them.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the route answers: `json` is the `{errno, errmsg, data}` envelope around `response`;
 * `download` streams a file (`response` is ignored, documented as binary).
 * How it reads its body: `json` (default) or `multipart` (module submit forms, uploads).
 */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: M;
  /** Fastify-style path, e.g. `/api/tasks/:id`. */
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The envelope's `data` for `json` routes. */
  response: Response;
  answers?: 'json' | 'download';
  reads?: 'json' | 'multipart';
  /** Needs a signed-in user (session token or personal access token). */
  auth: boolean;
  tag: string;
  summary: string;
}

/** Identity helper that keeps each endpoint's literal types for the client. */
export function endpoint<
  const M extends Method,
  const P extends string,
  Response extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(e: Endpoint<M, P, Params, Query, Body, Response>): Endpoint<M, P, Params, Query, Body, Response> {
  return e;
}

/** The envelope every JSON route answers, around its `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ errno: z.number().int(), errmsg: z.string(), data });
}

/**
 * One part of a call: the input side of its schema (before coercion and defaults), optional when
 * every field is, absent when the endpoint declares none. The property being optional, `E['params']`
 * reads as `Schema | undefined`, hence the Exclude before asking whether a schema is there.
 */
type Part<Name extends string, S> = [Exclude<S, undefined>] extends [never]
  ? { [K in Name]?: undefined }
  : {} extends z.input<Exclude<S, undefined>>
    ? { [K in Name]?: z.input<Exclude<S, undefined>> }
    : { [K in Name]: z.input<Exclude<S, undefined>> };
/** What a client sends. */
export type EndpointArgs<E extends Endpoint> = Part<'params', E['params']> & Part<'query', E['query']> & Part<'body', E['body']>;

/** What a client receives: the envelope's `data`, as the server's schema outputs it. */
export type EndpointData<E extends Endpoint> = z.output<E['response']>;
