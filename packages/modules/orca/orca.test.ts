import { afterAll, describe, expect, it } from 'vitest';
import { orcaParams } from './orca.form.ts';
import { orcaModule } from './orca.module.ts';
import { cleanupStaged, runModule } from '../shared/run-steps.testing.ts';
import { renderMessage } from '@yunyao/contract';

/** A refusal as the Chinese page reads it (schemas give message ids). */
const zh = (id: string | undefined) => (id === undefined ? undefined : renderMessage(id, 'zh'));

afterAll(cleanupStaged);

// Crawford group programming project #3 geometry (R = 1.1 Å, 104°), whose HF/STO-3G energy is −74.942079928 Eh.
const WATER = '3\nwater\nO 0.000000000 -0.075791844 0.000000000\nH 0.866811829 0.601435779 0.000000000\nH -0.866811829 0.601435779 0.000000000\n';

describe('ORCA form params', () => {
  it('read the ORCA line with its tags and give nprocs and maxcore to the executor', () => {
    const params = orcaParams.parse({ keyword: '! B3LYP def2-SVP Opt', extration: 'Mulliken,Dipole', nprocs: '4', maxcore: '1000' });
    expect(orcaModule.resources!(params)).toEqual({ cores: 4, memoryMbPerCore: 1000 });
    expect(zh(orcaParams.safeParse({ keyword: '' }).error?.issues[0]?.message)).toBe('请填写 ORCA 关键词行！');
    expect(zh(orcaParams.safeParse({ keyword: '! B3LYP Opt' }).error?.issues[0]?.message)).toMatch(/基组/);
  });

  it('refuse before submission what NWChem cannot run faithfully when ORCA is not configured', () => {
    const rijcosx = orcaParams.parse({ keyword: '! B3LYP def2-SVP RIJCOSX Opt' });
    const files = [{ field: 'xyzs', name: 'water.xyz', data: Buffer.from(WATER) }];
    expect(orcaModule.preflight!(rijcosx, files, {})).toMatch(/RIJCOSX/);
    // With a licensed ORCA the same job is fine.
    expect(orcaModule.preflight!(rijcosx, files, { orcaPath: '/opt/orca/orca' })).toBeNull();
  });
});

describe('ORCA form on NWChem (no ORCA configured)', () => {
  it('runs HF/STO-3G on water and matches the published energy', async () => {
    const run = await runModule(orcaModule, { keyword: '! HF STO-3G SP', extration: 'Mulliken,Dipole,HOMO,LOMO' }, [{ field: 'xyzs', originalName: 'water.xyz', content: WATER }]);
    expect(run.error).toBeUndefined();
    const [row] = run.result!.rows;
    expect(row).toMatchObject({ name: 'water', engine: 'nwchem', status: 'ok' });
    expect(row!.final_energy as number).toBeCloseTo(-74.942079928, 5);
    expect(row!.gap as number).toBeGreaterThan(0);
    const [molecule] = run.result!.summary.molecules as { input: string; mulliken: unknown[] }[];
    expect(molecule!.input).toMatch(/basis/);
    expect(molecule!.mulliken).toHaveLength(3);
  }, 120_000);
});
