import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_PROTOCOLS, PROTOCOL_PRESETS } from '@yunyao/modules/forms/dynamic';
import { newUser, startTestPlatform, submitFiles, type TestPlatform } from './support/harness.ts';

// The engine's run through the platform is the browser journey's (e2e/dynamic.e2e.ts); its details are
// python/tests/test_mmgbsa_pipeline.py's. This file checks what the API decides before any run.

// Aurora A kinase (Debian rdkit-data): a receptor to submit against.
const AURKA = readFileSync('/usr/share/RDKit/Contrib/CalcLigRMSD/data/aurka_protein_2c6e.pdb');
const MOL2 = '@<TRIPOS>MOLECULE\nethanol\n3 2 0 0 0\nSMALL\nNO_CHARGES\n';

let t: TestPlatform;
let token: string;

beforeAll(async () => {
  t = await startTestPlatform();
  token = (await newUser(t, 'dynamic@example.com')).token;
});
afterAll(() => t?.close());

const protein = { field: 'protein', name: 'receptor.pdb', data: AURKA };
const poses = { field: 'ligand', name: 'poses.zip', data: Buffer.from(zipSync({ 'a.mol2': new TextEncoder().encode(MOL2), 'b.mol2': new TextEncoder().encode(MOL2) })) };

describe('binding free energy (dynamic) through the API', () => {
  it('checks the receptor, ligand and settings with the spec messages before anything is charged', async () => {
    const cases: [Parameters<typeof submitFiles>[3], Record<string, string>, string][] = [
      [[poses], {}, '请上传受体文件！'],
      [[poses], { protein_source: 'cos' }, '请选择数据中心蛋白质文件！'],
      [[poses], { protein_source: 'rcsb', pdb_id: '12' }, '请输入6位PDB序列ID！'],
      [[protein], {}, '请上传配体文件！'],
      [[protein], { ligand_source: 'cos' }, '请选择数据中心配体文件！'],
      [[protein, { ...poses, name: 'poses.pdbqt' }], {}, '.zip'],
      [[protein, poses], { ions: 'MgCl2' }, '请选择盐类型（NaCl 或 KCl）！'],
      [[protein, poses], { concentration: '1.5' }, '盐浓度须为 0–1 mol/L，步长 0.01！'],
      [[protein, poses], { concentration: '0.155' }, '盐浓度须为 0–1 mol/L，步长 0.01！'],
      [[protein, poses], { btime: '11' }, '平衡时间须为 0–10 ns！'],
      [[protein, poses], { stime: '-1' }, '动力学时长须为 0–20 ns！'],
    ];
    for (const [files, fields, message] of cases) expect((await submitFiles(t, token, '/api/dynamic', files, fields)).body.errmsg, message).toContain(message);
    const tasks = (await t.api<{ total: number }>('/api/tasks?module=dynamic', { token })).body.data;
    expect(tasks.total).toBe(0);
  });

  it('estimates more for more ligands and longer runs, from the spec defaults (NaCl, 0.15 mol/L, 5 + 5 ns)', async () => {
    const estimate = async (files: Parameters<typeof submitFiles>[3], fields: Record<string, string>) => {
      const res = await submitFiles<{ core_hours: number }>(t, token, '/api/dynamic/estimate', files, fields);
      expect(res.body.errno, res.body.errmsg).toBe(0);
      return res.body.data.core_hours;
    };
    const one = { field: 'ligand', name: 'one.mol2', data: Buffer.from(MOL2) };
    const defaults = await estimate([protein, one], {});
    expect(await estimate([protein, poses], {})).toBeCloseTo(2 * defaults, 5);
    expect(await estimate([protein, one], { btime: '10', stime: '20' })).toBeGreaterThan(2.5 * defaults);
  });

  it('tells the form what one ligand costs and holds, so a large total reads as many ligands', async () => {
    type Cost = { estimate: number; hold: number; per_unit?: { unit: string; count: number; estimate: number; hold: number } };
    const res = await submitFiles<Cost>(t, token, '/api/dynamic/estimate', [protein, poses], {});
    expect(res.body.errno, res.body.errmsg).toBe(0);
    const { estimate, hold, per_unit } = res.body.data;
    expect(per_unit).toMatchObject({ unit: 'ligand', count: 2 });
    expect(per_unit!.estimate).toBeCloseTo(estimate / 2, 2);
    expect(per_unit!.hold).toBeCloseTo(hold / 2, 2);
    // Modules that count no units answer none.
    const convert = await submitFiles<Cost>(t, token, '/api/convert/estimate', [{ field: 'input', name: 'x.smi', data: Buffer.from('CCO ethanol\n') }], { out: 'x.sdf' });
    expect(convert.body.errno, convert.body.errmsg).toBe(0);
    expect(convert.body.data.per_unit).toBeUndefined();
  });

  it('estimates each protocol preset per ligand, minimised under fast under standard under precise', async () => {
    type Cost = { core_hours: number; estimate: number; per_unit?: { unit: string; count: number; estimate: number } };
    const perLigand: number[] = [];
    for (const protocol of PRESET_PROTOCOLS) {
      const { btime, stime } = PROTOCOL_PRESETS[protocol];
      const res = await submitFiles<Cost>(t, token, '/api/dynamic/estimate', [protein, poses], { protocol, btime: String(btime), stime: String(stime) });
      expect(res.body.errno, res.body.errmsg).toBe(0);
      expect(res.body.data.per_unit).toMatchObject({ unit: 'ligand', count: 2 });
      perLigand.push(res.body.data.per_unit!.estimate);
    }
    expect(PRESET_PROTOCOLS).toEqual(['minimised', 'fast', 'standard', 'precise']);
    perLigand.slice(1).forEach((price, k) => expect(perLigand[k]).toBeLessThan(price));
    // Standard is the spec's defaults: the same estimate as a form that sends no times.
    const defaults = await submitFiles<Cost>(t, token, '/api/dynamic/estimate', [protein, poses], {});
    expect(defaults.body.data.per_unit!.estimate).toBe(perLigand[PRESET_PROTOCOLS.indexOf('standard')]);
  });

  it('refuses out-of-bounds times with the spec messages whatever the protocol, and a preset with times not its own', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ protocol: 'custom', btime: '11' }, '平衡时间须为 0–10 ns！'],
      [{ protocol: 'custom', stime: '21' }, '动力学时长须为 0–20 ns！'],
      [{ protocol: 'precise', btime: '10', stime: '25' }, '动力学时长须为 0–20 ns！'],
      [{ protocol: 'turbo' }, '请选择模拟方案'],
      [{ protocol: 'fast', btime: '5', stime: '5' }, '所选模拟方案与平衡时间、动力学时长不一致'],
    ];
    for (const [fields, message] of cases) {
      for (const route of ['/api/dynamic', '/api/dynamic/estimate']) expect((await submitFiles(t, token, route, [protein, poses], fields)).body.errmsg, `${route} ${message}`).toContain(message);
    }
    const tasks = (await t.api<{ total: number }>('/api/tasks?module=dynamic', { token })).body.data;
    expect(tasks.total).toBe(0);
  });
});
