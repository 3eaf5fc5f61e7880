import { endpoints } from '@yunyao/contract/api';
import { RequestError } from '@yunyao/contract/api/client';
import type { DataFile, DataFileType, UploadSession } from '@yunyao/contract';
import { i18n } from '../i18n/index.ts';
import { call, HTTP_TIMEOUT_MS } from './client.ts';
import { notifier } from './notifier.ts';

/** Slices in flight at once: enough to fill a link, few enough that each finishes well inside its timeout. */
const PARALLEL_SLICES = 3;
const ERROR_TOAST_SECONDS = 5;

/**
 * Uploads a large file into the data center in 5 MiB slices (docs/storage.md): the server opens a
 * session for it, each slice goes straight to object storage through its presigned URL (or to the
 * API's part route on a local install), and the server files the joined object once all are there.
 * `onProgress` hears how many slices of how many are done.
 */
export async function uploadInSlices(type: DataFileType, file: File, onProgress?: (done: number, total: number) => void): Promise<DataFile> {
  const session = await call(endpoints.files.openUpload, { body: { type, filename: file.name, size: file.size } });
  const total = session.parts.length;
  let done = 0;
  onProgress?.(done, total);
  const queue = [...session.parts];
  const parts: { part_number: number; etag: string }[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const slice = file.slice((next.part_number - 1) * session.part_size, next.part_number * session.part_size);
      parts.push({ part_number: next.part_number, etag: await sendSlice(session, next, slice, file.name) });
      onProgress?.(++done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SLICES, total) }, worker));
  parts.sort((a, b) => a.part_number - b.part_number);
  return call(endpoints.files.completeUpload, { body: { upload: session.upload, parts } });
}

async function sendSlice(session: UploadSession, part: UploadSession['parts'][number], slice: Blob, filename: string): Promise<string> {
  if (session.target === 'api') {
    // The API client brings the login and shows the server's refusal itself.
    return (await call(endpoints.files.uploadPart, { body: { upload: session.upload, part_number: part.part_number, file: new File([slice], filename) } })).etag;
  }
  // The presigned URL is the permission: no login goes to the store. The bucket's CORS must expose ETag.
  const res = await fetch(part.url, { method: 'PUT', body: slice, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) }).catch(() => undefined);
  const etag = res?.ok ? res.headers.get('etag') : null;
  if (etag) return etag;
  const text = i18n.t('http.sliceFailed', { filename, part: part.part_number });
  notifier()?.message.error(text, ERROR_TOAST_SECONDS);
  throw new RequestError(text, null, res?.status ?? null);
}
