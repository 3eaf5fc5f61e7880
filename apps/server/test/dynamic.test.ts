import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestPlatform, submitFiles, waitForTask, type TestPlatform } from './support/harness.ts';

// p38α residues around a benchmark ligand, that ligand posed, and a broken .mol2 beside it (test-fixtures/mmgbsa/README.md).
const FIXTURES = path.resolve(import.meta.dirname, '../../../test-fixtures/mmgbsa');
const P38_POCKET = readFileSync(path.join(FIXTURES, 'p38_pocket.pdb'));
const GOOD_AND_BAD = readFileSync(path.join(FIXTURES, 'p38_one_good_one_bad.zip'));

interface LigandRow { ID: string; dG: number | null; vdw: number; elec: number; polar: number; nonpolar: number; dG_sem: number | null; snapshots: number; error: string | null }

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

  it('runs a posed p38 ligand end to end at picosecond settings: finite components that add up, the broken .mol2 its own row', async () => {
    const res = await submitFiles(t, token, '/api/dynamic', [{ field: 'protein', name: 'p38_pocket.pdb', data: P38_POCKET }, { field: 'ligand', name: 'poses.zip', data: GOOD_AND_BAD }], {
      btime: '0.001',
      stime: '0.002',
      ions: 'KCl',
      seed: '7',
    });
    expect(res.body.errmsg).toBe('任务提交成功!');
    const done = await waitForTask(t, token, res.body.data.task_id, 480_000);
    expect(done.status_text, done.result ?? '').toBe('已完成');
    const rows = (await t.api<LigandRow[]>(`/api/tasks/output/${done.id}`, { token })).body.data;
    const good = rows.find((r) => !r.error)!;
    expect(good.ID).toBe('lig_p38a_2v');
    expect(good.snapshots).toBeGreaterThan(1);
    for (const v of [good.dG!, good.vdw, good.elec, good.polar, good.nonpolar]) expect(Number.isFinite(v)).toBe(true);
    expect(good.vdw + good.elec + good.polar + good.nonpolar).toBeCloseTo(good.dG!, 1);
    const bad = rows.find((r) => r.error)!;
    expect(bad.error).toContain('broken.mol2');
    expect(bad.error).toMatch(/[\u4e00-\u9fff]/);
    const summary = (await t.api<{ salt: string; seed: number; rmsd: Record<string, { rmsd: number[] }> }>(`/api/tasks/json/${done.id}`, { token })).body.data;
    expect(summary).toMatchObject({ salt: 'KCl', seed: 7 });
    expect(summary.rmsd[good.ID]!.rmsd.length).toBe(good.snapshots);
    const outputs = (await t.api<{ outputs: { name: string }[] }>(`/api/tasks/files/${done.id}`, { token })).body.data.outputs.map((f) => f.name);
    expect(outputs).toEqual(expect.arrayContaining(['result.csv', 'decomposition.json', 'rmsd.json', `traj_${good.ID}.pdb`]));
  }, 600_000);
});
