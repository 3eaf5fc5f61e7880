import type { Thermochemistry } from '../../result.ts';
import { completeThermo } from '../thermochemistry.ts';

const ehAfter = (text: string, label: string): number | undefined => {
  const m = new RegExp(String.raw`^${label}\s+\.\.\.\s+(-?\d+\.\d+) Eh`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
};

/**
 * ORCA's `THERMOCHEMISTRY AT <T>K` section (the last one): temperature, pressure, electronic
 * energy, ZPE, total enthalpy, the entropy term T·S and the final Gibbs free energy, all printed.
 * ORCA prints S only as T·S and no heat capacity; S in cal/(mol·K) is T·S / T.
 */
export function orcaThermo(output: string): Thermochemistry | null {
  const at = output.lastIndexOf('THERMOCHEMISTRY AT');
  if (at < 0) return null;
  const block = output.slice(at);
  const temperature = /^Temperature\s+\.\.\.\s+([\d.]+) K/m.exec(block);
  const pressure = /^Pressure\s+\.\.\.\s+([\d.]+) atm/m.exec(block);
  const electronic = ehAfter(block, 'Electronic energy');
  const zpe = ehAfter(block, 'Zero point energy');
  const enthalpy = ehAfter(block, 'Total Enthalpy');
  const entropyTerm = ehAfter(block, 'Final entropy term');
  const gibbs = ehAfter(block, 'Final Gibbs free energy');
  const gibbsCorrection = ehAfter(block, String.raw`G-E\(el\)`);
  if (!temperature || zpe === undefined || enthalpy === undefined || entropyTerm === undefined || electronic === undefined) return null;
  return completeThermo({
    temperature: Number(temperature[1]),
    pressure: pressure ? Number(pressure[1]) : 1,
    zpe,
    electronic,
    enthalpy,
    entropyTerm,
    ...(gibbs === undefined ? {} : { gibbs }),
    ...(gibbsCorrection === undefined ? {} : { gibbsCorrection }),
    heatCapacity: null,
  });
}
