import { describe, expect, it } from 'vitest';
import { BASE_JOB, WATER, fixture } from '../test-support.ts';
import { parseMopac } from './parse.ts';
import { mopacUnsupported, renderMopac } from './render.ts';

const PM3 = { ...BASE_JOB, method: 'PM3' as const, basis: undefined };

describe('MOPAC input', () => {
  it('renders a water PM3 single point exactly', () => {
    const rendered = renderMopac(PM3, WATER, {});
    expect(rendered).toMatchObject({ argv: ['mopac', 'mol.mop'], output: 'mol.out', engineWritesOutput: true });
    expect(rendered.files['mol.mop']).toBe(
      [
        'PM3 CHARGE=0 SINGLET PRECISE MULLIK ENPART THREADS=2 1SCF',
        'water',
        '',
        'O  0.00000000 1 -0.07579184 1 0.00000000 1',
        'H  0.86681183 1 0.60143578 1 0.00000000 1',
        'H  -0.86681183 1 0.60143578 1 0.00000000 1',
        '',
      ].join('\n'),
    );
  });

  it('renders OptFreq as an optimisation followed by FORCE on the optimised geometry, with COSMO and UHF', () => {
    const text = renderMopac({ ...PM3, method: 'PM7', task: 'OptFreq', solvent: 'Water', multiplicity: 3 }, WATER, {}).files['mol.mop']!;
    expect(text.split('\n')[0]).toBe('PM7 CHARGE=0 UHF TRIPLET EPS=78.39 PRECISE MULLIK ENPART THREADS=2');
    expect(text).toContain('\nPM7 CHARGE=0 UHF TRIPLET EPS=78.39 PRECISE MULLIK ENPART THREADS=2 FORCE OLDGEO THERMO(298,298)\nwater frequencies\n');
    expect(renderMopac({ ...PM3, task: 'Freq' }, WATER, {}).files['mol.mop']!.split('\n')[0]).toMatch(/ FORCE LET THERMO\(298,298\)$/);
  });

  it('refuses NMR and UV-Vis', () => {
    expect(mopacUnsupported(PM3)).toBeNull();
    expect(mopacUnsupported({ ...PM3, properties: { ...PM3.properties, nmr: 'GIAO' } })?.zh).toMatch(/NMR/);
    expect(mopacUnsupported({ ...PM3, properties: { ...PM3.properties, uvvis: { nroots: 2 } } })?.en).toMatch(/UV-Vis/);
  });
});

describe('MOPAC output (real MOPAC 22.0.6 runs in test-fixtures/mopac)', () => {
  it('reads a PM3 optimisation', () => {
    const r = parseMopac(fixture('mopac', 'water_pm3_opt')['mol.out']!);
    expect(r.engineVersion).toBe('22.0.6');
    expect(r.heat_of_formation).toBe(-53.43301);
    expect(r.final_energy).toBeCloseTo(-11.940127, 6);
    expect(r.optimized).toBe(true);
    expect(r.geometry[1]).toMatchObject({ element: 'H', x: 0.767842248, y: 0.524058476 });
    expect(r.orbitals).toMatchObject({ homo: -12.317, lumo: 4.06 });
    expect(r.orbitals?.energies.filter((o) => o.occupation === 2)).toHaveLength(4);
    expect(r.dipole).toMatchObject({ y: 1.739, total: 1.739 });
    expect(r.mulliken?.map((m) => m.charge)).toEqual([-0.374405, 0.187203, 0.187203]);
    expect(r.frequencies).toBeNull();
  });

  it('reads the FORCE vibrations after an optimisation', () => {
    const r = parseMopac(fixture('mopac', 'formaldehyde_pm3_optfreq')['mol.out']!);
    expect(r.heat_of_formation).toBe(-34.10146);
    expect(r.geometry).toHaveLength(4);
    expect(r.frequencies?.map((f) => f.frequency)).toEqual([1069.3, 1097.97, 1287.97, 1986.77, 2998.34, 3025.3]);
    expect(r.imaginary_count).toBe(0);
  });
});
