/** MOPAC FORCE + THERMO: the thermodynamic table and the normal coordinates, in the force calculation's orientation. */
import { normaliseElement } from '../../periodic-table.ts';
import type { ParsedOutput, Thermochemistry, Vibration } from '../../result.ts';
import { HARTREE_TO_KCAL_PER_MOL } from '../../result.ts';
import { lastCapture, perAtom } from '../output-text.ts';
import { completeThermo } from '../thermochemistry.ts';

/**
 * THERMO's `TOT.` row (enthalpy cal/mol without the ZPE, Cp, entropy cal/K/mol) at the temperature
 * MOPAC prints (it rounds THERMO's temperature to whole kelvin) plus `ZERO POINT ENERGY … KCAL/MOL`.
 * MOPAC prints no G; it follows from H − T·S, and H_corr is ZPE + H_thermal. Pressure: MOPAC's standard state, 1 atm.
 */
export function mopacThermo(output: string, electronic: number | null): Thermochemistry | null {
  const zpe = lastCapture(output, /ZERO POINT ENERGY\s+(-?\d+\.\d+) KCAL\/MOL/g);
  const at = output.lastIndexOf('CALCULATED THERMODYNAMIC PROPERTIES');
  if (zpe === null || at < 0) return null;
  const table = output.slice(at);
  const temperature = /^\s*(\d+\.\d+)\s+VIB\./m.exec(table);
  const total = /^\s+TOT\.\s+-?\d+\.\d+\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s*$/m.exec(table);
  if (!temperature || !total) return null;
  const zpeHartree = Number(zpe) / HARTREE_TO_KCAL_PER_MOL;
  const thermo = completeThermo({
    temperature: Number(temperature[1]),
    pressure: 1,
    zpe: zpeHartree,
    electronic,
    enthalpyCorrection: zpeHartree + Number(total[1]) / 1000 / HARTREE_TO_KCAL_PER_MOL,
    entropy: Number(total[3]),
    heatCapacity: { kind: 'Cp', value: Number(total[2]) },
  });
  // H_corr is the sum of two printed figures, not one MOPAC prints: say so.
  return thermo && { ...thermo, derived: ['enthalpy_correction', ...thermo.derived] };
}

/** `ORIENTATION OF MOLECULE IN FORCE CALCULATION`: MOPAC turns the molecule before FORCE; its normal coordinates refer to this frame. */
export function mopacForceOrientation(output: string): ParsedOutput['geometry'] {
  const at = output.lastIndexOf('ORIENTATION OF MOLECULE IN FORCE CALCULATION');
  if (at < 0) return [];
  const atoms: ParsedOutput['geometry'] = [];
  for (const line of output.slice(at).split('\n').slice(4)) {
    const m = /^\s*\d+\s+([A-Za-z]+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s*$/.exec(line);
    if (!m) break;
    atoms.push({ element: normaliseElement(m[1]!) ?? m[1]!, x: Number(m[2]), y: Number(m[3]), z: Number(m[4]) });
  }
  return atoms;
}

/**
 * `NORMAL COORDINATE ANALYSIS (Total motion = 1 Angstrom)`: blocks headed `Root No.`, a symmetry
 * row, a frequency row, then one row per Cartesian coordinate (atom 1 x, y, z, …). Only genuine
 * vibrations are listed, in the order of DESCRIPTION OF VIBRATIONS.
 */
export function mopacDisplacements(output: string, atomCount: number): NonNullable<Vibration['displacement']>[] | undefined {
  const start = output.lastIndexOf('NORMAL COORDINATE ANALYSIS');
  if (start < 0 || atomCount === 0) return undefined;
  const end = output.indexOf('MASS-WEIGHTED COORDINATE ANALYSIS', start);
  const rows = output
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => /^\s+\d+(\s+-?\d+\.\d+)+\s*$/.test(line))
    .map((line) => line.trim().split(/\s+/).slice(1).map(Number));
  const modes: number[][] = [];
  for (let block = 0; block + 3 * atomCount <= rows.length; block += 3 * atomCount) {
    const blockRows = rows.slice(block, block + 3 * atomCount);
    for (let column = 0; column < blockRows[0]!.length; column++) modes.push(blockRows.map((r) => r[column]!));
  }
  return modes.map((coordinates) => perAtom(coordinates, atomCount));
}
