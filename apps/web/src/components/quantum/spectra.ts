/**
 * The quantum result view's pure math: broadened IR and UV-Vis spectra from the engine's
 * sticks, and the orbital levels shown around the HOMO–LUMO gap. Nothing here draws.
 *
 * Both broadenings are height-normalised: an isolated band peaks at its stick's value, so
 * the sticks and the envelope share one axis (overlapping bands add up).
 */
import { EV_TO_NM } from '@yunyao/quantum';

export type Point = [x: number, y: number];

export interface Stick {
  x: number;
  y: number;
}

export interface Range {
  min: number;
  max: number;
}

/** Default IR window (mid-IR) and line width. */
export const IR_RANGE: Range = { min: 400, max: 4000 };
export const IR_FWHM_CM = 20;
/** UV-Vis Gaussian width (standard deviation) in energy. */
export const UV_SIGMA_EV = 0.4;
const DEFAULT_POINTS = 800;

/** A range with min < max whichever way it was given; null for an empty or non-finite one. */
export function orderedRange(range: Range): Range | null {
  const { min, max } = range;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min === max) return null;
  return min < max ? { min, max } : { min: max, max: min };
}

function grid(range: Range, points: number): number[] {
  const n = Math.max(2, Math.floor(points));
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? range.max : range.min + ((range.max - range.min) * i) / (n - 1)));
}

/**
 * Σ yᵢ·γ² / ((x − xᵢ)² + γ²), γ = FWHM / 2: each band peaks at yᵢ and has area yᵢ·π·γ.
 * The band centres inside the range are sampled too, so a drawn peak is never clipped.
 */
export function lorentzian(sticks: readonly Stick[], fwhm: number, range: Range, points = DEFAULT_POINTS): Point[] {
  const ordered = orderedRange(range);
  if (!ordered || sticks.length === 0 || !(fwhm > 0)) return [];
  const g2 = (fwhm / 2) ** 2;
  const centres = sticks.map((s) => s.x).filter((x) => x > ordered.min && x < ordered.max);
  const xs = [...new Set([...grid(ordered, points), ...centres])].sort((a, b) => a - b);
  return xs.map((x) => [x, sticks.reduce((sum, s) => sum + (s.y * g2) / ((x - s.x) ** 2 + g2), 0)]);
}

/** Σ fᵢ·exp(−(E − Eᵢ)² / 2σ²) over energies (eV); each band peaks at fᵢ and has area fᵢ·σ·√(2π) in eV. */
export function gaussianEv(sticks: readonly Stick[], sigmaEv: number, energyEv: number): number {
  const s2 = 2 * sigmaEv * sigmaEv;
  return sticks.reduce((sum, s) => sum + s.y * Math.exp(-((energyEv - s.x) ** 2) / s2), 0);
}

/**
 * The IR window when the job names none: mid-IR (400–4000 cm⁻¹), widened in steps of
 * 100 cm⁻¹ to keep every real mode (semi-empirical O–H stretches land near 4000) with room for its band.
 */
export function irRange(frequencies: readonly { frequency: number }[]): Range {
  const real = frequencies.map((f) => f.frequency).filter((f) => f > 0);
  if (real.length === 0) return IR_RANGE;
  return {
    min: Math.max(0, Math.min(IR_RANGE.min, Math.floor((Math.min(...real) - 100) / 100) * 100)),
    max: Math.max(IR_RANGE.max, Math.ceil((Math.max(...real) + 100) / 100) * 100),
  };
}

export interface IrSpectrum {
  /** Real modes inside the window, intensities in km/mol (1 where the engine gave none). */
  sticks: Stick[];
  curve: Point[];
  range: Range;
  /** Imaginary modes (as negative cm⁻¹), left out of the plot. */
  imaginary: number[];
  /** The engine printed frequencies without intensities: sticks are unit height. */
  intensitiesMissing: boolean;
}

