import { HARTREE_TO_KCAL_PER_MOL, type QmMoleculeResult, type Thermochemistry, type Vibration } from '@yunyao/quantum';

/** Largest atom motion drawn at amplitude 1, Å: engines normalise modes differently (unit vector, 1 Å total, mass-weighted). */
const DRAWN_MAX_DISPLACEMENT = 0.6;

/**
 * XYZ text with each atom's displacement as columns 5–7, the form 3Dmol.js reads for `vibrate`.
 * The mode is rescaled so its largest atom motion is DRAWN_MAX_DISPLACEMENT Å, whatever the engine's normalisation.
 */
export function vibrationXyz(atoms: QmMoleculeResult['geometry'], displacement: NonNullable<Vibration['displacement']>): string {
  const largest = Math.max(...displacement.map((d) => Math.hypot(...d)), 1e-9);
  const scale = DRAWN_MAX_DISPLACEMENT / largest;
  const lines = atoms.map((a, i) => {
    const d = displacement[i] ?? [0, 0, 0];
    return [a.element, a.x, a.y, a.z, d[0] * scale, d[1] * scale, d[2] * scale].map((v) => (typeof v === 'number' ? v.toFixed(5) : v)).join(' ');
  });
  return [String(atoms.length), 'normal mode', ...lines, ''].join('\n');
}

export interface ModeRow {
  /** 1-based, in the engine's order (lowest wavenumber first). */
  mode: number;
  frequency: number;
  intensity: number | null;
  imaginary: boolean;
  animatable: boolean;
}

export function modeRows(frequencies: readonly Vibration[], atomCount: number): ModeRow[] {
  return frequencies.map((f, i) => ({
    mode: i + 1,
    frequency: f.frequency,
    intensity: f.intensity,
    imaginary: f.frequency < 0,
    animatable: f.displacement?.length === atomCount,
  }));
}

export type ThermoKey = 'zpe' | 'enthalpy_correction' | 'gibbs_correction' | 'enthalpy' | 'gibbs';

export interface ThermoRow {
  key: ThermoKey;
  hartree: number;
  /** Corrections only: a total energy in kcal/mol is a meaningless large number, only differences of totals are compared. */
  kcal: number | null;
  derived: boolean;
}

const CORRECTIONS: readonly ThermoKey[] = ['zpe', 'enthalpy_correction', 'gibbs_correction'];
const ENERGY_ROWS: readonly ThermoKey[] = [...CORRECTIONS, 'enthalpy', 'gibbs'];

/** The energy rows of the thermochemistry table, in Eh (and kcal/mol for corrections); totals only where the electronic energy is known. */
export function thermoRows(t: Thermochemistry): ThermoRow[] {
  return ENERGY_ROWS.flatMap((key) => {
    const hartree = t[key];
    if (hartree === null) return [];
    return [{ key, hartree, kcal: CORRECTIONS.includes(key) ? hartree * HARTREE_TO_KCAL_PER_MOL : null, derived: t.derived.includes(key) }];
  });
}
