/**
 * Thermochemistry and normal modes read from real engine outputs in test-fixtures (xtb 6.5.1,
 * NWChem 7.0.2, MOPAC 22.0.6 runs made here; ORCA 6.0 from cclib's divinylbenzene IR run).
 * Expected values are the engines' own printed numbers; derived ones are checked against
 * G = H − T·S by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HARTREE_TO_KCAL_PER_MOL } from '../result.ts';
import { parseMopac } from './mopac/parse.ts';
import { parseNwchem } from './nwchem/parse.ts';
import { parseOrcaOutput } from './orca/parse.ts';
import { fixture } from './test-support.ts';
import { parseXtb } from './xtb/parse.ts';

const CAL_PER_HARTREE = HARTREE_TO_KCAL_PER_MOL * 1000;
/** Engines print "-0.00"; compare vectors by value, without the sign of zero. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('xtb --ohess (water, GFN2-xTB)', () => {
  const files = fixture('xtb', 'water_gfn2_ohess_modes');
  const r = parseXtb(files['xtb.out']!, files);

  it('reads the thermodynamic block as printed, nothing derived', () => {
    expect(r.thermochemistry).toEqual({
      temperature: 298.15,
      pressure: 1,
      zpe: 0.020125046264,
      enthalpy_correction: 0.0239061,
      gibbs_correction: 0.002507096514,
      enthalpy: -5.046638309549,
      gibbs: -5.068037277875,
      entropy: 45.0379,
      heat_capacity: { kind: 'Cp', value: 8.0143 },
      derived: [],
    });
  });

  it('pairs each vibration of vibspectrum with its g98.out displacements and orientation', () => {
    expect(r.frequencies?.map((f) => f.frequency)).toEqual([1539.19, 3643.02, 3651.66]);
    // Bend: both H move towards each other (opposite y), O along +z; antisymmetric stretch last.
    expect(plain(r.frequencies?.[0]?.displacement)).toEqual([[0, 0, 0.28], [0, -0.4, -0.55], [0, 0.4, -0.55]]);
    expect(plain(r.frequencies?.[2]?.displacement?.[0])).toEqual([0, -0.27, 0]);
    expect(r.vibration_geometry?.map((a) => a.element)).toEqual(['O', 'H', 'H']);
    expect(r.vibration_geometry?.[1]?.y).toBeCloseTo(0.772495, 6);
  });

  it('leaves the modes without vectors when g98.out is missing', () => {
    const { ['g98.out']: _g98, ...withoutModes } = files;
    expect(parseXtb(files['xtb.out']!, withoutModes).frequencies?.[0]?.displacement).toBeUndefined();
  });
});

describe('NWChem freq (formaldehyde, RHF/STO-3G)', () => {
  const r = parseNwchem(fixture('nwchem', 'formaldehyde_hf_sto3g_optfreq')['nwchem.out']!);

  it('reads ZPE, H correction, S and Cv, and derives G = H − T·S', () => {
    const t = r.thermochemistry!;
    expect(t).toMatchObject({ temperature: 298.15, pressure: 1, zpe: 0.03117, enthalpy_correction: 0.034967, entropy: 53.561, heat_capacity: { kind: 'Cv', value: 6.261 } });
    expect(t.derived).toEqual(['gibbs_correction', 'enthalpy', 'gibbs']);
    expect(t.gibbs_correction).toBeCloseTo(0.034967 - (298.15 * 53.561) / CAL_PER_HARTREE, 9);
    expect(t.enthalpy).toBeCloseTo(r.final_energy! + 0.034967, 9);
    expect(t.gibbs).toBeCloseTo(r.final_energy! + t.gibbs_correction, 9);
  });

  it('reads the projected Cartesian eigenvectors of the six vibrations', () => {
    expect(r.frequencies).toHaveLength(6);
    expect(r.frequencies?.every((f) => f.displacement?.length === 4)).toBe(true);
    // 1278 cm⁻¹ is the out-of-plane wag: every atom moves along x only.
    expect(plain(r.frequencies?.[0]?.displacement)).toEqual([[-0.03671, 0, 0], [0.14881, 0, 0], [-0.59463, 0, 0], [-0.59463, 0, 0]]);
    expect(plain(r.frequencies?.[5]?.displacement?.[3])).toEqual([0, -0.55912, -0.36246]);
  });
});

describe('MOPAC FORCE THERMO (formaldehyde, PM3)', () => {
  const r = parseMopac(fixture('mopac', 'formaldehyde_pm3_optfreq')['mol.out']!);

  it('converts the kcal/cal table to Eh and adds the ZPE MOPAC leaves out of H', () => {
    const t = r.thermochemistry!;
    expect(t.temperature).toBe(298);
    expect(t.zpe * HARTREE_TO_KCAL_PER_MOL).toBeCloseTo(16.391, 6);
    expect(t.enthalpy_correction * HARTREE_TO_KCAL_PER_MOL).toBeCloseTo(16.391 + 2.4098328, 6);
    expect(t.entropy).toBe(52.2662);
    expect(t.heat_capacity).toEqual({ kind: 'Cp', value: 8.7034 });
    expect(t.gibbs_correction).toBeCloseTo(t.enthalpy_correction - (298 * 52.2662) / CAL_PER_HARTREE, 9);
    expect(t.derived).toEqual(['enthalpy_correction', 'gibbs_correction', 'enthalpy', 'gibbs']);
  });

  it('reads the normal coordinates in the force calculation orientation', () => {
    expect(r.vibration_geometry?.map((a) => [a.element, a.x])).toEqual([['O', -0.6002], ['C', 0.602], ['H', 1.1768], ['H', 1.1768]]);
    expect(r.frequencies?.map((f) => f.displacement?.length)).toEqual([4, 4, 4, 4, 4, 4]);
    // 1986.8 cm⁻¹ is the C=O stretch: O and C move against each other along the C–O axis (x here).
    expect(plain(r.frequencies?.[3])).toMatchObject({ frequency: 1986.77, displacement: [[-0.2368, 0, 0], [0.3047, 0, 0], [0.0641, 0.2201, 0], [0.0641, -0.2201, 0]] });
  });
});

describe('ORCA thermochemistry (divinylbenzene IR run)', () => {
  const output = readFileSync(new URL('../../test-fixtures/orca/orca6-dvb_ir.excerpt.out', import.meta.url), 'utf8');
  const t = parseOrcaOutput(output).thermochemistry!;

  it('reads ZPE, H, T·S and G as printed and derives S and H_corr', () => {
    expect(t).toMatchObject({ temperature: 298.15, pressure: 1, zpe: 0.17701463, enthalpy: -381.86823509, gibbs: -381.91114546, gibbs_correction: 0.14396165, heat_capacity: null });
    expect(t.derived).toEqual(['enthalpy_correction', 'entropy']);
    expect(t.enthalpy_correction).toBeCloseTo(-381.86823509 - -382.05510711, 8);
    expect(t.entropy).toBeCloseTo((0.04291036 / 298.15) * CAL_PER_HARTREE, 6);
  });

  it('has no thermochemistry for a run without frequencies', () => {
    const sp = readFileSync(new URL('../../test-fixtures/orca/orca5-dvb_sp.excerpt.out', import.meta.url), 'utf8');
    expect(parseOrcaOutput(sp).thermochemistry).toBeNull();
  });
});
