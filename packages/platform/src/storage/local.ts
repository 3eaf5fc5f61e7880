import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage } from './storage.ts';

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable): Promise<number> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    if (Buffer.isBuffer(body)) await writeFile(path, body);
    else await pipeline(body, createWriteStream(path));
    return (await stat(path)).size;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async stream(key: string): Promise<Readable> {
    const path = this.path(key);
    await access(path);
    return createReadStream(path);
  }

  async exists(key: string): Promise<boolean> {
    return access(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }

  async check(): Promise<{ ok: boolean; detail: string }> {
    try {
      await mkdir(this.root, { recursive: true });
      const probe = join(this.root, '.health');
      await writeFile(probe, String(Date.now()));
      return { ok: true, detail: `local:${this.root}` };
    } catch (err) {
      return { ok: false, detail: `local:${this.root}: ${(err as Error).message}` };
    }
  }
}
