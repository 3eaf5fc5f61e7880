/** NWChem's vibrational module: the thermochemistry lines and the projected normal-mode eigenvectors. */
import type { Thermochemistry, Vibration } from '../../result.ts';
import { perAtom, vibrationsOnly } from '../output-text.ts';
import { completeThermo } from '../thermochemistry.ts';

const lastNumber = (text: string, pattern: RegExp): number | undefined => {
  const matches = [...text.matchAll(pattern)];
  const last = matches[matches.length - 1]?.[1];
  return last === undefined ? undefined : Number(last);
};

/**
 * `Temperature = 298.15K`, `Zero-Point correction to Energy = … kcal/mol ( … au)`, `Thermal
 * correction to Enthalpy`, `Total Entropy = … cal/mol-K`, `Cv (constant volume heat capacity)`.
 * NWChem prints no G and no pressure (its ideal-gas standard state is 1 atm); G follows from H − T·S.
 */
export function nwchemThermo(output: string, electronic: number | null): Thermochemistry | null {
  const temperature = lastNumber(output, /^\s*Temperature\s+=\s+([\d.]+)K/gm);
  const zpe = lastNumber(output, /Zero-Point correction to Energy\s+=\s+\S+ kcal\/mol\s+\(\s*(-?[\d.]+) au\)/g);
  const enthalpyCorrection = lastNumber(output, /Thermal correction to Enthalpy\s+=\s+\S+ kcal\/mol\s+\(\s*(-?[\d.]+) au\)/g);
  const entropy = lastNumber(output, /Total Entropy\s+=\s+(-?[\d.]+) cal\/mol-K/g);
  const cv = lastNumber(output, /Cv \(constant volume heat capacity\)\s+=\s+(-?[\d.]+) cal\/mol-K/g);
  if (temperature === undefined || zpe === undefined || enthalpyCorrection === undefined || entropy === undefined) return null;
  return completeThermo({
    temperature,
    pressure: 1,
    zpe,
    electronic,
    enthalpyCorrection,
    entropy,
    heatCapacity: cv === undefined ? null : { kind: 'Cv', value: cv },
  });
}

/**
 * The last `NORMAL MODE EIGENVECTORS IN CARTESIAN COORDINATES` block: columns of six modes under a
 * `P.Frequency` row, one row per Cartesian coordinate (atom 1 x, y, z, atom 2 x, …). Translations
 * and rotations (the near-zero modes) are dropped as in the intensity table.
 */
export function nwchemDisplacements(output: string, atomCount: number): NonNullable<Vibration['displacement']>[] | undefined {
  const at = output.lastIndexOf('NORMAL MODE EIGENVECTORS IN CARTESIAN COORDINATES');
  if (at < 0 || atomCount === 0) return undefined;
  const lines = output.slice(at).split('\n');
  const modes: { frequency: number; coordinates: number[] }[] = [];
  lines.forEach((line, i) => {
    const header = /^\s*P\.Frequency\s+(.*)$/.exec(line);
    if (!header) return;
    const frequencies = header[1]!.trim().split(/\s+/).map(Number);
    const rows = lines.slice(i + 2, i + 2 + 3 * atomCount).map((row) => row.trim().split(/\s+/).slice(1).map(Number));
    frequencies.forEach((frequency, column) => modes.push({ frequency, coordinates: rows.map((r) => r[column]!) }));
  });
  return vibrationsOnly(modes).map(({ coordinates }) => perAtom(coordinates, atomCount));
}
