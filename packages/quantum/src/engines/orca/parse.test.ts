import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { qmMoleculeResultSchema } from '../../result.ts';
import { parseOrcaOutput } from './parse.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../test-fixtures/orca/${name}`, import.meta.url), 'utf8');

describe('ORCA 6 frequency run (cclib dvb_ir)', () => {
  const parsed = parseOrcaOutput(fixture('orca6-dvb_ir.excerpt.out'));

  it('fits the common result schema', () => {
    expect(() => qmMoleculeResultSchema.parse({ ...parsed, name: 'dvb', input: '', status: 'ok' })).not.toThrow();
  });

  it('reads level, energy, geometry and run time', () => {
    expect(parsed.level).toBe('B3LYP/STO-3G');
    expect(parsed.final_energy).toBe(-382.055107107616);
    expect(parsed.optimized).toBe(false);
    expect(parsed.geometry).toHaveLength(20);
    expect(parsed.geometry[0]).toEqual({ element: 'C', x: -1.415253, y: 0.230222, z: 0 });
    expect(parsed.seconds).toBeCloseTo(50.462, 6);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads orbital energies in eV with HOMO, LUMO and gap', () => {
    expect(parsed.orbitals?.energies).toHaveLength(46);
    expect(parsed.orbitals?.homo).toBe(-4.0663);
    expect(parsed.orbitals?.lumo).toBe(1.1184);
    expect(parsed.orbitals?.gap).toBeCloseTo(5.1847, 6);
  });

  it('reads Mulliken charges numbered from 1', () => {
    expect(parsed.mulliken).toHaveLength(20);
    expect(parsed.mulliken?.[0]).toEqual({ index: 1, element: 'C', charge: -0.004143 });
    expect(parsed.mulliken?.[19]).toEqual({ index: 20, element: 'H', charge: 0.079074 });
  });

  it('reads the dipole (zero by symmetry)', () => {
    expect(parsed.dipole?.total).toBe(0);
    expect(Math.abs(parsed.dipole!.x)).toBe(0);
  });

  it('reads 54 vibrations without the zero modes, with ORCA 6 IR intensities in km/mol', () => {
    expect(parsed.frequencies).toHaveLength(54);
    expect(parsed.frequencies?.[0]).toEqual({ frequency: 43.87, intensity: 0.03 });
    expect(parsed.frequencies?.[44]).toEqual({ frequency: 3394.1, intensity: 97.1 });
    expect(parsed.frequencies?.[53]).toEqual({ frequency: 3546.41, intensity: 0 });
    expect(parsed.imaginary_count).toBe(0);
    expect(parsed.excitations).toBeNull();
    expect(parsed.nmr).toBeNull();
  });
});

describe('ORCA 6 TD-DFT (cclib dvb_td)', () => {
  const parsed = parseOrcaOutput(fixture('orca6-dvb_td.excerpt.out'));

  it('reads the version and the spin-allowed states from the eV column', () => {
    expect(parsed.engineVersion).toBe('6.0.0');
    expect(parsed.excitations).toHaveLength(5);
    expect(parsed.excitations?.[1]).toEqual({ energy_ev: 5.731321, wavelength_nm: 216.3, oscillator: 1.170940055 });
    expect(parsed.excitations?.[0]?.energy_ev).toBe(5.352154);
  });
});

describe('ORCA 5 TD-DFT (cclib dvb_td)', () => {
  const parsed = parseOrcaOutput(fixture('orca5-dvb_td.excerpt.out'));

  it('converts cm⁻¹ to eV, drops spin-forbidden rows and reads the velocity-free table only', () => {
    expect(parsed.excitations).toHaveLength(5);
    expect(parsed.excitations?.[1]?.oscillator).toBe(1.171011871);
    expect(parsed.excitations?.[1]?.wavelength_nm).toBe(216.3);
    expect(parsed.excitations?.[0]?.energy_ev).toBeCloseTo(5.352, 3);
  });

  it('reads the CIS total energy as the final energy and the ORCA 5 dipole block', () => {
    expect(parsed.final_energy).toBe(-381.858426608871);
    expect(parsed.dipole?.total).toBe(0);
    expect(parsed.warnings[0]).toContain('did not terminate normally');
  });
});

