import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, type DataFile, type UploadSession } from '@yunyao/contract';
import { startTestS3, type TestS3 } from '../../../packages/platform/test/s3-server.ts';
import { clientOf, newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

/**
 * The platform on object storage: a real S3 server (s3rver, a process of its own; docs/storage.md)
 * under the API and the worker. Slices go from the client straight to the store, downloads come
 * from it through presigned URLs, and a task reads and writes there.
 */

let s3: TestS3;
let t: TestPlatform;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };

beforeAll(async () => {
  s3 = await startTestS3();
  // Logins outlast the upload session's 15 minutes, which the test steps past.
  t = await startTestPlatform({ ...s3.env, ACCESS_TOKEN_TTL_SECONDS: '3600' });
  alice = await newUser(t, 'alice@example.com');
  bob = await newUser(t, 'bob@example.com', 0);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const sha = (data: Buffer | ArrayBuffer) => createHash('sha256').update(Buffer.from(data as ArrayBuffer)).digest('hex');
const MiB = 1024 * 1024;

/** Sends each slice to its presigned URL, as the browser does (no login, the URL is the permission). */
async function sendSlices(session: UploadSession, data: Buffer) {
  return Promise.all(
    session.parts.map(async ({ part_number, url }) => {
      const res = await fetch(url, { method: 'PUT', body: new Uint8Array(data.subarray((part_number - 1) * session.part_size, part_number * session.part_size)) });
      expect(res.status).toBe(200);
      return { part_number, etag: res.headers.get('etag')! };
    }),
  );
}

describe('object storage', () => {
  it('takes a 12 MiB library in three presigned slices, for its owner only, and serves it back through a presigned URL', async () => {
    const library = randomBytes(12 * MiB);
    const asAlice = clientOf(t, alice.token);
    const session = await asAlice.call(endpoints.files.openUpload, { body: { type: 'smiles', filename: '化合物库.csv', size: library.length } });
    expect(session).toMatchObject({ target: 'storage', part_size: 5 * MiB });
    expect(session.key.startsWith(`users/${alice.userId}/files/`)).toBe(true);
    expect(session.parts.map((p) => [p.part_number, new URL(p.url).origin])).toEqual([1, 2, 3].map((n) => [n, s3.endpoint]));
    expect(session.expiredTime - Date.now() / 1000).toBeGreaterThan(14 * 60);
    const parts = await sendSlices(session, library);

    const complete = (token: string, body: { upload: string; parts: typeof parts }) => t.api<DataFile>('/api/files/uploads/complete', { method: 'POST', token, json: body });
    // Another user holding the session gets nothing; nor does a session with a slice left out.
    expect((await complete(bob.token, { upload: session.upload, parts })).body.errno).toBe(40009);
    expect((await complete(alice.token, { upload: session.upload, parts: parts.slice(0, 2) })).body.errno).toBe(40000);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      expect((await complete(alice.token, { upload: session.upload, parts })).body.errmsg).toBe('上传已超过 15 分钟，请重新上传！');
    } finally {
      vi.useRealTimers();
    }

    const filed = await complete(alice.token, { upload: session.upload, parts });
    expect(filed.body.data).toMatchObject({ name: '化合物库.csv', type: 'smiles', size: library.length });
    expect((await complete(alice.token, { upload: session.upload, parts })).body.errno).toBe(40009);

    const url = `${t.url}/api/files/${filed.body.data.id}/download`;
    const redirect = await fetch(url, { headers: { authorization: `Bearer ${alice.token}` }, redirect: 'manual' });
    expect([redirect.status, new URL(redirect.headers.get('location')!).origin]).toEqual([302, s3.endpoint]);
    const downloaded = await fetch(url, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(downloaded.headers.get('content-disposition')).toContain(encodeURIComponent('化合物库.csv'));
    expect(sha(await downloaded.arrayBuffer())).toBe(sha(library));
    expect((await fetch(url, { headers: { authorization: `Bearer ${bob.token}` }, redirect: 'manual' })).status).toBe(403);
  });

  it('runs a task on a file uploaded in a slice, and its result downloads from the store', async () => {
    const sdf = readFileSync(new URL('../../../packages/modules/convert/examples/bzr-3.sdf', import.meta.url));
    const asAlice = clientOf(t, alice.token);
    const session = await asAlice.call(endpoints.files.openUpload, { body: { type: 'ligand', filename: 'bzr.sdf', size: sdf.length } });
    // A name the type does not take is refused before any slice is sent.
    expect((await t.api('/api/files/uploads', { method: 'POST', token: alice.token, json: { type: 'ligand', filename: 'bzr.exe', size: 10 } })).body.errno).toBe(40005);
    const input = await asAlice.call(endpoints.files.completeUpload, { body: { upload: session.upload, parts: await sendSlices(session, sdf) } });

    const submitted = await submitFiles(t, alice.token, '/api/convert', [], { input_cos: String(input.id), out: 'bzr.mol2' });
    expect(submitted.body.errno, submitted.body.errmsg).toBe(0);
    const task = await waitForTask(t, alice.token, submitted.body.data.task_id);
    expect(task.status_text).toBe('已完成');
    const { outputs } = await asAlice.call(endpoints.tasks.files, { params: { id: task.id } });
    const mol2 = outputs.find((f) => f.name.endsWith('.mol2'))!;
    const result = await fetch(`${t.url}/api/stream/download/?task_id=${task.id}&file=${encodeURIComponent(mol2.file)}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(result.url.startsWith(s3.endpoint)).toBe(true);
    expect((await result.text()).match(/@<TRIPOS>MOLECULE/g)).toHaveLength(3);
    // The archive is made by the API, reading each output from the store.
    const archive = await clientOf(t, alice.token).download(endpoints.tasks.archive, { params: { id: task.id } });
    expect((await archive.arrayBuffer()).byteLength).toBeGreaterThan(1024);
  });

  it('the documented Python client follows the redirect without its token', async () => {
    const { token } = await clientOf(t, alice.token).call(endpoints.tokens.create, { body: { name: 'python on s3' } });
    const out = mkdtempSync(join(tmpdir(), 'yunyao-client-'));
    try {
      const script = new URL('../../../docs/examples/yunyao_client.py', import.meta.url).pathname;
      const sdf = new URL('../../../packages/modules/convert/examples/bzr-3.sdf', import.meta.url).pathname;
      const args = [script, '--url', t.url, '--out', out, 'run', '/api/convert', '--field', 'out=bzr.mol2', '--file', `input=${sdf}`, '--download', 'bzr.mol2'];
      await promisify(execFile)('/usr/bin/python3', args, { env: { ...process.env, YUNYAO_TOKEN: token } });
      expect(readFileSync(join(out, 'bzr.mol2'), 'utf8').match(/@<TRIPOS>MOLECULE/g)).toHaveLength(3);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
