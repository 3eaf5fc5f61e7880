import { endpoints } from '@yunyao/contract/api';
import { RequestError, createApiClient } from '@yunyao/contract/api/client';
import { i18n } from '../i18n/index.ts';
import { notifier } from './notifier.ts';
import { session } from './session.ts';

/**
 * The web app's API client: the contract's typed client plus the spec's global HTTP
 * behaviour (document 2, sections 8 and 9): the session's token, a silent refresh of an
 * expired one, the logout dialog, /401 for another user's resource, toasts and timeouts.
 */

/** Spec document 2, section 9. */
export const HTTP_TIMEOUT_MS = 50_000;
const ERROR_TOAST_SECONDS = 5;
const HTTP_ERROR_TOAST_SECONDS = 0.5;
const DOWNLOAD_TOAST_SECONDS = 2;
/** Token errors that end the session (spec document 2, section 8). */
export const LOGOUT_ERRNOS: ReadonlySet<number> = new Set([50008, 50012, 50014]);
const TOKEN_EXPIRED = 50014;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Screens that handle an errno themselves pass this to skip the global toast. */
  silent?: boolean;
  /** The errnos this screen answers itself (with a dialog); any other refusal is toasted as usual. */
  handles?: readonly number[];
}

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.any([AbortSignal.timeout(HTTP_TIMEOUT_MS), ...(init?.signal ? [init.signal] : [])]) });

/** The page's language, sent as Accept-Language so the server's refusals speak it. */
const language = () => i18n.language;

/** Sends no token and never retries: the refresh call itself. */
const anonymous = createApiClient({ fetch: fetchWithTimeout, language });

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, however many calls found the token expired together. */
function refreshAccessToken(): Promise<boolean> {
  const refreshToken = session.refreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= anonymous
    .call(endpoints.user.refresh, { body: { refresh_token: refreshToken } })
    .then((login) => {
      session.save(login);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
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

/** Applies the spec's global behaviour to a refused call and returns the error to throw. */
function refused(error: RequestError, silent: boolean): RequestError {
  const text = error.message || t('http.error');
  const n = notifier();
  if (error.status === 403) {
    n?.navigate('/401');
  } else if (error.errno !== null && LOGOUT_ERRNOS.has(error.errno)) {
    confirmLogout();
  } else if (error.status === 401) {
    n?.message.error(t('http.loginExpired'), ERROR_TOAST_SECONDS);
    session.clear();
  } else if (!silent) {
    n?.message.error(text, error.errno === null ? HTTP_ERROR_TOAST_SECONDS : ERROR_TOAST_SECONDS);
  }
  return new RequestError(text, error.errno, error.status, error.data);
}

/** A call that got no answer: timed out or the network failed (a caller's own abort is passed on). */
function unanswered(err: unknown, signal: AbortSignal | undefined, silent: boolean): unknown {
  if (signal?.aborted) return err;
  const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
  const text = t(timedOut ? 'http.timeout' : 'http.network');
  if (!silent) notifier()?.message.error(text, HTTP_ERROR_TOAST_SECONDS);
  return new RequestError(text, null, null);
}

/**
 * `call` answers the envelope's `data`, `envelope` the whole of it (for the server's
 * message on success); `download` a file's Response, for `saveDownload` or `textOf`.
 * Files skip the global behaviour: their screens say 文件不存在! instead.
 */
export const { call, envelope, download } = createApiClient<RequestOptions>({
  token: session.token,
  fetch: fetchWithTimeout,
  language,
  retry: async (error) => error.errno === TOKEN_EXPIRED && refreshAccessToken(),
  onError: (error, failed) => {
    const silent = failed.download || Boolean(failed.options?.silent);
    if (error instanceof RequestError) {
      const handled = error.errno !== null && Boolean(failed.options?.handles?.includes(error.errno));
      return failed.download ? error : refused(error, silent || handled);
    }
    return unanswered(error, failed.options?.signal, silent);
  },
});

/** A refusal the server answered, as opposed to no answer at all. */
const answeredRefusal = (err: unknown): err is RequestError => err instanceof RequestError && err.status !== null;

/** A file's text (a structure to draw or analyse); the server's message, or 文件不存在!, on failure. */
export async function textOf(pending: Promise<Response>): Promise<string> {
  try {
    return await (await pending).text();
  } catch (err) {
    if (!answeredRefusal(err)) throw err;
    throw new RequestError(err.errno === null ? t('http.fileMissing') : err.message, err.errno, err.status);
  }
}

function nameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * Hands a downloaded file to the browser (fetched, so the bearer token went with it).
 * Toasts as the spec says: start, or 文件不存在!.
 */
export async function saveDownload(pending: Promise<Response>, filename?: string): Promise<void> {
  const n = notifier();
  let res: Response;
  try {
    res = await pending;
  } catch (err) {
    if (!answeredRefusal(err)) throw err;
    n?.message.error(t('http.fileMissing'), DOWNLOAD_TOAST_SECONDS);
    throw new RequestError(t('http.fileMissing'), err.errno, err.status);
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
