import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, waitForTask, type TestPlatform } from './support/harness.ts';

interface ModelRow { rank: number; model_file: string; ss: string; population_percent: number; energy_kcal_mol: number; radius_of_gyration_a: number }
interface Summary { sequence: string; seed: number; fragments: { decoys: number; steps: number; refine: number }; engines: Record<string, unknown> }

let t: TestPlatform;
let token: string;

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'pepsearch@example.com')).token;
});
afterAll(() => t?.close());

const submit = (json: Record<string, unknown>) => t.api<{ task_id: number }>('/api/pepsearch', { method: 'POST', token, json });

describe('peptide structure prediction (pepsearch) through the API', () => {
  it('refuses an empty, unreadable or out-of-range sequence with a clear message, charging nothing', async () => {
    expect((await submit({ sequence: '' })).body.errmsg).toBe('多肽序列不能为空！');
    expect((await submit({ sequence: '  \n' })).body.errmsg).toBe('多肽序列不能为空！');
    expect((await submit({})).body.errmsg).toBe('多肽序列不能为空！');
    const bad = (await submit({ sequence: 'ACXDZ' })).body.errmsg;
    expect(bad).toContain('第 3 位“X”');
    expect(bad).toContain('第 5 位“Z”');
    expect((await submit({ sequence: 'A' })).body.errmsg).toBe('多肽序列长度须为 2–50 个残基！');
    expect((await submit({ sequence: 'A'.repeat(51) })).body.errmsg).toBe('多肽序列长度须为 2–50 个残基！');
    expect((await submit({ sequence: 'GEWTWDDATKTWTWTE', compute: 64 })).body.errmsg).toBe('计算核数须为 1–32 的整数！');
    expect((await submit({ sequence: 'GEWTWDDATKTWTWTE', sampling: 'forever' })).body.errmsg).toBe('请选择采样强度（quick、standard 或 thorough）！');
    // A bound the form gives no words of its own names the field and its limits.
    expect((await submit({ sequence: 'GEWTWDDATKTWTWTE', seed: -1 })).body).toMatchObject({ errno: 40000, errmsg: '参数错误：seed 须为整数，取值为 1–2147483647！' });
    const tasks = (await t.api<{ total: number }>('/api/tasks?module=pepsearch', { token })).body.data;
    expect(tasks.total).toBe(0);
  });

  it('estimates a longer peptide as dearer, and reads a pasted FASTA record', async () => {
    const estimate = async (json: Record<string, unknown>) => {
      const res = await t.api<{ core_hours: number }>('/api/pepsearch/estimate', { method: 'POST', token, json });
      expect(res.body.errno, res.body.errmsg).toBe(0);
      return res.body.data.core_hours;
    };
    const ten = await estimate({ sequence: 'GYDPETGTWG' });
    expect(await estimate({ sequence: '>chignolin\nGYDPE TGTWG\n' })).toBe(ten);
    expect(await estimate({ sequence: 'GEWTWDDATKTWTWTE' })).toBeGreaterThan(ten);
    expect(await estimate({ sequence: 'GYDPETGTWG', sampling: 'quick' })).toBeLessThan(ten / 3);
    expect(await estimate({ sequence: 'GYDPETGTWG', sampling: 'thorough' })).toBeGreaterThan(3 * ten);
  });

  it('predicts a 5-residue peptide end to end at the quick level: ranked models, DSSP per residue, one PDB per model', async () => {
    const res = await submit({ sequence: 'gydpe', sampling: 'quick', compute: 2, seed: 7 });
    expect(res.body.errmsg).toBe('任务提交成功!');
    const done = await waitForTask(t, token, res.body.data.task_id, 240_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const rows = (await t.api<ModelRow[]>(`/api/tasks/output/${done.id}`, { token })).body.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    for (const r of rows) {
      expect(r.ss).toMatch(/^[HEC]{5}$/);
      expect(Number.isFinite(r.energy_kcal_mol)).toBe(true);
      expect(r.radius_of_gyration_a).toBeGreaterThan(2);
    }
    const summary = (await t.api<Summary>(`/api/tasks/json/${done.id}`, { token })).body.data;
    // the quick level's fragment assembly (pepsearch-sampling.ts)
    expect(summary).toMatchObject({ sequence: 'GYDPE', seed: 7, fragments: { decoys: 100, steps: 2000, refine: 5 } });
    const outputs = (await t.api<{ outputs: { name: string }[] }>(`/api/tasks/files/${done.id}`, { token })).body.data.outputs.map((f) => f.name);
    expect(outputs).toEqual(expect.arrayContaining(['models.pdb', 'result.csv', 'summary.json', ...rows.map((r) => r.model_file)]));
  }, 300_000);
});
