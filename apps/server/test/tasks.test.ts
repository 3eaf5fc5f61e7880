import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceFen, selectRows, verifyLedger } from '@yunyao/db';
import { newUser, processesUnder, sdRecords, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

const BZR = '/usr/share/RDKit/Projects/DbCLI/testData/bzr.sdf';
const PUBCHEM = '/usr/share/RDKit/Projects/DbCLI/testData/pubchem.200.sdf';
const example = (path: string) => readFileSync(fileURLToPath(new URL(`../../../packages/modules/${path}`, import.meta.url)));

/** The first n records of an SD file. */
let t: TestPlatform;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await startTestPlatform();
  alice = (await newUser(t, 'alice@example.com')).token;
  bob = (await newUser(t, 'bob@example.com')).token;
});
afterAll(() => t?.close());

describe('module submissions are validated with the spec messages', () => {
  it('convert needs a file and an output name with a known extension', async () => {
    const noFile = await submitFiles(t, alice, '/api/convert', [], { out: 'result.mol2' });
    expect(noFile.body.errmsg).toBe('请上传输入文件！');
    const noOut = await submitFiles(t, alice, '/api/convert', [{ field: 'input', name: 'a.sdf', data: sdRecords(BZR, 1) }], {});
    expect(noOut.body.errmsg).toBe('请输入输出文件名称及格式！');
    const badOut = await submitFiles(t, alice, '/api/convert', [{ field: 'input', name: 'a.sdf', data: sdRecords(BZR, 1) }], { out: 'x.docx' });
    expect(badOut.body.errmsg).toBe('请输入输出文件名称及格式！');
    const badExt = await submitFiles(t, alice, '/api/convert', [{ field: 'input', name: 'a.pdf', data: 'x' }], { out: 'x.sdf' });
    expect(badExt.body.errmsg).toBe('文件格式错误,请确认文件格式并重新上传!（a.pdf：支持 .sdf、.sd、.smi、.csv、.tsv、.txt）');
    const big = await submitFiles(t, alice, '/api/convert', [{ field: 'input', name: 'big.smi', data: 'C'.repeat(20 * 2 ** 20 + 1) }], { out: 'x.sdf' });
    expect([big.status, big.body.errmsg]).toEqual([413, '文件 big.smi 过大（上限 20 MB）！']);
  });

  it('merge needs at least two files', async () => {
    const one = await submitFiles(t, alice, '/api/merge', [{ field: 'ligands[]', name: 'a.sdf', data: sdRecords(BZR, 1) }]);
    expect(one.body.errmsg).toBe('请选择两个及两个以上小分子文件！');
  });

  it('refuses a task when the balance is not positive', async () => {
    const { token } = await newUser(t, 'broke@example.com', 0);
    const res = await submitFiles(t, token, '/api/convert', [{ field: 'input', name: 'a.sdf', data: sdRecords(BZR, 1) }], { out: 'a.mol2' });
    expect(res.status).toBe(402);
    expect(res.body.errmsg).toBe('余额不足，请充值后再提交任务！');
  });
});

