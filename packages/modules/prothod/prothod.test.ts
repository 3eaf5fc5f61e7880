import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ATOMS } from '@yunyao/quantum';
import { prothodParams } from './prothod.form.ts';
import { prothodModule } from './prothod.module.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

const WATER = '3\nwater\nO 0.000 0.000 0.117\nH 0.000 0.757 -0.469\nH 0.000 -0.757 -0.469\n';
const FORMALDEHYDE = '4\nformaldehyde\nC 0.000 0.000 -0.530\nO 0.000 0.000 0.677\nH 0.000 0.939 -1.117\nH 0.000 -0.939 -1.117\n';
const xyz = (name: string, content: string) => ({ field: 'xyzs', originalName: name, content });

describe('keyword mode params', () => {
  it('read the preview line and refuse what it cannot be', () => {
    expect(prothodParams.safeParse({ keyword: 'opt DFTB' }).success).toBe(true);
    expect(prothodParams.safeParse({ keyword: 'freq B3LYP 6-31G*' }).success).toBe(true);
    expect(zh(prothodParams.safeParse({ keyword: '' }).error?.issues[0]?.message)).toBe('请选择计算目标与方法！');
    expect(zh(prothodParams.safeParse({ keyword: 'scan PM3' }).error?.issues[0]?.message)).toMatch(/计算目标/);
  });

  it('refuse a geometry that cannot be read before anything runs', () => {
    const files = [{ field: 'xyzs', name: 'bad.xyz', data: Buffer.from('2\n\nO 0 0 0\nXx 0 0 1\n') }];
    expect(zh(prothodModule.preflight!(prothodParams.parse({ keyword: 'sp PM3' }), files, {}) ?? undefined)).toMatch(/^bad\.xyz：/);
  });

  it('refuse a charge and multiplicity that do not fit the molecule before anything runs', () => {
    const water = [{ field: 'xyzs', name: 'water.xyz', data: Buffer.from('3\nwater\nO 0 0 0\nH 0 0.96 0\nH 0.93 -0.24 0\n') }];
    const preflight = (fields: Record<string, string>) => zh(prothodModule.preflight!(prothodParams.parse({ keyword: 'sp PM3', ...fields }), water, {}) ?? undefined) ?? null;
    expect(preflight({})).toBeNull();
    expect(preflight({ spinm: '2' })).toBe('water.xyz：分子 water.xyz 有 10 个电子，与电荷 0、自旋多重度 2 不相容，请检查。');
    // The same problem in English, from the words the quantum rules give in both languages.
    expect(renderMessage(prothodModule.preflight!(prothodParams.parse({ keyword: 'sp PM3', spinm: '2' }), water, {})!, 'en')).toMatch(/^water\.xyz: /);
    expect(preflight({ charge: '1', spinm: '2' })).toBeNull();
  });

  it('refuse a molecule of more atoms than any method finishes, before the pairwise checks run', () => {
    const chain = (n: number) => `${n}\n\n${Array.from({ length: n }, (_, i) => `C ${(i * 1.5).toFixed(1)} 0 0`).join('\n')}\n`;
    const params = prothodParams.parse({ keyword: 'sp PM3' });
    const preflight = (n: number) => zh(prothodModule.preflight!(params, [{ field: 'xyzs', name: 'chain.xyz', data: Buffer.from(chain(n)) }], {}) ?? undefined) ?? null;
    expect(preflight(MAX_ATOMS)).toBeNull();
    expect(preflight(MAX_ATOMS + 1)).toBe(`chain.xyz：结构含 ${MAX_ATOMS + 1} 个原子，超过上限 ${MAX_ATOMS} 个`);
  });
});

describe('task name', () => {
  const file = (content: string) => ({ field: 'xyzs', name: 'mol.xyz', data: Buffer.from(content) });
  const staged = (n: number) => ({ xyzs: Array.from({ length: n }, (_, i) => ({ path: `inputs/${i}.xyz`, originalName: `m${i}.xyz` })) });
  const params = prothodParams.parse({ keyword: 'freq DFTB' });

  it('is the molecule’s own name from the XYZ comment line, when it gives one', () => {
    expect(prothodModule.taskName(params, staged(1), [file('3\nparacetamol fragment\nO 0 0 0\nH 0 0.96 0\nH 0.93 -0.24 0\n')]).zh).toBe('paracetamol fragment · freq DFTB');
  });

  it('falls back to the batch size for a blank or numeric comment, or several molecules', () => {
    expect(prothodModule.taskName(params, staged(1), [file('3\n\nO 0 0 0\nH 0 0.96 0\nH 0.93 -0.24 0\n')])).toEqual({ zh: 'freq DFTB（1 个分子）', en: 'freq DFTB (1 molecule)' });
    expect(prothodModule.taskName(params, staged(1), [file('3\n-76.01\nO 0 0 0\nH 0 0.96 0\nH 0.93 -0.24 0\n')]).zh).toBe('freq DFTB（1 个分子）');
    expect(prothodModule.taskName(params, staged(2), [file(WATER), file(FORMALDEHYDE)])).toEqual({ zh: 'freq DFTB（2 个分子）', en: 'freq DFTB (2 molecules)' });
  });
});

