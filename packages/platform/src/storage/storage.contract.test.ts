import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { startTestS3, S3RVER_KEY, type TestS3 } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { createStorage } from './index.ts';
import { PART_SIZE, type Storage } from './storage.ts';

/**
 * What every storage must do, run against the local directory and a real S3 server (s3rver, its own
 * process): the platform's code may not tell them apart but for the URLs S3 alone hands out.
 */

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** 12 MiB: two whole 5 MiB parts and a short last one. */
const big = randomBytes(2 * PART_SIZE + 2 * 1024 * 1024);

let s3: TestS3;
let dir: string;
const stores: Record<'local' | 's3', Storage> = {} as Record<'local' | 's3', Storage>;

beforeAll(async () => {
  s3 = await startTestS3();
  dir = mkdtempSync(join(tmpdir(), 'yunyao-storage-'));
  stores.local = createStorage({ kind: 'local', root: dir });
  stores.s3 = createStorage(loadConfig({ DATA_DIR: dir, ...s3.env }).storage);
});

afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  const store = () => stores[kind];

  it('stores, reads, sizes and deletes an object; refuses unsafe keys', async () => {
    expect(await store().put('users/1/files/a.txt', Buffer.from('hello'))).toBe(5);
    expect((await store().get('users/1/files/a.txt')).toString()).toBe('hello');
    expect(Buffer.concat(await (await store().stream('users/1/files/a.txt')).toArray()).toString()).toBe('hello');
    expect(await store().size('users/1/files/a.txt')).toBe(5);
    expect(await store().exists('users/1/files/a.txt')).toBe(true);
    await store().delete('users/1/files/a.txt');
    expect(await store().exists('users/1/files/a.txt')).toBe(false);
    await expect(store().put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    expect((await store().check()).ok).toBe(true);
  });

  it('deletes every key under a prefix and nothing beside it', async () => {
    await store().put('tasks/7/in.smi', Buffer.from('C'));
    await store().put('tasks/7/out/result.sdf', Buffer.from('D'));
    await store().put('tasks/70/in.smi', Buffer.from('E'));
    await store().deletePrefix('tasks/7/');
    expect([await store().exists('tasks/7/in.smi'), await store().exists('tasks/7/out/result.sdf'), await store().exists('tasks/70/in.smi')]).toEqual([false, false, true]);
  });

  it('streams 12 MiB in and out whole (a multipart upload on S3)', async () => {
    expect(await store().put('tasks/8/out/trajectory.dcd', Readable.from([big.subarray(0, 1000), big.subarray(1000)]))).toBe(big.length);
    expect(sha(await store().get('tasks/8/out/trajectory.dcd'))).toBe(sha(big));
  });

  it('joins uploaded parts in order, and refuses a part it did not receive', async () => {
    const key = 'users/2/files/library.csv';
    const id = await store().createMultipart(key);
    const slices = [big.subarray(0, PART_SIZE), big.subarray(PART_SIZE, 2 * PART_SIZE), big.subarray(2 * PART_SIZE)];
    // Sent out of order, as a browser's parallel slices arrive.
    const etags = await Promise.all(slices.map((slice, i) => store().putPart(key, id, i + 1, slice)));
    const forged = etags.map((etag, i) => ({ partNumber: i + 1, etag: i === 1 ? `"${'0'.repeat(32)}"` : etag }));
    if (kind === 'local') await expect(store().completeMultipart(key, id, forged)).rejects.toThrow(/part 2/);
    expect(await store().completeMultipart(key, id, etags.map((etag, i) => ({ partNumber: i + 1, etag })))).toBe(big.length);
    expect(sha(await store().get(key))).toBe(sha(big));

    const dropped = await store().createMultipart('users/2/files/dropped.csv');
    await store().putPart('users/2/files/dropped.csv', dropped, 1, Buffer.from('x'));
    if (kind === 'local') await store().abortMultipart('users/2/files/dropped.csv', dropped);
    expect(await store().exists('users/2/files/dropped.csv')).toBe(false);
  });

  it(kind === 's3' ? 'hands out presigned URLs that work for their key and time only' : 'hands out no URLs: the API carries the bytes', async () => {
    const key = 'users/3/files/protein.pdb';
    await store().put(key, Buffer.from('ATOM      1  N   ALA A   1\n'));
    const download = await store().downloadUrl(key, '蛋白 1.pdb', 60);
    const uploadId = await store().createMultipart('users/3/files/big.pdb');
    const part = await store().partUploadUrl('users/3/files/big.pdb', uploadId, 1, 60);
    if (kind === 'local') {
      expect([download, part]).toEqual([undefined, undefined]);
      return;
    }
    const got = await fetch(download!, { headers: { range: 'bytes=0-3' } });
    expect([got.status, await got.text(), got.headers.get('content-range')]).toEqual([206, 'ATOM', 'bytes 0-3/27']);
    expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('蛋白 1.pdb')}`);
    expect((await fetch(download!.replace(/X-Amz-Signature=\w{6}/, 'X-Amz-Signature=000000'))).status).toBe(403);
    expect((await fetch(download!.replace('protein.pdb', 'other.pdb'))).status).toBe(403);
    // Signed two minutes ago for one: expired, as a URL kept past its time is.
    const signer = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
    const stale = await getSignedUrl(signer, new GetObjectCommand({ Bucket: s3.bucket, Key: key }), { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    expect((await fetch(stale)).status).toBe(403);
    const wrongSecret = createStorage(loadConfig({ DATA_DIR: dir, ...s3.env, S3_SECRET_ACCESS_KEY: 'not-the-secret' }).storage);
    await expect(wrongSecret.put('users/3/files/x.pdb', Buffer.from('x'))).rejects.toThrow(/signature/i);

    const put = await fetch(part!, { method: 'PUT', body: big.subarray(0, PART_SIZE), headers: { origin: 'http://127.0.0.1' } });
    expect(put.status).toBe(200);
    // The bucket's CORS lets a browser read the ETag it must name at completion.
    expect(put.headers.get('access-control-expose-headers')).toContain('ETag');
    expect(await store().completeMultipart('users/3/files/big.pdb', uploadId, [{ partNumber: 1, etag: put.headers.get('etag')! }])).toBe(PART_SIZE);
  });
});
