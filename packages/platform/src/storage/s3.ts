import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';
import { assertSafeKey, type Storage } from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** S3-compatible object storage (AWS, MinIO, Tencent COS, Aliyun OSS in S3 mode). */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: Boolean(config.endpoint),
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer | Readable): Promise<number> {
    assertSafeKey(key);
    // PutObject needs a known length; inputs are bounded by the upload limits, so buffering is fine.
    const buffer = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: buffer }));
    return buffer.length;
  }

  async get(key: string): Promise<Buffer> {
    return Buffer.concat(await (await this.stream(key)).toArray());
  }

  async stream(key: string): Promise<Readable> {
    assertSafeKey(key);
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
    return answer.Body as Readable;
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    return this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key })).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix }));
    const objects = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (objects.length) {
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: objects } }));
    }
  }

  async check(): Promise<{ ok: boolean; detail: string }> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
      return { ok: true, detail: `s3:${this.config.bucket}` };
    } catch (err) {
      return { ok: false, detail: `s3:${this.config.bucket}: ${(err as Error).message}` };
    }
  }
}
