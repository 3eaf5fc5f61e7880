import type { Readable } from 'node:stream';

/** Where uploaded inputs, task outputs and data-center files live. Keys are `/`-separated, never user-controlled. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable): Promise<number>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Removes every key under a prefix (a task's files, say). */
  deletePrefix(prefix: string): Promise<void>;
  check(): Promise<{ ok: boolean; detail: string }>;
}

export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
