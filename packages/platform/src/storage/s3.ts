import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.ts';
import { assertSafeKey, attachmentDisposition, chunksOf, PART_SIZE, type Storage, type UploadedPart } from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

const clientFor = (config: S3Config, endpoint: string | undefined) =>
  new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });

const notFound = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** S3-compatible object storage (AWS, MinIO, Tencent COS, Aliyun OSS in S3 mode); docs/storage.md. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  /** Signs the URLs handed to browsers: the same store, reached where they reach it (S3_PUBLIC_ENDPOINT). */
  private readonly presigner: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = clientFor(config, config.endpoint);
    this.presigner = config.publicEndpoint ? clientFor(config, config.publicEndpoint) : this.client;
  }

  private get bucket() {
    return this.config.bucket;
  }

  /** One request for a body up to PART_SIZE, a multipart upload past it: a task's output of gigabytes never sits in memory whole. */
  async put(key: string, body: Buffer | Readable): Promise<number> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body) && body.length <= PART_SIZE) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body }));
      return body.length;
    }
    const chunks = Buffer.isBuffer(body) ? chunksOfBuffer(body) : chunksOf(body, PART_SIZE);
    const first = await chunks.next();
    const head = first.done ? Buffer.alloc(0) : first.value;
    if (head.length < PART_SIZE) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: head }));
      return head.length;
    }
    const uploadId = await this.createMultipart(key);
    try {
      const parts: UploadedPart[] = [{ partNumber: 1, etag: await this.putPart(key, uploadId, 1, head) }];
      let size = head.length;
      for await (const chunk of chunks) {
        parts.push({ partNumber: parts.length + 1, etag: await this.putPart(key, uploadId, parts.length + 1, chunk) });
        size += chunk.length;
      }
      await this.completeMultipart(key, uploadId, parts);
      return size;
    } catch (err) {
      await this.abortMultipart(key, uploadId).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Buffer> {
    return Buffer.concat(await (await this.stream(key)).toArray());
  }

  async stream(key: string): Promise<Readable> {
    assertSafeKey(key);
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return answer.Body as Readable;
  }

  async exists(key: string): Promise<boolean> {
    return this.size(key).then(
      () => true,
      // Only a 404 means absent: a refused signature or an unreachable store is an error, not "no file".
      (err: unknown) => (notFound(err) ? false : Promise.reject(err as Error)),
    );
  }

  async size(key: string): Promise<number> {
    assertSafeKey(key);
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return head.ContentLength ?? 0;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** A listing answers at most 1 000 keys, as one DeleteObjects takes: one round per page. */
  async deletePrefix(prefix: string): Promise<void> {
    for (;;) {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
      const objects = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects } }));
      if (!listed.IsTruncated || !objects.length) return;
    }
  }

  async check(): Promise<{ ok: boolean; detail: string }> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return { ok: true, detail: `s3:${this.bucket}` };
    } catch (err) {
      return { ok: false, detail: `s3:${this.bucket}: ${(err as Error).message}` };
    }
  }

  async createMultipart(key: string): Promise<string> {
    assertSafeKey(key);
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    if (!UploadId) throw new Error(`s3:${this.bucket}: no upload id for ${key}`);
    return UploadId;
  }

  async putPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string> {
    assertSafeKey(key);
    const { ETag } = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: body }));
    if (!ETag) throw new Error(`s3:${this.bucket}: no ETag for part ${partNumber} of ${key}`);
    return ETag;
  }

  async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<number> {
    assertSafeKey(key);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    );
    return this.size(key);
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch((err: unknown) => {
      if (!notFound(err)) throw err;
    });
  }

  partUploadUrl(key: string, uploadId: string, partNumber: number, expiresInS: number): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.presigner, new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), { expiresIn: expiresInS });
  }

  downloadUrl(key: string, filename: string, expiresInS: number): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.presigner, new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: attachmentDisposition(filename) }), { expiresIn: expiresInS });
  }
}

async function* chunksOfBuffer(body: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < body.length; at += PART_SIZE) yield body.subarray(at, at + PART_SIZE);
}
