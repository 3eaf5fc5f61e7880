/**
 * Completes an engine's thermochemistry block into the common shape. Engines print different
 * subsets (xtb totals and corrections, NWChem corrections and S, ORCA totals and T·S, MOPAC
 * kcal/cal values without G); the missing ones follow from H = E + H_corr, G = H − T·S.
 */
import { HARTREE_TO_KCAL_PER_MOL, type Thermochemistry } from '../result.ts';

type Quantity = Thermochemistry['derived'][number];

export interface PrintedThermo {
  temperature: number;
  /** atm; engines that do not print it use 1 atm. */
  pressure: number;
  zpe: number;
  /** Electronic energy the corrections refer to (Eh), when known. */
  electronic: number | null;
  enthalpyCorrection?: number;
  enthalpy?: number;
  gibbsCorrection?: number;
  gibbs?: number;
  /** cal/(mol·K) */
  entropy?: number;
  /** T·S in Eh (ORCA prints this instead of S). */
  entropyTerm?: number;
  heatCapacity: Thermochemistry['heat_capacity'];
}

const CAL_PER_HARTREE = HARTREE_TO_KCAL_PER_MOL * 1000;

/** Null when the block lacks what H and S need (neither H nor H_corr, neither S nor T·S). */
export function completeThermo(printed: PrintedThermo): Thermochemistry | null {
  const derived: Quantity[] = [];
  const { electronic, temperature } = printed;
  const take = <T extends number | null>(value: number | undefined, quantity: Quantity, fallback: () => T): number | T => {
    if (value !== undefined) return value;
    const computed = fallback();
    if (computed !== null) derived.push(quantity);
    return computed;
  };
  const enthalpyCorrection = take(printed.enthalpyCorrection, 'enthalpy_correction', () =>
    printed.enthalpy !== undefined && electronic !== null ? printed.enthalpy - electronic : null,
  );
  const entropy = take(printed.entropy, 'entropy', () => (printed.entropyTerm !== undefined ? (printed.entropyTerm / temperature) * CAL_PER_HARTREE : null));
  if (enthalpyCorrection === null || entropy === null) return null;
  const gibbsCorrection = take(printed.gibbsCorrection, 'gibbs_correction', () =>
    printed.gibbs !== undefined && electronic !== null ? printed.gibbs - electronic : enthalpyCorrection - (temperature * entropy) / CAL_PER_HARTREE,
  );
  const total = (correction: number) => (electronic === null ? null : electronic + correction);
  const enthalpy = take(printed.enthalpy, 'enthalpy', () => total(enthalpyCorrection));
  const gibbs = take(printed.gibbs, 'gibbs', () => total(gibbsCorrection));
  return {
    temperature,
    pressure: printed.pressure,
    zpe: printed.zpe,
    enthalpy_correction: enthalpyCorrection,
    gibbs_correction: gibbsCorrection,
    enthalpy,
    gibbs,
    entropy,
    heat_capacity: printed.heatCapacity,
    derived,
  };
}
