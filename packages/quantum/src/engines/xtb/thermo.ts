import type { Thermochemistry } from '../../result.ts';
import { lastCapture } from '../output-text.ts';
import { completeThermo } from '../thermochemistry.ts';

const NUMBER = String.raw`(-?\d+\.\d+(?:E[-+]\d+)?)`;

/**
 * xtb's "Thermodynamic Functions" block (--hess/--ohess): the `T/K … H(T)/Eh T*S/Eh G(T)/Eh` row,
 * the `TOT` row (enthalpy cal/mol, heat capacity, entropy cal/K/mol, J/K/mol) and the framed totals.
 * xtb's heat capacity includes the translational 5/2 R, so it is Cp. xtb does not print the
 * pressure: its ideal-gas standard state is 1 atm.
 */
export function xtbThermo(output: string): Thermochemistry | null {
  const block = output.slice(output.lastIndexOf('Thermodynamic Functions'));
  if (block.length === output.length) return null;
  const row = new RegExp(String.raw`T/K\s+H\(0\)-H\(T\)\+PV[^\n]*\n[-\s]*\n\s*${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}`).exec(block);
  const tot = new RegExp(String.raw`^\s+TOT\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s*$`, 'm').exec(block);
  const zpe = lastCapture(block, /zero point energy\s+(-?\d+\.\d+) Eh/g);
  const gibbsCorrection = lastCapture(block, /G\(RRHO\) contrib\.\s+(-?\d+\.\d+) Eh/g);
  const electronic = lastCapture(block, /:: total energy\s+(-?\d+\.\d+) Eh/g);
  const enthalpy = lastCapture(block, /TOTAL ENTHALPY\s+(-?\d+\.\d+) Eh/g);
  const gibbs = lastCapture(block, /TOTAL FREE ENERGY\s+(-?\d+\.\d+) Eh/g);
  if (!row || !tot || zpe === null || gibbsCorrection === null || enthalpy === null || gibbs === null) return null;
  return completeThermo({
    temperature: Number(row[1]),
    pressure: 1,
    zpe: Number(zpe),
    electronic: electronic === null ? null : Number(electronic),
    enthalpyCorrection: Number(row[3]),
    enthalpy: Number(enthalpy),
    gibbsCorrection: Number(gibbsCorrection),
    gibbs: Number(gibbs),
    entropy: Number(tot[3]),
    heatCapacity: { kind: 'Cp', value: Number(tot[2]) },
  });
}
