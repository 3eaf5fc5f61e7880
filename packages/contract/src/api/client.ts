import { z } from 'zod';
import type { Envelope } from '../envelope.ts';
import type { Endpoint, EndpointArgs, EndpointData, Method } from './endpoint.ts';

/**
 * The typed API client shared by the web app, the e2e tests and scripts: it knows the
 * contract's endpoints and the `{errno, errmsg, data}` envelope, and nothing of a UI.
 */

/**
 * A refused call: `errno` from the envelope (null when the answer had none), `status` the HTTP
 * status, `data` the envelope's data (set by the few refusals a screen acts on, else null).
 */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    message: string,
    readonly errno: number | null,
    readonly status: number | null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** Options `O` are the caller's own per-call options (the web app adds `silent`), handed to `onError`. */
export interface ApiClientOptions<O extends CallOptions = CallOptions> {
  /** Where the API is served, e.g. `http://127.0.0.1:3000`; empty (the default) keeps paths relative, as a web page wants. */
  baseUrl?: string;
  /** The bearer token of the current session or personal access token, read before every call. */
  token?: () => string | undefined;
  /**
   * The language refusals should speak (`en`, `zh-CN`), read before every call and sent as
   * Accept-Language; the server answers Chinese without it.
   */
  language?: () => string | undefined;
  fetch?: typeof fetch;
  /** Shown a refused call; resolving true sends it once more (the web app refreshes an expired access token here). */
  retry?: (error: RequestError) => Promise<boolean>;
  /**
   * Shown what a call throws (a RequestError, or fetch's own error when no answer came) and answers
   * what to throw instead: where a UI shows its toasts. `download` tells file calls apart.
   */
  onError?: (error: unknown, call: { endpoint: Endpoint; download: boolean; options: O | undefined }) => unknown;
}

/** The parts of a call as the implementation reads them; `EndpointArgs<E>` narrows them per endpoint. */
interface CallParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Endpoints answering the `{errno, errmsg, data}` envelope, and those answering a file. */
export type JsonEndpoint = Endpoint<Method, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType, 'json'>;
export type FileEndpoint = Endpoint<Method, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType, 'download'>;
/** A call's arguments, which may be left out when the endpoint needs none, then its options. */
export type CallArgs<E extends Endpoint, O extends CallOptions = CallOptions> = object extends EndpointArgs<E>
  ? [args?: EndpointArgs<E>, options?: O]
  : [args: EndpointArgs<E>, options?: O];

export type ApiClient<O extends CallOptions = CallOptions> = ReturnType<typeof createApiClient<O>>;

export function createApiClient<O extends CallOptions = CallOptions>(options: ApiClientOptions<O> = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;

  async function send(endpoint: Endpoint, args: CallParts, signal: AbortSignal | undefined): Promise<Response> {
    const headers: Record<string, string> = {};
    const token = options.token?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const language = options.language?.();
    if (language) headers['accept-language'] = language;
    const body = encodeBody(endpoint, args.body);
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    return fetchImpl(baseUrl + endpointUrl(endpoint, args), { method: endpoint.method, headers, body, signal });
  }

  /** Sends the call, once more when `retry` says the refusal was mended, and lets `onError` restate a failure. */
  async function answered<T>(endpoint: Endpoint, args: CallParts, call: { download: boolean; options: O | undefined }, read: (res: Response) => Promise<T>): Promise<T> {
    const signal = call.options?.signal;
    try {
      try {
        return await read(await send(endpoint, args, signal));
      } catch (err) {
        if (!(err instanceof RequestError) || !options.retry || !(await options.retry(err))) throw err;
        return await read(await send(endpoint, args, signal));
      }
    } catch (err) {
      throw options.onError ? options.onError(err, { endpoint, ...call }) : err;
    }
  }

  /** The whole envelope, for screens that show the server's `errmsg` on success. */
  async function envelope<E extends JsonEndpoint>(endpoint: E, ...[args, callOptions]: CallArgs<E, O>): Promise<Envelope<EndpointData<E>>> {
    return answered(endpoint, args ?? {}, { download: false, options: callOptions }, async (res) => {
      const answer = await readEnvelope(res);
      if (!answer) throw new RequestError(res.statusText || `HTTP ${res.status}`, null, res.status);
      if (!res.ok || answer.errno !== 0) throw new RequestError(answer.errmsg || res.statusText, answer.errno, res.status, answer.data);
      // Parsing with the endpoint's own schema is what makes the result's type true, not assumed.
      const data = z.safeParse<E['response']>(endpoint.response, answer.data);
      if (!data.success) throw new RequestError(`${endpoint.method} ${endpoint.path} answered outside its contract: ${data.error.message}`, null, res.status);
      return { errno: answer.errno, errmsg: answer.errmsg, data: data.data };
    });
  }

  return {
    /** The envelope's `data`, typed and checked by the endpoint's response schema. */
    async call<E extends JsonEndpoint>(endpoint: E, ...args: CallArgs<E, O>): Promise<EndpointData<E>> {
      return (await envelope(endpoint, ...args)).data;
    },
    envelope,
    /**
     * A file: what a `download` endpoint streams, or a `csv` endpoint's rows as CSV.
     * A refusal throws the envelope's error.
     */
    download<E extends FileEndpoint | JsonEndpoint>(endpoint: E, ...[args, callOptions]: CallArgs<E, O>): Promise<Response> {
      if (endpoint.answers !== 'download' && !endpoint.csv) throw new TypeError(`${endpoint.method} ${endpoint.path} answers JSON, not a file`);
      const parts: CallParts = endpoint.answers === 'download' ? (args ?? {}) : { ...args, query: { ...fields(args?.query), type: 'csv' } };
      return answered(endpoint, parts, { download: true, options: callOptions }, async (res) => {
        if (res.ok) return res;
        const answer = await readEnvelope(res);
        throw new RequestError(answer?.errmsg || res.statusText || `HTTP ${res.status}`, answer?.errno ?? null, res.status);
      });
    },
  };
}

/** The endpoint's path with its `:params` filled in and its query encoded (empty values left out). */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, args: CallParts): string {
  const params = fields(args.params);
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${endpoint.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields(args.query))) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null && item !== '') search.append(name, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function fields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? { ...value } : {};
}

/** JSON for `json` endpoints; a form for `multipart` ones, files (Blobs) kept as files and lists as repeated fields. */
function encodeBody(endpoint: Endpoint, body: unknown): string | FormData | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  if (endpoint.reads !== 'multipart') return JSON.stringify(body);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields(body))) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(name, item, item instanceof File ? item.name : name);
      else form.append(name, String(item));
    }
  }
  return form;
}

async function readEnvelope(res: Response): Promise<Envelope<unknown> | null> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return null;
  const json: unknown = await res.json().catch(() => null);
  if (typeof json !== 'object' || json === null || !('errno' in json)) return null;
  const errmsg = 'errmsg' in json && typeof json.errmsg === 'string' ? json.errmsg : '';
  return { errno: Number(json.errno), errmsg, data: 'data' in json ? json.data : null };
}
