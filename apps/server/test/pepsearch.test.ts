import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, type TestPlatform } from './support/harness.ts';

let t: TestPlatform;
let token: string;

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'pepsearch@example.com')).token;
});
afterAll(() => t?.close());

const submit = (json: Record<string, unknown>) => t.api<{ task_id: number }>('/api/pepsearch', { method: 'POST', token, json });

// The engine runs once through the platform, in e2e/pepsearch.e2e.ts, which checks through the API what this file
// checked of it: the ranked rows, DSSP per residue, the quick level's sampling and one PDB per model.
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
});
