import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'typed@example.com', 10)).token;
});
afterAll(() => t?.close());

describe('convert and optimise take typed or drawn SMILES instead of files', () => {
  it('refuses an unreadable line by its number and RDKit reason before any task exists', async () => {
    const res = await submitFiles(t, token, '/api/convert', [], { out: 'x.sdf', mole_type: 'molecule', molecules: 'CCO ethanol\nC1CC broken' });
    expect(res.body.errno).not.toBe(0);
    expect(res.body.errmsg).toMatch(/第 2 行 C1CC：.*unclosed ring/);
    const empty = await submitFiles(t, token, '/api/perform', [], { mole_type: 'molecule', molecules: '\n' });
    expect(empty.body.errmsg).toBe('请输入化合物分子式！');
  });

  it('converts the typed molecules (an upload sent beside them is dropped) and keeps their names', async () => {
    const sub = await submitFiles(t, token, '/api/convert', [{ field: 'input', name: 'ignored.smi', data: 'CCCC butane\n' }], {
      out: 'typed.sdf',
      mole_type: 'molecule',
      molecules: 'O water\nc1ccccc1O phenol',
    });
    expect(sub.body.errno, sub.body.errmsg).toBe(0);
    const done = await waitForTask(t, token, sub.body.data.task_id);
    expect(done.status_text).toBe('已完成');
    const files = await t.api<{ inputs: { name: string }[]; outputs: { name: string; file: string }[] }>(`/api/tasks/files/${sub.body.data.task_id}`, { token });
    expect(files.body.data.inputs.map((f) => f.name)).toEqual(['molecules.csv']);
    const out = files.body.data.outputs[0]!;
    const sdf = await (await fetch(`${t.url}/api/stream/download/?task_id=${sub.body.data.task_id}&file=${encodeURIComponent(out.file)}`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(sdf.split('$$$$\n').filter((r) => r.trim()).map((r) => r.split('\n')[0])).toEqual(['water', 'phenol']);
  }, 120_000);

  it('optimises typed molecules as 2D input and refuses them as 3D', async () => {
    const as3d = await submitFiles(t, token, '/api/perform', [], { structure: '3D', mole_type: 'molecule', molecules: 'CCO ethanol' });
    expect(as3d.body.errmsg).toBe('输入的 SMILES 没有坐标，请选择 2D 输入结构！');
    const sub = await submitFiles(t, token, '/api/perform', [], { structure: '2D', mole_type: 'molecule', molecules: 'CCO ethanol' });
    expect(sub.body.errno, sub.body.errmsg).toBe(0);
    expect((await waitForTask(t, token, sub.body.data.task_id)).status_text).toBe('已完成');
  }, 120_000);
});

describe('POST /api/quantum/embed makes a typed molecule 3D for the quantum forms', () => {
  const embed = (body: object, auth: string | null = token) =>
    t.api<{ xyz: string; atoms: number; formal_charge: number; force_field: string; smiles: string }>('/api/quantum/embed', { method: 'POST', ...(auth ? { token: auth } : {}), json: body });

  it('answers XYZ with hydrogens, the name as its comment line, the same geometry every time', async () => {
    const first = await embed({ smiles: 'OCC', name: 'ethanol' });
    expect(first.body.errno, first.body.errmsg).toBe(0);
    const { xyz, atoms, formal_charge, force_field, smiles } = first.body.data;
    expect([atoms, formal_charge, force_field, smiles]).toEqual([9, 0, 'MMFF94', 'CCO']);
    const lines = xyz.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['9', 'ethanol']);
    expect(lines.slice(2).map((l) => l.split(/\s+/)[0]).sort()).toEqual(['C', 'C', 'H', 'H', 'H', 'H', 'H', 'H', 'O']);
    // Really 3D: not every atom on the z = 0 plane; and reproducible (fixed seed).
    expect(lines.slice(2).some((l) => Math.abs(Number(l.split(/\s+/)[3])) > 0.1)).toBe(true);
    expect((await embed({ smiles: 'OCC', name: 'ethanol' })).body.data.xyz).toBe(xyz);
    expect((await embed({ smiles: 'C(=O)[O-]' })).body.data.formal_charge).toBe(-1);
  });

  it('refuses an unreadable SMILES with RDKit reason in Chinese, and anonymous callers', async () => {
    const bad = await embed({ smiles: 'C1CC' });
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toMatch(/^无法解析的 SMILES：.*unclosed ring/);
    expect((await embed({ smiles: ' ' })).body.errmsg).toBe('请输入或绘制分子！');
    expect((await embed({ smiles: 'CCO' }, null)).status).toBe(401);
  });
});

describe('molecule generation (POST /api/generate) takes typed, uploaded or data-center molecules', () => {
  const balance = async () => (await t.api<{ balance: number }>('/api/user/info', { token })).body.data.balance;
  const tasks = async () => (await t.api<{ total: number }>('/api/tasks?module=generate', { token })).body.data.total;

  it('refuses with the spec messages before any task or charge', async () => {
    const [before, count] = [await balance(), await tasks()];
    const refusal = async (fields: Record<string, string>) => (await submitFiles(t, token, '/api/generate', [], fields)).body;
    expect((await refusal({ mole_type: 'molecule', molecules: ' \n' })).errmsg).toBe('请输入化合物分子式！');
    expect((await refusal({ mole_type: 'cos' })).errmsg).toBe('请选择数据中心小分子文件！');
    expect((await refusal({ mole_type: 'molecule', molecules: 'CCO', gene_nums: '0' })).errmsg).toBe('每个分子的生成数量须为 1–1000 的整数！');
    expect((await refusal({ mole_type: 'molecule', molecules: 'CCO', gene_nums: '1001' })).errmsg).toBe('每个分子的生成数量须为 1–1000 的整数！');
    expect((await refusal({ mole_type: 'molecule', molecules: 'CCO', seed: '101' })).errmsg).toBe('随机种子须为 1–100 的整数！');
    expect((await refusal({ mole_type: 'molecule', molecules: 'CCO', seed: '2.5' })).errmsg).toBe('随机种子须为 1–100 的整数！');
    expect((await refusal({ mole_type: 'molecule', molecules: 'CCO ethanol\nC1CC broken' })).errmsg).toMatch(/第 2 行 C1CC：.*unclosed ring/);
    expect([await balance(), await tasks()]).toEqual([before, count]);
  });

  it('generates the asked number of analogues of each typed molecule, grouped by parent, the same again for the same seed', async () => {
    const fields = { mole_type: 'molecule', molecules: 'c1ccccc1O phenol\nCC(=O)Nc1ccc(O)cc1 paracetamol', gene_nums: '4', seed: '7' };
    // Two tasks side by side (the worker runs two at a time): the second repeats the first.
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const sub = await submitFiles(t, token, '/api/generate', [], fields);
      expect(sub.body.errno, sub.body.errmsg).toBe(0);
      ids.push(sub.body.data.task_id);
    }
    const runs = [];
    for (const id of ids) {
      const done = await waitForTask(t, token, id);
      expect(done.status_text, done.result ?? '').toBe('已完成');
      runs.push((await t.api<{ ID: string; SMILES: string; parent_id: string; similarity: number }[]>(`/api/tasks/output/${id}`, { token })).body.data);
    }
    const [rows] = runs;
    expect(rows!.map((r) => r.parent_id)).toEqual(['phenol', 'phenol', 'phenol', 'phenol', 'paracetamol', 'paracetamol', 'paracetamol', 'paracetamol']);
    expect(rows!.map((r) => r.ID).slice(0, 2)).toEqual(['phenol_1', 'phenol_2']);
    expect(rows!.every((r) => r.SMILES && r.similarity > 0 && r.similarity < 1)).toBe(true);
    expect(runs[1]!.map((r) => r.SMILES)).toEqual(rows!.map((r) => r.SMILES));
  }, 60_000);
});
