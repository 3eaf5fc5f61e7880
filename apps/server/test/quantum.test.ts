import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, type TestPlatform } from './support/harness.ts';

// Crawford group programming project #3 water (R = 1.1 Å, 104°).
const WATER = '3\nwater\nO 0.000000000 -0.075791844 0.000000000\nH 0.866811829 0.601435779 0.000000000\nH -0.866811829 0.601435779 0.000000000\n';
const xyz = (name: string, data: string) => ({ field: 'xyzs[]', name, data });

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'quantum@example.com')).token;
});
afterAll(() => t?.close());

// The engines run through the platform in the journeys, which check through the API what this file checked of
// them: e2e/quantum.e2e.ts the keyword mode's GFN2-xTB optimisation, e2e/orca.e2e.ts the ORCA form's HF/STO-3G
// Opt+Freq on NWChem with two cores (frequencies, IR intensities, thermochemistry, HOMO/LUMO cubes).
describe('POST /api/prothod and /api/orca validation', () => {
  it('answers with the spec messages and refuses unreadable geometries and unfaithful options before charging', async () => {
    expect((await submitFiles(t, token, '/api/prothod', [], { keyword: 'sp PM3' })).body.errmsg).toBe('请提供有效的分子几何结构（XYZ）！');
    expect((await submitFiles(t, token, '/api/prothod', [xyz('water.pdb', WATER)], { keyword: 'sp PM3' })).body.errno).not.toBe(0);
    expect((await submitFiles(t, token, '/api/prothod', [xyz('water.xyz', WATER)], { keyword: 'md PM3' })).body.errmsg).toMatch(/计算目标/);
    expect((await submitFiles(t, token, '/api/prothod', [xyz('bad.xyz', '2\n\nO 0 0 0\nQq 1 0 0\n')], { keyword: 'sp PM3' })).body.errmsg).toMatch(/^bad\.xyz：/);
    const tooMuchMemory = await submitFiles(t, token, '/api/orca', [xyz('water.xyz', WATER)], { keyword: '! B3LYP def2-SVP Opt', nprocs: '32', maxcore: '2048' });
    expect(tooMuchMemory.body.errmsg).toBe('并行核数 × 每核内存超出系统可用内存，请调整！');
    // No ORCA configured: NWChem would run it, and NWChem has no RIJCOSX.
    expect((await submitFiles(t, token, '/api/orca', [xyz('water.xyz', WATER)], { keyword: '! B3LYP def2-SVP RIJCOSX Opt' })).body.errmsg).toMatch(/RIJCOSX/);
    expect((await t.api('/api/quantum/engines', { token })).body.data).toEqual({ orca: false, dftb: false });
    const tasks = (await t.api<{ total: number }>('/api/tasks?status=0&page=1&limit=10', { token })).body.data;
    expect(tasks.total).toBe(0);
  });
});
