import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QmMoleculeResult } from '@yunyao/quantum';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// Crawford group programming project #3 water (R = 1.1 Å, 104°): HF/STO-3G −74.942079928 Eh.
const WATER = '3\nwater\nO 0.000000000 -0.075791844 0.000000000\nH 0.866811829 0.601435779 0.000000000\nH -0.866811829 0.601435779 0.000000000\n';
const FORMALDEHYDE = '4\nformaldehyde\nC 0.000 0.000 -0.530\nO 0.000 0.000 0.677\nH 0.000 0.939 -1.117\nH 0.000 -0.939 -1.117\n';
const xyz = (name: string, data: string) => ({ field: 'xyzs[]', name, data });

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'quantum@example.com')).token;
});
afterAll(() => t?.close());

const json = async (id: number) => (await t.api<{ molecules: QmMoleculeResult[]; resources: { cores: number } }>(`/api/tasks/json/${id}`, { token })).body.data;

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

describe('quantum tasks on the real engines', () => {
  it('keyword mode: GFN2-xTB optimisation of two molecules, one parsed result each', async () => {
    const res = await submitFiles(t, token, '/api/prothod', [xyz('water.xyz', WATER), xyz('formaldehyde.xyz', FORMALDEHYDE)], { soft: 'DFTB', keyword: 'opt DFTB', charge: '0', spinm: '1' });
    expect(res.body.errno, res.body.errmsg).toBe(0);
    const done = await waitForTask(t, token, res.body.data.task_id, 120_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const result = await json(res.body.data.task_id);
    expect(result.molecules.map((m) => [m.name, m.engine, m.status, m.optimized])).toEqual([
      ['water', 'xtb', 'ok', true],
      ['formaldehyde', 'xtb', 'ok', true],
    ]);
    // xtb documentation, water example: GFN2-xTB optimised energy −5.0705444 Eh.
    expect(result.molecules[0]!.final_energy!).toBeCloseTo(-5.07054, 4);
    const files = (await t.api<{ outputs: { name: string }[] }>(`/api/tasks/files/${res.body.data.task_id}`, { token })).body.data.outputs.map((f) => f.name);
    expect(files).toEqual(expect.arrayContaining(['result.json', 'water/water_opt.xyz', 'formaldehyde/formaldehyde_opt.xyz']));
  }, 150_000);

  it('ORCA form without ORCA: HF/STO-3G opt+freq on NWChem with two cores, frequencies and IR intensities parsed', async () => {
    const res = await submitFiles(t, token, '/api/orca', [xyz('water.xyz', WATER)], {
      keyword: '! HF STO-3G Opt Freq',
      extration: 'NOSOL,IR,Mulliken,Dipole,HOMO,LOMO',
      nprocs: '2',
      maxcore: '512',
    });
    expect(res.body.errno, res.body.errmsg).toBe(0);
    const done = await waitForTask(t, token, res.body.data.task_id, 150_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const result = await json(res.body.data.task_id);
    expect(result.resources.cores).toBe(2);
    const [water] = result.molecules;
    expect(water).toMatchObject({ engine: 'nwchem', status: 'ok', optimized: true, imaginary_count: 0 });
    // The optimised HF/STO-3G water lies below the Crawford geometry's −74.942079928 Eh.
    expect(water!.final_energy!).toBeLessThan(-74.9420799);
    expect(water!.frequencies).toHaveLength(3);
    expect(water!.frequencies!.every((f) => f.frequency > 1000 && (f.intensity ?? 0) > 0)).toBe(true);
    expect(water!.input).toMatch(/task scf optimize/);
    // Issue 16: the comment line names the task and the result; NWChem's thermochemistry (G derived
    // from H − T·S), the modes' displacement vectors and the HOMO/LUMO cubes come back too.
    expect(done.name).toBe('water · HF STO-3G Opt Freq');
    expect(water!.title).toBe('water');
    expect(water!.thermochemistry).toMatchObject({ temperature: 298.15, derived: ['gibbs_correction', 'enthalpy', 'gibbs'] });
    expect(water!.frequencies!.every((f) => f.displacement?.length === 3)).toBe(true);
    expect(water!.orbital_cubes).toEqual({ homo: 'homo.cube', lumo: 'lumo.cube' });
    const files = (await t.api<{ outputs: { name: string }[] }>(`/api/tasks/files/${res.body.data.task_id}`, { token })).body.data.outputs.map((f) => f.name);
    expect(files).toEqual(expect.arrayContaining(['summary.csv', 'water/homo.cube', 'water/lumo.cube']));
  }, 180_000);
});
