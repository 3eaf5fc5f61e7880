import type { DataFile } from '@yunyao/contract';
import { api } from '../../api/endpoints.ts';
import { session } from '../../api/session.ts';

/** Enough for any structure or sequence a person reads on screen, without stalling on a 100 MB upload. */
export const PREVIEW_BYTES = 200 * 1024;

export interface FileText {
  text: string;
  truncated: boolean;
}

function fetchWithToken(url: string, signal?: AbortSignal): Promise<Response> {
  const token = session.token();
  return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
}

/** Reads the start of a data-center file as text, with the user's bearer token. */
export async function fetchFileText(file: Pick<DataFile, 'url'>, signal?: AbortSignal, limit = PREVIEW_BYTES): Promise<FileText> {
  let res = await fetchWithToken(file.url, signal);
  if (res.status === 401) {
    // The access token lives 15 minutes; any call through the API client refreshes it, then try once more.
    await api.user.info().catch(() => undefined);
    res = await fetchWithToken(file.url, signal);
  }
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);

  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (received >= limit) {
      truncated = true;
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(received, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.byteLength;
    if (offset >= bytes.length) break;
  }
  // stream:true drops a multi-byte character cut in half at the limit instead of showing garbage.
  return { text: new TextDecoder().decode(bytes, { stream: truncated }), truncated };
}
