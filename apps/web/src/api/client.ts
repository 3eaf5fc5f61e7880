import type { Envelope, LoginData } from '@yunyao/contract';
import { i18n } from '../i18n/index.ts';
import { notifier } from './notifier.ts';
import { session } from './session.ts';

/** Spec document 2, section 9. */
export const HTTP_TIMEOUT_MS = 50_000;
const ERROR_TOAST_SECONDS = 5;
const HTTP_ERROR_TOAST_SECONDS = 0.5;
const DOWNLOAD_TOAST_SECONDS = 2;
/** Token errors that end the session (spec document 2, section 8). */
export const LOGOUT_ERRNOS: ReadonlySet<number> = new Set([50008, 50012, 50014]);
const TOKEN_EXPIRED = 50014;

export class RequestError extends Error {
  constructor(
    message: string,
    readonly errno: number | null,
    readonly status: number | null,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Screens that handle an errno themselves pass this to skip the global toast. */
  silent?: boolean;
}

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

export function apiUrl(path: string, query?: Query): string {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const signals = [AbortSignal.timeout(HTTP_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  try {
    return await fetch(apiUrl(path, options.query), { method, headers, body, signal: AbortSignal.any(signals) });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    const text = t(timedOut ? 'http.timeout' : 'http.network');
    if (!options.silent) notifier()?.message.error(text, HTTP_ERROR_TOAST_SECONDS);
    throw new RequestError(text, null, null);
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, however many calls found the token expired together. */
function refreshAccessToken(): Promise<boolean> {
  const refreshToken = session.refreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const res = await fetch('/api/user/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      const envelope = (await res.json()) as Envelope<LoginData>;
      if (Number(envelope.errno) !== 0) return false;
      session.save(envelope.data);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

let logoutDialogOpen = false;

function confirmLogout(): void {
  const n = notifier();
  if (!n || logoutDialogOpen) return;
  logoutDialogOpen = true;
  n.modal.confirm({
    title: t('http.confirmLogoutTitle'),
    content: t('http.confirmLogoutText'),
    okText: t('http.relogin'),
    cancelText: t('http.cancel'),
    onOk: () => {
      session.clear();
      location.assign('/login');
    },
    afterClose: () => {
      logoutDialogOpen = false;
    },
  });
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return null;
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

/** Applies the spec's global HTTP behaviour to a failed answer and returns the error to throw. */
function failure(res: Response, envelope: Envelope<unknown> | null, silent: boolean): RequestError {
  const errno = envelope ? Number(envelope.errno) : null;
  const text = envelope?.errmsg || res.statusText || t('http.error');
  const n = notifier();
  if (res.status === 403) {
    n?.navigate('/401');
  } else if (errno !== null && LOGOUT_ERRNOS.has(errno)) {
    confirmLogout();
  } else if (res.status === 401) {
    n?.message.error(t('http.loginExpired'), ERROR_TOAST_SECONDS);
    session.clear();
  } else if (!silent) {
    n?.message.error(text, envelope ? ERROR_TOAST_SECONDS : HTTP_ERROR_TOAST_SECONDS);
  }
  return new RequestError(text, errno, res.status);
}

/** Calls the API and returns the whole envelope (for screens that show `errmsg`). */
export async function call<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  let res = await send(method, path, options);
  let envelope = await readEnvelope<T>(res);
  if (envelope && Number(envelope.errno) === TOKEN_EXPIRED && (await refreshAccessToken())) {
    res = await send(method, path, options);
    envelope = await readEnvelope<T>(res);
  }
  if (!res.ok || !envelope || Number(envelope.errno) !== 0) throw failure(res, envelope, Boolean(options.silent));
  return envelope;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await call<T>(method, path, options)).data;
}

export const get = <T>(path: string, query?: Query) => request<T>('GET', path, { query });
export const post = <T>(path: string, json?: unknown) => request<T>('POST', path, { json });

function nameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/** A file's text through fetch with the bearer token (a structure to draw or analyse); the server's message on failure. */
export async function fetchText(path: string, query?: Query): Promise<string> {
  let res = await send('GET', path, { query, silent: true });
  if (res.status === 401 && (await refreshAccessToken())) res = await send('GET', path, { query, silent: true });
  if (res.ok) return res.text();
  const message = await res
    .json()
    .then((body: { errmsg?: string }) => body.errmsg)
    .catch(() => undefined);
  throw new RequestError(message ?? t('http.fileMissing'), null, res.status);
}

/**
 * Downloads a file through fetch so the bearer token goes with it, then hands
 * the blob to the browser. Toasts as the spec says: start, or 文件不存在!.
 */
export async function download(path: string, query?: Query, filename?: string): Promise<void> {
  const n = notifier();
  let res = await send('GET', path, { query, silent: true });
  if (res.status === 401 && (await refreshAccessToken())) res = await send('GET', path, { query, silent: true });
  if (!res.ok) {
    n?.message.error(t('http.fileMissing'), DOWNLOAD_TOAST_SECONDS);
    throw new RequestError(t('http.fileMissing'), null, res.status);
  }
  const name = filename ?? nameFromDisposition(res.headers.get('content-disposition')) ?? 'download';
  n?.message.info(t('http.downloading', { filename: name }), DOWNLOAD_TOAST_SECONDS);
  saveBlob(await res.blob(), name);
}

/** Hands data made or fetched by the page to the browser as a file download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