describe('convert, optimise and merge run real engines end to end', () => {
  let convertId: number;

  it('converts an SDF to MOL2 and serves the result, files, rows and provenance', async () => {
    const sub = await submitFiles(t, alice, '/api/convert', [{ field: 'input', name: '苯二氮卓.sdf', data: sdRecords(BZR, 5) }], { module: 'convert', out: 'result.mol2' });
    expect(sub.body).toMatchObject({ errno: 0, errmsg: '任务提交成功!' });
    convertId = sub.body.data.task_id;
    const done = await waitForTask(t, alice, convertId);
    expect(done).toMatchObject({ status: 2, status_text: '已完成', result: null });

    const files = await t.api<{ inputs: { name: string; file: string }[]; outputs: { name: string; file: string }[] }>(`/api/tasks/files/${convertId}`, { token: alice });
    expect(files.body.data.inputs.map((f) => f.name)).toEqual(['苯二氮卓.sdf']);
    const out = files.body.data.outputs.find((f) => f.name === 'result.mol2')!;
    const res = await fetch(`${t.url}/api/stream/download/?task_id=${convertId}&file=${encodeURIComponent(out.file)}`, { headers: { authorization: `Bearer ${alice}` } });
    const mol2 = await res.text();
    const blocks = mol2.split('@<TRIPOS>MOLECULE').slice(1);
    expect(blocks).toHaveLength(5);
    for (const b of blocks) expect(b).toMatch(/@<TRIPOS>ATOM\n\s+1 /);

    const json = await t.api<{ engines: { id: string; version: string }[]; module: string }>(`/api/tasks/json/${convertId}`, { token: alice });
    expect(json.body.data.module).toBe('convert');
    expect(json.body.data.engines).toContainEqual(expect.objectContaining({ id: 'openbabel', version: expect.stringMatching(/^3\./) }));
    const rows = await t.api<{ SMILES: string }[]>(`/api/tasks/output/${convertId}?page=2&limit=2`, { token: alice });
    expect(rows.body.data).toHaveLength(2);
    expect(rows.body.data[0]!.SMILES).toBeTruthy();

    const tar = await fetch(`${t.url}/api/tasks/download/${convertId}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(tar.headers.get('content-type')).toBe('application/x-tar');
    const bytes = Buffer.from(await tar.arrayBuffer());
    expect(bytes.subarray(257, 262).toString()).toBe('ustar');
    expect(bytes.toString('latin1')).toContain(`${convertId}/result.mol2`);
  });

  it('lists tasks with the spec fields, filters and the simple-module history', async () => {
    const list = await t.api<{ total: number; data: Record<string, unknown>[] }>('/api/tasks?module=convert&status=2&page=1&limit=10', { token: alice });
    expect(list.body.data.total).toBe(1);
    const row = list.body.data.data[0]!;
    for (const key of ['id', 'name', 'module', 'module_name', 'created_at', 'end', 'elapsed', 'machine_time', 'task_fee', 'status', 'status_text', 'can_cancel', 'result', 'has_admet', 'statis']) {
      expect(row).toHaveProperty(key);
    }
    expect(row).toMatchObject({ module: 'convert', module_name: '格式转换', can_cancel: false });
    expect(String(row.end)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await t.api<{ total: number }>('/api/tasks?status=3', { token: alice })).body.data.total).toBe(0);
    expect((await t.api('/api/tasks?limit=15', { token: alice })).status).toBe(400);
    const recent = await t.api<unknown[]>('/api/tasks/recent?module=convert', { token: alice });
    expect(recent.body.data).toHaveLength(1);
  });

  it("keeps another user's task out of reach (403) and refuses path tricks", async () => {
    expect((await t.api(`/api/tasks/${convertId}`, { token: bob })).status).toBe(403);
    expect((await t.api(`/api/tasks/json/${convertId}`, { token: bob })).status).toBe(403);
    expect((await t.api(`/api/tasks/files/${convertId}`, { token: bob })).status).toBe(403);
    expect((await t.api('/api/tasks/cancel', { method: 'POST', token: bob, json: { task_id: convertId } })).status).toBe(403);
    expect((await fetch(`${t.url}/api/tasks/download/${convertId}`, { headers: { authorization: `Bearer ${bob}` } })).status).toBe(403);
    expect((await fetch(`${t.url}/api/stream/download/?task_id=${convertId}&file=output/result.mol2`, { headers: { authorization: `Bearer ${bob}` } })).status).toBe(403);
    const traversal = await fetch(`${t.url}/api/stream/download/?task_id=${convertId}&file=${encodeURIComponent('../../../secret.key')}`, { headers: { authorization: `Bearer ${alice}` } });
    expect(traversal.status).toBe(404);
    expect(((await traversal.json()) as { errmsg: string }).errmsg).toBe('文件不存在!');
  });

  it('charged the task and the books balance', async () => {
    const info = await t.api<{ balance: number; task_cost: number }>('/api/user/info', { token: alice });
    expect(info.body.data.task_cost).toBeGreaterThan(0);
    expect(info.body.data.balance).toBeCloseTo(200 - info.body.data.task_cost, 2);
    const { verifyLedger } = await import('@yunyao/db');
    expect(await verifyLedger(t.platform.deps.database.db)).toEqual([]);
  });

  it('optimises 2D SMILES into 3D coordinates', async () => {
    const sub = await submitFiles(t, alice, '/api/perform', [{ field: 'input', name: 'drugs.smi', data: example('perform/examples/drugs.smi') }], { structure: '2D', out: 'opt.sdf' });
    expect(sub.body.errno).toBe(0);
    const done = await waitForTask(t, alice, sub.body.data.task_id);
    expect(done.status_text).toBe('已完成');
    const files = await t.api<{ outputs: { name: string; file: string }[] }>(`/api/tasks/files/${sub.body.data.task_id}`, { token: alice });
    const out = files.body.data.outputs.find((f) => f.name === 'opt.sdf')!;
    const sdf = await (await fetch(`${t.url}/api/stream/download/?task_id=${sub.body.data.task_id}&file=${encodeURIComponent(out.file)}`, { headers: { authorization: `Bearer ${alice}` } })).text();
    const zs = [...sdf.matchAll(/^\s+-?\d+\.\d+\s+-?\d+\.\d+\s+(-?\d+\.\d+)\s+[A-Z][a-z]?\s/gm)].map((m) => Number(m[1]));
    expect(zs.length).toBeGreaterThan(10);
    expect(zs.some((z) => Math.abs(z) > 0.1)).toBe(true);
  });

  it('merges two files into one holding every record', async () => {
    const sub = await submitFiles(t, alice, '/api/merge', [
      { field: 'ligands[]', name: 'a.sdf', data: sdRecords(BZR, 3) },
      { field: 'ligands[]', name: 'b.sdf', data: sdRecords(PUBCHEM, 4) },
    ]);
    const done = await waitForTask(t, alice, sub.body.data.task_id);
    expect(done.status_text).toBe('已完成');
    // The module names the task in both languages; the English page shows name_en.
    expect(done).toMatchObject({ name: 'merged.sdf（2 个文件）', name_en: 'merged.sdf (2 files)' });
    const rows = await t.api<unknown[]>(`/api/tasks/output/${sub.body.data.task_id}`, { token: alice });
    expect(rows.body.data).toHaveLength(7);
  });

  it('takes inputs from the data center by id, only the owner\'s', async () => {
    const dataCenter = async (token: string, name: string, type: string, data: string) => {
      const form = new FormData();
      form.append('type', type);
      form.append('file', new Blob([data]), name);
      return (await t.api<{ id: number }>('/api/files', { method: 'POST', token, body: form })).body.data.id;
    };
    const mine = await dataCenter(alice, 'bzr.sdf', 'ligand', sdRecords(BZR, 2));
    const sub = await submitFiles(t, alice, '/api/convert', [], { input_cos: String(mine), out: 'from-dc.smi' });
    const done = await waitForTask(t, alice, sub.body.data.task_id);
    expect(done.status_text).toBe('已完成');
    const rows = await t.api<unknown[]>(`/api/tasks/output/${sub.body.data.task_id}`, { token: alice });
    expect(rows.body.data).toHaveLength(2);

    const others = await dataCenter(bob, 'b.sdf', 'ligand', sdRecords(BZR, 1));
    const refused = await submitFiles(t, alice, '/api/convert', [], { input_cos: String(others), out: 'x.smi' });
    expect(refused.body.errmsg).toBe('文件不存在!');
    const merged = await submitFiles(t, alice, '/api/merge', [{ field: 'ligands[]', name: 'a.sdf', data: sdRecords(PUBCHEM, 2) }], { ligands_cos: String(mine) });
    expect((await waitForTask(t, alice, merged.body.data.task_id)).status_text).toBe('已完成');
  });

  it('fails a malformed file with a reason naming the file', async () => {
    const sub = await submitFiles(t, alice, '/api/convert', [{ field: 'input', name: 'broken.sdf', data: example('convert/examples/bad.sdf') }], { out: 'x.mol2' });
    const done = await waitForTask(t, alice, sub.body.data.task_id);
    expect(done.status).toBe(3);
    expect(done.status_text).toBe('已失败');
    expect(done.result).toContain('broken.sdf');
  });

  it('cancels a running task and kills its engine', async () => {
    const sub = await submitFiles(t, alice, '/api/perform', [{ field: 'input', name: 'many.sdf', data: readFileSync(PUBCHEM) }], { structure: '2D', out: 'many.sdf' });
    const id = sub.body.data.task_id;
    for (let i = 0; i < 200; i++) {
      const { body } = await t.api<{ status_text: string }>(`/api/tasks/${id}`, { token: alice });
      if (body.data.status_text === '运行中') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Claiming marks the task running before its engine starts; wait until the engine is there to kill.
    for (let i = 0; i < 100 && processesUnder(t.config.scratchDir).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesUnder(t.config.scratchDir).length).toBeGreaterThan(0);
    const cancel = await t.api('/api/tasks/cancel', { method: 'POST', token: alice, json: { task_id: id } });
    expect(cancel.body).toMatchObject({ errno: 0, errmsg: '任务已取消' });
    const done = await waitForTask(t, alice, id);
    expect(done).toMatchObject({ status: 3, status_text: '已取消' });
    expect((await t.api('/api/tasks/cancel', { method: 'POST', token: alice, json: { task_id: id } })).body.errmsg).toBe('该任务当前不可取消！');
    // The worker notices within a heartbeat and kills the process group: no optimiser is left running.
    for (let i = 0; i < 100 && processesUnder(t.config.scratchDir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesUnder(t.config.scratchDir)).toEqual([]);
  });
});

describe('input the platform refuses costs nothing', () => {
  const ledgerCharges = async (id: number) =>
    selectRows<{ amount_fen: string }>(t.platform.deps.database.db, sql`select amount_fen from ledger_entries where kind = 'task_charge' and ref = ${`task:${id}`}`);

  it('refuses a 100,000-character SMILES at submission, before any task or charge exists', async () => {
    const { token, userId } = await newUser(t, 'long-smiles@example.com', 10);
    const res = await submitFiles(t, token, '/api/admet', [], { mole_type: 'molecule', molecules: 'C'.repeat(100_000) });
    expect(res.body.errno).not.toBe(0);
    expect(res.body.errmsg).toBe('每个分子的 SMILES 不能超过 1000 个字符！');
    const tasks = await selectRows<{ n: string }>(t.platform.deps.database.db, sql`select count(*) as n from tasks where user_id = ${userId}`);
    expect(Number(tasks[0]!.n)).toBe(0);
    expect(await balanceFen(t.platform.deps.database.db, userId)).toBe(1000);
  });

  it('fails a malformed convert input free of charge, refuses a malformed PDB before any task, and still charges a task that ran', async () => {
    const { token, userId } = await newUser(t, 'refused@example.com', 10);
    const badConvert = await submitFiles(t, token, '/api/convert', [{ field: 'input', name: 'broken.sdf', data: example('convert/examples/bad.sdf') }], { out: 'x.mol2' });
    const badDocking = await submitFiles(t, token, '/api/autodock', [{ field: 'protein', name: 'broken.pdb', data: 'HELLO WORLD\n' }], {
      protein_source: 'file',
      mole_type: 'molecule',
      molecules: 'CCO ethanol',
      center_x: '0',
      center_y: '0',
      center_z: '0',
      size_x: '20',
      size_y: '20',
      size_z: '20',
    });
    // The structure is read at submission by the preparation step's own reader: no task, nothing held.
    expect(badDocking.status).toBe(400);
    expect(badDocking.body.errmsg).toMatch(/broken\.pdb 第 1 行无法解析/);
    expect(badConvert.body.errno, badConvert.body.errmsg).toBe(0);
    const failed = await waitForTask(t, token, badConvert.body.data.task_id);
    expect(failed).toMatchObject({ status_text: '已失败', task_fee: 0, machine_time: 0 });
    expect(failed.result).toMatch(/broken\.sdf 第 3 条记录无法解析/);
    expect(await ledgerCharges(badConvert.body.data.task_id)).toEqual([]);
    const tasks = await selectRows<{ n: string }>(t.platform.deps.database.db, sql`select count(*) as n from tasks where user_id = ${userId}`);
    expect(Number(tasks[0]!.n)).toBe(1);
    expect(await balanceFen(t.platform.deps.database.db, userId)).toBe(1000);

    const good = await submitFiles(t, token, '/api/convert', [{ field: 'input', name: 'ok.sdf', data: sdRecords(BZR, 2) }], { out: 'ok.mol2' });
    const done = await waitForTask(t, token, good.body.data.task_id);
    expect(done.status_text).toBe('已完成');
    expect(done.task_fee).toBeGreaterThan(0);
    expect(await ledgerCharges(good.body.data.task_id)).toHaveLength(1);
    expect(await verifyLedger(t.platform.deps.database.db)).toEqual([]);
  }, 180_000);
});
