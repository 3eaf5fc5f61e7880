import type { Readable } from 'node:stream';

/**
 * Multipart uploads take parts of this size, the last one smaller: S3's least part size (5 MiB),
 * and the spec's browser slice (document 1, the cloud storage token: "upload in 5 MB slices").
 */
export const PART_SIZE = 5 * 1024 * 1024;

/** One uploaded part of a multipart upload, as its completion lists it. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/** Where uploaded inputs, task outputs and data-center files live. Keys are `/`-separated, never user-controlled. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores a body of any size (S3: a multipart upload past PART_SIZE); answers its size. */
  put(key: string, body: Buffer | Readable): Promise<number>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes; throws when it does not exist. */
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  /** Removes every key under a prefix (a task's files, say). */
  deletePrefix(prefix: string): Promise<void>;
  check(): Promise<{ ok: boolean; detail: string }>;

  /** Starts a multipart upload to `key`; answers its upload id. */
  createMultipart(key: string): Promise<string>;
  /** Stores part `partNumber` (from 1) of an upload; answers its ETag, which the completion names. */
  putPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string>;
  /** Joins the listed parts, in order, into the object at `key`; answers its size. */
  completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<number>;
  /** Drops an upload's parts; an unknown upload is no error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;

  /**
   * A URL anyone holding it may PUT part `partNumber` to, for `expiresInS` seconds (an S3 presigned
   * UploadPart, for a browser's slices); none where the storage has no such URLs (local: the API takes the part).
   */
  partUploadUrl(key: string, uploadId: string, partNumber: number, expiresInS: number): Promise<string | undefined>;
  /** A URL that serves the object as an attachment named `filename` for `expiresInS` seconds; none for local storage (the API streams it). */
  downloadUrl(key: string, filename: string, expiresInS: number): Promise<string | undefined>;
}

export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** `attachment; filename*=` with an ASCII fallback, so Chinese names survive (RFC 6266). */
export const attachmentDisposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A stream cut into buffers of exactly `size` bytes, the last one shorter (never empty, unless the
 * stream is): the parts of a multipart upload.
 */
export async function* chunksOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let yielded = false;
  for await (const piece of body) {
    let chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
    while (pendingBytes + chunk.length >= size) {
      const take = size - pendingBytes;
      pending.push(chunk.subarray(0, take));
      yield Buffer.concat(pending);
      yielded = true;
      chunk = chunk.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (chunk.length) {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  }
  if (pendingBytes || !yielded) yield Buffer.concat(pending);
}
