import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

const AURKA = '/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb';

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'pockets@example.com')).token;
});
afterAll(() => t?.close());

describe('POST /api/protein/pockets', () => {
  it('asks for the protein the chosen source needs', async () => {
    expect((await submitFiles(t, token, '/api/protein/pockets', [], { protein_source: 'file' })).body.errmsg).toBe('请上传蛋白质文件！');
    expect((await submitFiles(t, token, '/api/protein/pockets', [], { protein_source: 'cos' })).body.errmsg).toBe('请选择数据中心蛋白质文件！');
    expect((await submitFiles(t, token, '/api/protein/pockets', [], { protein_source: 'uniprod', uniprod_id: 'P00' })).body.errmsg).toBe('请输入六位蛋白质pdbid！');
  });

  it('answers a task whose output is the ranked pocket table', async () => {
    const res = await submitFiles(t, token, '/api/protein/pockets', [{ field: 'protein', name: 'aurka.pdb', data: readFileSync(AURKA) }], { protein_source: 'file' });
    expect(res.body.errno).toBe(0);
    const done = await waitForTask(t, token, res.body.data.task_id);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const pockets = (await t.api<Record<string, unknown>[]>(`/api/tasks/output/${res.body.data.task_id}`, { token })).body.data;
    expect(pockets.length).toBeGreaterThan(2);
    expect(pockets[0]).toMatchObject({ id: 1, name: 'pocket1' });
    expect(Object.keys(pockets[0]!)).toEqual(expect.arrayContaining(['Score', 'Druggability', 'Alpha Spheres', 'center', 'box', 'residues']));
  });
});
