import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage, type UploadedPart } from './storage.ts';

/** Multipart uploads left unfinished this long are swept when the next one starts (S3 users set a lifecycle rule for theirs). */
const STALE_UPLOAD_MS = 24 * 3_600_000;

/** Files under a directory: the default install's storage, with no object store to run. */
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

  async size(key: string): Promise<number> {
    return (await stat(this.path(key))).size;
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

  /** An upload's parts wait in `.multipart/<id>/`, beside the keys (which never start with a dot), with the key they are for. */
  private uploadDir(uploadId: string): string {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new Error(`unknown upload: ${uploadId}`);
    return join(this.root, '.multipart', uploadId);
  }

  /** The upload's directory, once it is known to be for `key`: an upload id names no other key's parts. */
  private async uploadFor(key: string, uploadId: string): Promise<string> {
    const dir = this.uploadDir(uploadId);
    const boundTo = await readFile(join(dir, 'key'), 'utf8').catch(() => undefined);
    if (boundTo !== key) throw new Error(`no upload ${uploadId} for ${key}`);
    return dir;
  }

  async createMultipart(key: string): Promise<string> {
    assertSafeKey(key);
    await this.sweepStaleUploads();
    const uploadId = randomBytes(16).toString('hex');
    const dir = this.uploadDir(uploadId);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'key'), key);
    return uploadId;
  }

  async putPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string> {
    const dir = await this.uploadFor(key, uploadId);
    // Written aside and renamed, so a part is whole or absent when the completion reads it.
    const part = join(dir, `part-${partNumber}`);
    await writeFile(`${part}.tmp`, body);
    await rename(`${part}.tmp`, part);
    return createHash('md5').update(body).digest('hex');
  }

  async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<number> {
    const dir = await this.uploadFor(key, uploadId);
    const files: string[] = [];
    for (const { partNumber, etag } of parts) {
      const file = join(dir, `part-${partNumber}`);
      const body = await readFile(file).catch(() => undefined);
      // S3 answers InvalidPart alike: a part never uploaded, or not the one the client thinks.
      if (!body || createHash('md5').update(body).digest('hex') !== etag.replace(/"/g, '')) throw new Error(`upload ${uploadId}: part ${partNumber} is missing or differs`);
      files.push(file);
    }
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const out = createWriteStream(path);
    for (const file of files) await pipeline(createReadStream(file), out, { end: false });
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    await rm(dir, { recursive: true, force: true });
    return (await stat(path)).size;
  }

  async abortMultipart(_key: string, uploadId: string): Promise<void> {
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  partUploadUrl(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  downloadUrl(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  private async sweepStaleUploads(): Promise<void> {
    const parent = join(this.root, '.multipart');
    const ids = await readdir(parent).catch(() => [] as string[]);
    for (const id of ids) {
      const started = await stat(join(parent, id)).then((s) => s.mtimeMs, () => Date.now());
      if (Date.now() - started > STALE_UPLOAD_MS) await rm(join(parent, id), { recursive: true, force: true });
    }
  }
}