describe('keyword mode on the real engines', () => {
  it('optimises with GFN2-xTB (the keyword DFTB) and runs PM3 in MOPAC, one result per molecule', async () => {
    const dftb = await runModule(prothodModule, { keyword: 'opt DFTB' }, [xyz('water.xyz', WATER), xyz('formaldehyde.xyz', FORMALDEHYDE)]);
    expect(dftb.error).toBeUndefined();
    const rows = dftb.result!.rows;
    expect(rows.map((r) => [r.name, r.engine, r.status])).toEqual([
      ['water', 'xtb', 'ok'],
      ['formaldehyde', 'xtb', 'ok'],
    ]);
    expect(rows[0]!.level).toMatch(/GFN2-xTB/);
    // xtb documentation, water example: GFN2-xTB optimised total energy −5.0705444 Eh.
    expect(rows[0]!.final_energy as number).toBeCloseTo(-5.07054, 4);
    expect(dftb.result!.outputs.map((o) => o.name)).toEqual(expect.arrayContaining(['result.json', 'water/water_opt.xyz']));
    expect(JSON.parse(await dftb.read('qm/progress.json'))).toEqual({ done: 2, total: 2, unit: '分子' });

    const pm3 = await runModule(prothodModule, { keyword: 'sp PM3' }, [xyz('water.xyz', WATER)]);
    expect(pm3.error).toBeUndefined();
    const [water] = pm3.result!.rows;
    expect(water).toMatchObject({ engine: 'mopac', status: 'ok' });
    const molecules = (pm3.result!.summary.molecules as { input: string; engineVersion: string }[])!;
    // Provenance: the exact input given to MOPAC and its version.
    expect(molecules[0]!.input).toMatch(/PM3/);
    expect(molecules[0]!.engineVersion).toMatch(/^\d+\.\d+/);
  }, 120_000);

  it('a frequency job keeps its thermochemistry in the rows and summary.csv, and the molecule’s own name', async () => {
    const run = await runModule(prothodModule, { keyword: 'freq DFTB' }, [xyz('w.xyz', WATER)]);
    expect(run.error).toBeUndefined();
    const [row] = run.result!.rows;
    expect(row).toMatchObject({ name: 'w', title: 'water', engine: 'xtb' });
    // GFN2-xTB water (xtb 6.5.1): ZPE ≈ 0.0201 Eh, G(298.15 K) ≈ −5.068 Eh.
    expect(row!.zpe as number).toBeCloseTo(0.0201, 3);
    expect(row!.gibbs as number).toBeCloseTo(-5.068, 3);
    expect(run.result!.outputs.map((o) => o.name)).toContain('summary.csv');
    const [header, line] = (await run.read('qm/summary.csv')).trim().split('\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, line!.split(',')[i]]));
    expect(cells).toMatchObject({ name: 'w', title: 'water', temperature_K: '298.15', heat_capacity_kind: 'Cp', derived_by_platform: '' });
    expect(Number(cells.zpe_kcal_mol)).toBeCloseTo(12.63, 1);
  }, 60_000);

  it('fails the task with every molecule’s reason when none could run', async () => {
    const run = await runModule(prothodModule, { keyword: 'sp PM3' }, [xyz('clash.xyz', '2\n\nO 0 0 0\nH 0 0 0.1\n')]);
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/全部 1 个分子计算失败：clash/);
  }, 60_000);
});

/** The XYZ /api/quantum/embed answers for a SMILES: the same program, run as the server runs it. */
function embedded(smiles: string, name: string): string {
  const out = execFileSync('/usr/bin/python3', ['-m', 'yunyao.embed_xyz', '--smiles', smiles, '--name', name], {
    env: { ...process.env, PYTHONPATH: fileURLToPath(new URL('../../../python', import.meta.url)) },
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { xyz: string }).xyz;
}

describe('a drawn molecule, pre-optimised with xtb', () => {
  it('runs GFN2-xTB optimisation before the main engine on the embedded ethanol, and records it', async () => {
    const ethanol = embedded('CCO', 'ethanol');
    expect(ethanol.split('\n').slice(0, 2)).toEqual(['9', 'ethanol']);
    const run = await runModule(prothodModule, { keyword: 'sp PM3', preopt_xtb: 'true' }, [xyz('ethanol.xyz', ethanol)]);
    expect(run.error).toBeUndefined();
    expect(run.steps.map((s) => s.name)).toEqual(['xtb-preopt', 'quantum']);
    const summary = run.result!.summary as { engines_used: string[]; preoptimisation: { method: string; molecules: { name: string; status: string; final_energy: number }[] } };
    expect(summary.preoptimisation).toMatchObject({ method: 'GFN2-xTB', molecules: [{ name: 'ethanol', status: 'ok' }] });
    // GFN2-xTB total energy of ethanol, about −11.39 Eh: the optimisation really ran.
    expect(summary.preoptimisation.molecules[0]!.final_energy).toBeCloseTo(-11.39, 1);
    expect(summary.engines_used.map((e) => e.split(' ')[0])).toEqual(['xtb', 'mopac']);
    expect(run.result!.rows).toMatchObject([{ name: 'ethanol', engine: 'mopac', status: 'ok' }]);
    expect(run.result!.outputs.map((o) => o.name)).toContain('ethanol/ethanol_xtb_preopt.xyz');
    // The main engine read the xtb geometry, not the force-field one.
    const molecules = run.result!.summary.molecules as { input: string }[];
    const preoptXyz = await run.read('preopt/ethanol/ethanol_opt.xyz');
    expect(molecules[0]!.input).toContain(preoptXyz.split('\n')[2]!.trim().split(/\s+/)[1]);
  }, 120_000);

  it('leaves the step list alone without the option, and bills the option', () => {
    expect(prothodParams.parse({ keyword: 'sp PM3' }).preopt_xtb).toBe(false);
    const atoms = [{ name: 'ethanol.xyz', bytes: 300, records: 1, atoms: 9 }];
    const plain = prothodModule.estimateCoreHours(prothodParams.parse({ keyword: 'sp PM3' }), { xyzs: atoms });
    const withPreopt = prothodModule.estimateCoreHours(prothodParams.parse({ keyword: 'sp PM3', preopt_xtb: 'true' }), { xyzs: atoms });
    expect(withPreopt).toBeGreaterThan(plain);
  });
});