describe('ORCA 5 banner (cclib dvb_sp)', () => {
  it('reads the version and level', () => {
    const parsed = parseOrcaOutput(fixture('orca5-dvb_sp.excerpt.out'));
    expect(parsed.engineVersion).toBe('5.0.0');
    expect(parsed.level).toBe('B3LYP/STO-3G');
    expect(parsed.orbitals).toBeNull();
  });
});

describe('ORCA 6 NMR (cclib dvb_nmr)', () => {
  const parsed = parseOrcaOutput(fixture('orca6-dvb_nmr.excerpt.out'));

  it('reads the shielding summary', () => {
    expect(parsed.engineVersion).toBe('6.0.1');
    expect(parsed.nmr).toHaveLength(20);
    expect(parsed.nmr?.[0]).toEqual({ index: 1, element: 'C', isotropic: 114.398, anisotropy: 147.504 });
    expect(parsed.nmr?.[19]).toEqual({ index: 20, element: 'H', isotropic: 27.108, anisotropy: 5.222 });
  });
});

describe('ORCA 6 optimisation (cclib dvb_gopt)', () => {
  const parsed = parseOrcaOutput(fixture('orca6-dvb_gopt.excerpt.out'));

  it('takes the structure of the final evaluation at the stationary point, not the first cycle', () => {
    expect(parsed.optimized).toBe(true);
    expect(parsed.level).toBe('B3LYP/STO-3G');
    expect(parsed.geometry).toHaveLength(20);
    expect(parsed.geometry[0]).toEqual({ element: 'C', x: -1.417709, y: 0.228462, z: 0 });
    expect(parsed.geometry[19]).toEqual({ element: 'H', x: -4.934323, y: -0.067378, z: 0 });
    expect(parsed.final_energy).toBe(-382.055133399486);
    expect(parsed.dipole?.total).toBe(0);
    expect(parsed.seconds).toBeCloseTo(52.153, 6);
    expect(parsed.warnings).toEqual([]);
  });
});

describe('ORCA 5 open-shell UKS cation (cclib dvb_sp_un)', () => {
  const parsed = parseOrcaOutput(fixture('orca5-dvb_sp_un.excerpt.out'));

  it('reads the alpha (SPIN UP) orbitals: the singly occupied orbital is the HOMO', () => {
    expect(parsed.engineVersion).toBe('5.0.0');
    expect(parsed.level).toBe('B3LYP/STO-3G');
    expect(parsed.orbitals?.energies).toHaveLength(60);
    expect(parsed.orbitals?.homo).toBe(-9.965);
    expect(parsed.orbitals?.lumo).toBe(-4.7322);
    expect(parsed.orbitals?.gap).toBeCloseTo(5.2328, 6);
  });

  it('reads Mulliken charges, not spin populations, and the energy', () => {
    expect(parsed.mulliken).toHaveLength(20);
    expect(parsed.mulliken?.[0]).toEqual({ index: 1, element: 'C', charge: 0.055869 });
    expect(parsed.mulliken?.[14]).toEqual({ index: 15, element: 'C', charge: -0.076455 });
    expect(parsed.mulliken!.reduce((sum, atom) => sum + atom.charge, 0)).toBeCloseTo(1, 5);
    expect(parsed.final_energy).toBe(-381.831981252255);
    expect(parsed.warnings).toEqual([]);
  });
});

// Hand-made snippet (not a real output) for the imaginary-mode warning: the real outputs above have no imaginary mode.
describe('imaginary modes after an optimisation (hand-made snippet)', () => {
  it('counts them and warns that the structure is not a minimum', () => {
    const text = [
      '                    ***        THE OPTIMIZATION HAS CONVERGED     ***',
      'CARTESIAN COORDINATES (ANGSTROEM)',
      '---------------------------------',
      '  H      0.000000    0.000000    0.000000',
      '  H      0.000000    0.000000    0.741000',
      '',
      'VIBRATIONAL FREQUENCIES',
      '-----------------------',
      '',
      '     5:       0.00 cm**-1',
      '     6:     -12.50 cm**-1 ***imaginary mode***',
      '',
      '                             ****ORCA TERMINATED NORMALLY****',
    ].join('\n');
    const parsed = parseOrcaOutput(text);
    expect(parsed.frequencies).toEqual([{ frequency: -12.5, intensity: null }]);
    expect(parsed.imaginary_count).toBe(1);
    expect(parsed.warnings[0]).toContain('虚频');
  });
});
