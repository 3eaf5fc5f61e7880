import { z } from 'zod';

/**
 * One API route, declared once: the server registers it with these schemas (so requests are
 * validated and responses serialised by them), the OpenAPI document is generated from them,
 * and the typed client derives its argument and result types from them.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the route answers: `json` is the `{errno, errmsg, data}` envelope around `response`;
 * `download` streams a file (`response` is `downloadBody`, documented as binary);
 * `raw-json` is `response` itself with no envelope (the OpenAPI document, WeChat Pay's callback answer).
 */
export type Answers = 'json' | 'download' | 'raw-json';
/** How the route reads its body: `json` (default) or `multipart` (module submit forms, uploads). */
export type Reads = 'json' | 'multipart';

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  A extends Answers = Answers,
  R extends Reads = Reads,
  C extends boolean = boolean,
> {
  method: M;
  /** Fastify-style path, e.g. `/api/tasks/:id`. */
  path: P;
  params?: Params;
  query?: Query;
  /**
   * For `multipart` routes the form's fields, files as `z.array(z.file())`: it documents the form
   * and types the client, while the route itself reads the parts (the validator never sees them).
   */
  body?: Body;
  /** The envelope's `data` for `json` routes. */
  response: Response;
  answers?: A;
  reads?: R;
  /** With `type=csv` the same route answers its rows as a CSV download instead of JSON. */
  csv?: C;
  /**
   * Needs a signed-in user (session token or personal access token); `session`: a login session
   * only, refusing personal access tokens (managing tokens, moving money, closing the account).
   */
  auth: boolean | 'session';
  tag: string;
  summary: string;
  /** Registered like any route but left out of the OpenAPI document: internal calls and third-party callbacks. */
  hidden?: boolean;
}

/** Identity helper that keeps each endpoint's literal types for the client. */
export function endpoint<
  const M extends Method,
  const P extends string,
  Response extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  const A extends Answers = 'json',
  const R extends Reads = 'json',
  const C extends boolean = false,
>(e: Endpoint<M, P, Params, Query, Body, Response, A, R, C>): Endpoint<M, P, Params, Query, Body, Response, A, R, C> {
  return e;
}

/** The envelope every JSON route answers, around its `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ errno: z.number().int(), errmsg: z.string(), data });
}

/** What a `download` route gives a client: the file's bytes. */
export const downloadBody = z.custom<Blob>((value) => value instanceof Blob).meta({ type: 'string', format: 'binary' });

/** A file field of a multipart form. */
export const formFiles = () => z.array(z.file());

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
