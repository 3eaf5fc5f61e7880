import { describe, expect, it } from 'vitest';
import { irRange, irSpectrum, lorentzian, orbitalWindow, orderedRange, uvRange, uvSpectrum, type Point } from './spectra.ts';

const peakOf = (curve: Point[]): Point => curve.reduce((best, p) => (p[1] > best[1] ? p : best));
/** Trapezoidal area under a sampled curve. */
const area = (curve: Point[]): number => curve.slice(1).reduce((sum, p, i) => sum + ((p[1] + curve[i]![1]) / 2) * (p[0] - curve[i]![0]), 0);

describe('IR (Lorentzian)', () => {
  it('peaks at the band with the stick height and integrates to I·π·γ', () => {
    const curve = lorentzian([{ x: 1700, y: 250 }], 20, { min: 0, max: 4000 }, 40_001);
    const [x, y] = peakOf(curve);
    expect(x).toBeCloseTo(1700, 6);
    expect(y).toBeCloseTo(250, 6);
    // The tails beyond the window hold 2γ/π·(1/1700 + 1/2300) of the area, about 0.3 %.
    expect(area(curve) / (250 * Math.PI * 10)).toBeCloseTo(1, 2);
  });

  it('keeps real modes in the window as sticks and lists imaginary ones apart', () => {
    const ir = irSpectrum([
      { frequency: -120.5, intensity: 3 },
      { frequency: 1595, intensity: 70 },
      { frequency: 3650, intensity: 4 },
      { frequency: 5000, intensity: 9 },
    ]);
    expect(ir.sticks).toEqual([
      { x: 1595, y: 70 },
      { x: 3650, y: 4 },
    ]);
    expect(ir.imaginary).toEqual([-120.5]);
    expect(ir.intensitiesMissing).toBe(false);
    expect(ir.curve[0]![0]).toBe(400);
    expect(ir.curve.at(-1)![0]).toBe(4000);
    expect(peakOf(ir.curve)[1]).toBeCloseTo(70, 0);
  });

  it('draws unit sticks when the engine gave no intensities (MOPAC)', () => {
    const ir = irSpectrum([
      { frequency: 1600, intensity: null },
      { frequency: 3500, intensity: null },
    ]);
    expect(ir.intensitiesMissing).toBe(true);
    expect(ir.sticks.map((s) => s.y)).toEqual([1, 1]);
  });

  it("accepts a reversed window (the job's IR range written high to low)", () => {
    expect(orderedRange({ min: 3000, max: 500 })).toEqual({ min: 500, max: 3000 });
    expect(irSpectrum([{ frequency: 1000, intensity: 1 }], { min: 3000, max: 500 }).range).toEqual({ min: 500, max: 3000 });
    expect(orderedRange({ min: 5, max: 5 })).toBeNull();
  });

  it('widens the default window to keep every real mode', () => {
    expect(irRange([])).toEqual({ min: 400, max: 4000 });
    expect(irRange([{ frequency: -300 }, { frequency: 1600 }])).toEqual({ min: 400, max: 4000 });
    expect(irRange([{ frequency: 160 }, { frequency: 3990.2 }])).toEqual({ min: 0, max: 4100 });
  });

  it('is empty without modes', () => {
    const ir = irSpectrum([]);
    expect(ir.sticks).toEqual([]);
    expect(ir.curve).toEqual([]);
    expect(ir.intensitiesMissing).toBe(false);
    expect(lorentzian([{ x: 1, y: 1 }], 0, { min: 0, max: 10 })).toEqual([]);
  });
});

describe('UV-Vis (Gaussian in energy)', () => {
  it('peaks at the excitation wavelength with the oscillator strength', () => {
    const uv = uvSpectrum([{ energy_ev: 1239.84198 / 250, wavelength_nm: 250, oscillator: 0.3 }], 0.4, { min: 150, max: 500 }, 3501);
    const [x, y] = peakOf(uv.curve);
    expect(x).toBeCloseTo(250, 0);
    expect(y).toBeCloseTo(0.3, 4);
    expect(uv.sticks).toEqual([{ x: 250, y: 0.3 }]);
  });

  it('adds overlapping bands and picks a window around them', () => {
    const ex = [
      { energy_ev: 5, wavelength_nm: 247.97, oscillator: 0.1 },
      { energy_ev: 5.05, wavelength_nm: 245.51, oscillator: 0.1 },
    ];
    const uv = uvSpectrum(ex);
    expect(uv.range).toEqual({ min: 190, max: 350 });
    expect(peakOf(uv.curve)[1]).toBeGreaterThan(0.19);
  });

  it('is empty without excitations', () => {
    expect(uvSpectrum([]).curve).toEqual([]);
    expect(uvRange([])).toEqual({ min: 200, max: 800 });
  });
});

describe('orbital levels', () => {
  const water = [-520, -25.1, -13.2, -9.6, -7.4, 1.9, 4.1, 9.0, 12.5].map((energy, i) => ({ energy, occupation: i < 5 ? 2 : 0 }));

  it('takes the levels around the gap, HOMO and LUMO labelled, gap in eV', () => {
    const w = orbitalWindow(water, 4);
    expect(w.levels.map((l) => l.label)).toEqual(['HOMO-1', 'HOMO', 'LUMO', 'LUMO+1']);
    expect(w.homo?.energy).toBe(-7.4);
    expect(w.lumo?.energy).toBe(1.9);
    expect(w.gap).toBeCloseTo(9.3, 10);
  });

  it('fills from the other side when one side runs short', () => {
    const w = orbitalWindow(water, 10);
    expect(w.levels).toHaveLength(9);
    expect(w.levels[0]!.label).toBe('HOMO-4');
    const few = orbitalWindow(water.slice(0, 6), 4);
    expect(few.levels.map((l) => l.label)).toEqual(['HOMO-2', 'HOMO-1', 'HOMO', 'LUMO']);
  });

  it('is empty without orbitals and has no gap without virtuals', () => {
    expect(orbitalWindow([])).toEqual({ levels: [], homo: null, lumo: null, gap: null });
    const occupiedOnly = orbitalWindow(water.slice(0, 5), 4);
    expect(occupiedOnly.lumo).toBeNull();
    expect(occupiedOnly.gap).toBeNull();
  });
});