/** The IR plot of a molecule's modes: imaginary ones excluded, the rest Lorentzian-broadened over the window. */
export function irSpectrum(
  frequencies: readonly { frequency: number; intensity: number | null }[],
  window: Range = IR_RANGE,
  fwhm = IR_FWHM_CM,
): IrSpectrum {
  const range = orderedRange(window) ?? IR_RANGE;
  const real = frequencies.filter((f) => f.frequency > 0);
  const intensitiesMissing = real.length > 0 && real.every((f) => f.intensity === null);
  const sticks = real
    .filter((f) => f.frequency >= range.min && f.frequency <= range.max)
    .map((f) => ({ x: f.frequency, y: intensitiesMissing ? 1 : (f.intensity ?? 0) }));
  return {
    sticks,
    curve: lorentzian(sticks, fwhm, range),
    range,
    imaginary: frequencies.filter((f) => f.frequency < 0).map((f) => f.frequency),
    intensitiesMissing,
  };
}

export interface UvSpectrum {
  /** Excitations as (wavelength nm, oscillator strength). */
  sticks: Stick[];
  /** (wavelength nm, broadened strength), ascending wavelength. */
  curve: Point[];
  range: Range;
}

/** The wavelength window around the excitations: 50 nm below the shortest, 100 nm above the longest, not below 100 nm. */
export function uvRange(wavelengthsNm: readonly number[]): Range {
  if (wavelengthsNm.length === 0) return { min: 200, max: 800 };
  const min = Math.max(100, Math.floor((Math.min(...wavelengthsNm) - 50) / 10) * 10);
  const max = Math.ceil((Math.max(...wavelengthsNm) + 100) / 10) * 10;
  return { min, max: Math.max(max, min + 100) };
}

/** UV-Vis: Gaussian broadening in energy (σ in eV), sampled evenly in wavelength. */
export function uvSpectrum(
  excitations: readonly { energy_ev: number; wavelength_nm: number; oscillator: number }[],
  sigmaEv = UV_SIGMA_EV,
  window?: Range,
  points = DEFAULT_POINTS,
): UvSpectrum {
  const range = (window && orderedRange(window)) ?? uvRange(excitations.map((e) => e.wavelength_nm));
  const sticks = excitations.map((e) => ({ x: e.wavelength_nm, y: e.oscillator }));
  if (excitations.length === 0 || !(sigmaEv > 0)) return { sticks, curve: [], range };
  const inEnergy = excitations.map((e) => ({ x: e.energy_ev, y: e.oscillator }));
  const curve = grid(range, points).map((nm): Point => [nm, gaussianEv(inEnergy, sigmaEv, EV_TO_NM / nm)]);
  return { sticks, curve, range };
}

export interface OrbitalLevel {
  /** 0-based index into the engine's orbital list. */
  index: number;
  energy: number;
  occupied: boolean;
  /** HOMO, HOMO-1, LUMO, LUMO+2, ... */
  label: string;
}

export interface OrbitalWindow {
  levels: OrbitalLevel[];
  homo: OrbitalLevel | null;
  lumo: OrbitalLevel | null;
  /** LUMO − HOMO in eV, when both exist. */
  gap: number | null;
}

/**
 * The `count` levels around the gap (half occupied, half virtual where there are enough;
 * the other side fills in where one side runs short), lowest first.
 */
export function orbitalWindow(energies: readonly { energy: number; occupation: number }[], count = 10): OrbitalWindow {
  const all = energies.map((e, index) => ({ index, energy: e.energy, occupied: e.occupation > 0 }));
  const homoIndex = all.reduce((last, level) => (level.occupied ? level.index : last), -1);
  const lumoIndex = all.findIndex((level, i) => i > homoIndex && !level.occupied);
  const label = (i: number): string => {
    if (homoIndex >= 0 && i <= homoIndex) return i === homoIndex ? 'HOMO' : `HOMO-${homoIndex - i}`;
    const lumo = lumoIndex >= 0 ? lumoIndex : homoIndex + 1;
    return i === lumo ? 'LUMO' : `LUMO+${i - lumo}`;
  };
  const want = Math.max(0, Math.floor(count));
  const below = homoIndex + 1;
  const above = all.length - below;
  let occupied = Math.min(below, Math.ceil(want / 2));
  const virtual = Math.min(above, want - occupied);
  occupied = Math.min(below, want - virtual);
  const levels = all.slice(below - occupied, below + virtual).map((l) => ({ ...l, label: label(l.index) }));
  const homo = levels.find((l) => l.index === homoIndex) ?? null;
  const lumo = levels.find((l) => l.index === lumoIndex) ?? null;
  return { levels, homo, lumo, gap: homo && lumo ? lumo.energy - homo.energy : null };
}
