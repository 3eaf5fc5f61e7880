import { describe, expect, it } from 'vitest';
import type { Thermochemistry } from '@yunyao/quantum';
import { modeRows, thermoRows, vibrationXyz } from './vibrations.ts';

const WATER = [
  { element: 'O', x: 0, y: 0, z: 0.105 },
  { element: 'H', x: 0, y: 0.772, z: -0.463 },
  { element: 'H', x: 0, y: -0.772, z: -0.463 },
];

describe('vibrationXyz', () => {
  it('writes 3Dmol.js vibration columns scaled so the largest motion is 0.6 Å', () => {
    const lines = vibrationXyz(WATER, [[0, 0, 0.28], [0, -0.4, -0.55], [0, 0.4, -0.55]]).trim().split('\n');
    expect(lines[0]).toBe('3');
    const h = lines[3]!.split(' ').map(Number);
    expect(lines[3]!.split(' ')[0]).toBe('H');
    expect(Math.hypot(h[4]!, h[5]!, h[6]!)).toBeCloseTo(0.6, 4);
    expect(h.slice(1, 4)).toEqual([0, 0.772, -0.463]);
  });
});

describe('modeRows', () => {
  it('flags imaginary modes and modes without a vector for every atom', () => {
    const rows = modeRows(
      [
        { frequency: -120.5, intensity: 3, displacement: [[0, 0, 1], [0, 1, 0], [1, 0, 0]] },
        { frequency: 1540, intensity: null },
      ],
      3,
    );
    expect(rows).toEqual([
      { mode: 1, frequency: -120.5, intensity: 3, imaginary: true, animatable: true },
      { mode: 2, frequency: 1540, intensity: null, imaginary: false, animatable: false },
    ]);
  });
});

describe('thermoRows', () => {
  it('gives each energy in Eh and kcal/mol and marks the derived ones, leaving out unknown totals', () => {
    const thermo: Thermochemistry = {
      temperature: 298.15, pressure: 1, zpe: 0.0201293, enthalpy_correction: 0.0239103, gibbs_correction: 0.0025112,
      enthalpy: null, gibbs: null, entropy: 45.04, heat_capacity: null, derived: ['gibbs_correction'],
    };
    const rows = thermoRows(thermo);
    expect(rows.map((r) => r.key)).toEqual(['zpe', 'enthalpy_correction', 'gibbs_correction']);
    expect(rows[0]!.kcal).toBeCloseTo(12.631, 3);
    const withTotals = thermoRows({ ...thermo, enthalpy: -5.0466341, gibbs: -5.0680332 });
    expect(withTotals.map((r) => [r.key, r.kcal === null])).toEqual([['zpe', false], ['enthalpy_correction', false], ['gibbs_correction', false], ['enthalpy', true], ['gibbs', true]]);
    expect(rows.map((r) => r.derived)).toEqual([false, false, true]);
  });
});
