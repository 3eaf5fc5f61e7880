import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadSession } from '@yunyao/contract';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await startTestPlatform({}, { worker: false });
  alice = (await newUser(t, 'alice@example.com')).token;
  bob = (await newUser(t, 'bob@example.com')).token;
});
afterAll(() => t?.close());

function upload(token: string, type: string, name: string, data: string) {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new Blob([data]), name);
  return t.api<{ id: number; name: string; type: string; url: string }>('/api/files', { method: 'POST', token, body: form });
}

const PDB = 'ATOM      1  N   ALA A   1      11.104   6.134  -6.504  1.00  0.00           N\nEND\n';

describe('data center', () => {
  it('uploads by type and checks the extension', async () => {
    const ok = await upload(alice, 'protein', 'receptor.pdb', PDB);
    expect(ok.body.errno).toBe(0);
    expect(ok.body.data).toMatchObject({ name: 'receptor.pdb', type: 'protein' });
    const wrong = await upload(alice, 'protein', 'receptor.sdf', PDB);
    expect(wrong.body.errmsg).toBe('文件格式错误,请确认文件格式并重新上传!（receptor.sdf：支持 .pdb）');
    const nothing = await t.api('/api/files', { method: 'POST', token: alice, body: (() => { const f = new FormData(); f.append('type', 'protein'); return f; })() });
    expect(nothing.body.errmsg).toBe('请上传或输入文件！');

    const list = await t.api<{ type: string }[]>('/api/files?type=protein', { token: alice });
    expect(list.body.data).toHaveLength(1);
    expect((await t.api<unknown[]>('/api/files?type=smiles', { token: alice })).body.data).toHaveLength(0);
    expect((await t.api<unknown[]>('/api/files', { token: bob })).body.data).toHaveLength(0);
  });

  it('turns a name and pasted SMILES into a csv that pages 10 rows at a time', async () => {
    const smiles = Array.from({ length: 23 }, (_, i) => `${'C'.repeat(i + 1)}O alcohol${i + 1}`).join('\n');
    const made = await t.api<{ id: number; type: string }>('/api/files/smiles', { method: 'POST', token: alice, json: { name: 'alcohols', smiles } });
    expect(made.body.data.type).toBe('smiles');
    const page3 = await t.api<{ total: number; rows: { ID: string; SMILES: string }[] }>(`/api/files/csvpage?id=${made.body.data.id}&page=3&page_size=10`, { token: alice });
    expect(page3.body.data.total).toBe(23);
    expect(page3.body.data.rows).toEqual([
      { ID: 'alcohol21', SMILES: `${'C'.repeat(21)}O` },
      { ID: 'alcohol22', SMILES: `${'C'.repeat(22)}O` },
      { ID: 'alcohol23', SMILES: `${'C'.repeat(23)}O` },
    ]);
    const missing = await t.api('/api/files/smiles', { method: 'POST', token: alice, json: { name: '', smiles: '' } });
    expect(missing.body.errmsg).toBe('请上传或输入文件！');
  });

  it('renames, downloads and deletes only the owner\'s files', async () => {
    const { body } = await upload(alice, 'protein', 'p.pdb', PDB);
    const id = body.data.id;
    expect((await t.api(`/api/files/rename`, { method: 'POST', token: bob, json: { id, name: 'mine' } })).status).toBe(403);
    const renamed = await t.api(`/api/files/rename`, { method: 'POST', token: alice, json: { id, name: '我的蛋白' } });
    expect(renamed.body.errmsg).toBe('修改成功!');

    const res = await fetch(`${t.url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${alice}` } });
    expect(await res.text()).toBe(PDB);
    expect((await fetch(`${t.url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${bob}` } })).status).toBe(403);

    expect((await t.api(`/api/files/${id}`, { method: 'DELETE', token: bob })).status).toBe(403);
    const del = await t.api(`/api/files/${id}`, { method: 'DELETE', token: alice });
    expect(del.body.errmsg).toBe('数据删除成功!');
    expect((await t.api(`/api/files/${id}`, { method: 'DELETE', token: alice })).body.errmsg).toBe('文件不存在!');
  });

  it('takes a large file in 5 MiB slices through the API where there is no object store', async () => {
    const data = randomBytes(6 * 1024 * 1024);
    const opened = await t.api<UploadSession>('/api/files/uploads', { method: 'POST', token: alice, json: { type: 'ligands', filename: 'poses.zip', size: data.length } });
    const session = opened.body.data;
    expect(session).toMatchObject({ target: 'api', parts: [{ part_number: 1, url: '/api/files/uploads/part' }, { part_number: 2, url: '/api/files/uploads/part' }] });
    const slice = (token: string, partNumber: number, bytes: Buffer) => {
      const form = new FormData();
      form.append('upload', session.upload);
      form.append('part_number', String(partNumber));
      form.append('file', new Blob([new Uint8Array(bytes)]), 'blob');
      return t.api<{ etag: string }>('/api/files/uploads/part', { method: 'POST', token, body: form });
    };
    const [first, last] = [data.subarray(0, session.part_size), data.subarray(session.part_size)];
    expect((await slice(bob, 1, first)).body.errno).toBe(40009);
    expect((await slice(alice, 2, first)).body.errmsg).toBe(`第 2 片应为 ${last.length} 字节，请重新上传！`);
    const parts = [{ part_number: 1, etag: (await slice(alice, 1, first)).body.data.etag }, { part_number: 2, etag: (await slice(alice, 2, last)).body.data.etag }];
    const tampered = `${session.upload.slice(0, -4)}AAAA`;
    expect((await t.api('/api/files/uploads/complete', { method: 'POST', token: alice, json: { upload: tampered, parts } })).body.errno).toBe(40009);
    const filed = await t.api<{ id: number; size: number }>('/api/files/uploads/complete', { method: 'POST', token: alice, json: { upload: session.upload, parts } });
    expect(filed.body.data.size).toBe(data.length);
    const res = await fetch(`${t.url}/api/files/${filed.body.data.id}/download`, { headers: { authorization: `Bearer ${alice}` }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
  });
});
