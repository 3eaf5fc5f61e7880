import { describe, expect, it } from 'vitest';
import { QmInputError } from '../../bilingual.ts';
import type { Geometry, QmJob } from '../../job.ts';
import { orcaAdapter, orcaMissingReason } from './index.ts';

const water: Geometry = {
  name: 'water',
  comment: '',
  atoms: [
    { element: 'O', x: 0, y: 0, z: 0.117 },
    { element: 'H', x: 0, y: 0.757, z: -0.467 },
    { element: 'H', x: 0, y: -0.757, z: -0.467 },
  ],
};

const baseJob: QmJob = {
  task: 'SP',
  method: 'B3LYP',
  basis: 'def2-SVP',
  approximation: 'none',
  charge: 0,
  multiplicity: 1,
  properties: { mulliken: false, dipole: false, homo: false, lumo: false },
  cores: 1,
  memoryPerCoreMb: 2000,
};

const settings = { orcaPath: '/opt/orca/orca' };

function input(job: Partial<QmJob>): string {
  const rendered = orcaAdapter.render({ ...baseJob, ...job }, water, settings);
  return rendered.files[rendered.input]!;
}

describe('orca render', () => {
  it('writes a complete input and runs ORCA by absolute path', () => {
    const rendered = orcaAdapter.render(baseJob, water, settings);
    expect(rendered).toMatchObject({ engine: 'orca', input: 'job.inp', argv: ['/opt/orca/orca', 'job.inp'], output: 'job.out' });
    expect(rendered.files['job.inp']).toBe(
      [
        '! B3LYP def2-SVP TightSCF',
        '%maxcore 2000',
        '* xyz 0 1',
        '  O      0.00000000     0.00000000     0.11700000',
        '  H      0.00000000     0.75700000    -0.46700000',
        '  H      0.00000000    -0.75700000    -0.46700000',
        '*',
        '',
      ].join('\n'),
    );
  });

  it('writes tasks, approximations with their auxiliary bases, solvent and parallel blocks', () => {
    const text = input({ task: 'OptFreq', method: 'wB97X-D', approximation: 'RIJCOSX', solvent: 'Water', cores: 4 });
    expect(text).toContain('! wB97X-D3 def2-SVP RIJCOSX def2/J Opt Freq CPCM(Water) TightSCF');
    expect(text).toContain('%pal\n  nprocs 4\nend');
    expect(input({ method: 'HF', approximation: 'RI-JK' })).toContain('! HF def2-SVP RIJK def2/JK');
    expect(input({ method: 'MP2', approximation: 'RI-MP2', basis: 'cc-pVTZ', task: 'OptFreq' })).toContain('! RI-MP2 cc-pVTZ cc-pVTZ/C Opt NumFreq');
    expect(input({ method: 'CCSD(T)', approximation: 'RI-CC', basis: '6-31G*' })).toContain('! CCSD(T) 6-31G* AutoAux TightSCF\n%maxcore 2000\n%mdci\n  TrafoType trafo_ri\nend');
  });

  it('writes NMR, TD-DFT roots and HOMO/LUMO cubes', () => {
    expect(input({ properties: { ...baseJob.properties, nmr: 'GIAO' } })).toContain('def2-SVP NMR TightSCF');
    expect(input({ properties: { ...baseJob.properties, uvvis: { nroots: 10 } } })).toContain('%tddft\n  nroots 10\nend');
    // Water has 10 electrons: HOMO is MO 4 and LUMO MO 5 (ORCA counts from 0).
    const cubes = input({ properties: { ...baseJob.properties, homo: true, lumo: true } });
    expect(cubes).toContain('dim1 80');
    expect(cubes).toContain('MO("job.homo.cube", 4, 0);');
    expect(cubes).toContain('MO("job.lumo.cube", 5, 0);');
  });

  it('refuses to run without a configured, absolute ORCA path', () => {
    expect(() => orcaAdapter.render(baseJob, water, {})).toThrow(QmInputError);
    expect(() => orcaAdapter.render(baseJob, water, {})).toThrow(orcaMissingReason.en);
    expect(orcaMissingReason.zh).toBe('未配置 ORCA：请管理员设置 ORCA_PATH 指向已授权的 ORCA 安装');
    expect(() => orcaAdapter.render(baseJob, water, { orcaPath: 'orca' })).toThrow(/absolute/);
  });
});

describe('orca unsupported', () => {
  it('accepts ordinary jobs', () => expect(orcaAdapter.unsupported(baseJob)).toBeNull());
  it('refuses CSGT and IGLO-II shieldings (ORCA has GIAO only)', () => {
    expect(orcaAdapter.unsupported({ ...baseJob, properties: { ...baseJob.properties, nmr: 'CSGT' } })?.zh).toContain('GIAO');
    expect(orcaAdapter.unsupported({ ...baseJob, properties: { ...baseJob.properties, nmr: 'IGLO-II' } })?.en).toContain('GIAO only');
  });
  it('refuses semi-empirical methods, UV-Vis without HF/DFT and CCSD(T) optimisations', () => {
    expect(orcaAdapter.unsupported({ ...baseJob, method: 'GFN2-xTB' })).not.toBeNull();
    expect(orcaAdapter.unsupported({ ...baseJob, method: 'MP2', properties: { ...baseJob.properties, uvvis: { nroots: 5 } } })).not.toBeNull();
    expect(orcaAdapter.unsupported({ ...baseJob, method: 'CCSD(T)', task: 'Opt' })).not.toBeNull();
    expect(orcaAdapter.unsupported({ ...baseJob, method: 'CCSD(T)' })).toBeNull();
  });
});
