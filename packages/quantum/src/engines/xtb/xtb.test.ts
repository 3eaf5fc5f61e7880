import { describe, expect, it } from 'vitest';
import { BASE_JOB, WATER, fixture } from '../test-support.ts';
import { parseXtb } from './parse.ts';
import { renderXtb, xtbLevel, xtbUnsupported } from './render.ts';

const GFN2 = { ...BASE_JOB, method: 'GFN2-xTB' as const, basis: undefined };

describe('xtb input', () => {
  it('renders a water OptFreq run in water (ALPB)', () => {
    const rendered = renderXtb({ ...GFN2, task: 'OptFreq', solvent: 'Water', charge: -1, multiplicity: 2 }, WATER, {});
    expect(rendered.argv.slice(4)).toEqual(['xtb', 'mol.xyz', '--gfn', '2', '--ohess', '--chrg', '-1', '--uhf', '1', '--alpb', 'water', '-P', '2']);
    expect(rendered.argv.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(rendered.env).toEqual({ OMP_NUM_THREADS: '2', OMP_STACKSIZE: '1G', OMP_MAX_ACTIVE_LEVELS: '1' });
    expect(rendered.output).toBe('xtb.out');
    expect(rendered.files['mol.xyz']).toBe(
      '3\nCrawford Project #3\nO      0.00000000    -0.07579184     0.00000000\nH      0.86681183     0.60143578     0.00000000\nH     -0.86681183     0.60143578     0.00000000\n',
    );
  });

  it('labels the level honestly and refuses NMR, UV-Vis and other methods', () => {
    expect(xtbLevel({ ...GFN2, solvent: 'DiethylEther' })).toBe('GFN2-xTB/ALPB(ether)');
    expect(xtbUnsupported(GFN2)).toBeNull();
    expect(xtbUnsupported({ ...GFN2, properties: { ...GFN2.properties, nmr: 'GIAO' } })?.zh).toMatch(/NMR/);
    expect(xtbUnsupported({ ...GFN2, properties: { ...GFN2.properties, uvvis: { nroots: 3 } } })?.en).toMatch(/UV-Vis/);
    expect(xtbUnsupported({ ...BASE_JOB, method: 'B3LYP' })).not.toBeNull();
  });
});

describe('xtb output (real xtb 6.5.1 runs in test-fixtures/xtb)', () => {
  it('reads an optimisation + Hessian with side files', () => {
    const files = fixture('xtb', 'water_gfn2_optfreq');
    const r = parseXtb(files['xtb.out']!, files);
    expect(r.engineVersion).toBe('6.5.1');
    expect(r.level).toBe('GFN2-xTB');
    expect(r.final_energy).toBeCloseTo(-5.070544447492, 9);
    expect(r.optimized).toBe(true);
    expect(r.geometry[1]?.x).toBeCloseTo(0.77217248, 6);
    expect(r.orbitals).toMatchObject({ homo: -12.1468, lumo: 2.2436 });
    expect(r.orbitals?.gap).toBeCloseTo(14.3904, 4);
    expect(r.dipole?.total).toBe(2.217);
    expect(r.mulliken?.map((m) => m.charge)).toEqual([-0.56471283, 0.28235641, 0.28235641]);
    expect(r.frequencies).toEqual([
      { frequency: 1539.58, intensity: 133.54376 },
      { frequency: 3643.92, intensity: 6.66191 },
      { frequency: 3652.24, intensity: 16.74961 },
    ]);
    expect(r.imaginary_count).toBe(0);
    expect(r.seconds).toBeGreaterThan(0);
  });

  it('reads a solvated optimisation without a Hessian', () => {
    const files = fixture('xtb', 'formaldehyde_gfn2_opt_alpb');
    const r = parseXtb(files['xtb.out']!, files);
    expect(r.final_energy).toBeCloseTo(-7.176909230804, 9);
    expect(r.frequencies).toBeNull();
    expect(r.mulliken).toHaveLength(4);
  });

  it('rejects an abnormal output', () => {
    expect(() => parseXtb('abnormal termination of xtb\n')).toThrow(/没有找到总能量/);
  });
});
