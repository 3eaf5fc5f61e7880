import type { QmSolvent } from '../job.ts';

/**
 * Static dielectric constants at 25 °C, as tabulated in the Gaussian / NWChem COSMO solvent
 * lists (Water 78.39 → NWChem's `cosmo` default, Ethanol 24.55, Acetonitrile 35.69,
 * DiethylEther 4.24; CRC Handbook of Chemistry and Physics values, also used by ORCA's CPCM).
 */
export const SOLVENT_DIELECTRIC: Record<QmSolvent, number> = {
  Water: 78.39,
  Ethanol: 24.55,
  Acetonitrile: 35.69,
  DiethylEther: 4.24,
};
