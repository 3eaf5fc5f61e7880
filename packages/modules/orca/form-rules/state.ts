/** The ORCA form's state, with the spec's defaults. */
import { ORCA_DEFAULTS, type NmrMethod, type OrcaMethod, type QmApproximation, type QmSolvent } from '@yunyao/quantum';

export const ORCA_JOB_TYPES = ['SP', 'Opt', 'OptFreq'] as const;
export type OrcaJobType = (typeof ORCA_JOB_TYPES)[number];

export interface OrcaFormState {
  jobType: OrcaJobType;
  method: OrcaMethod;
  basis: string;
  approximation: QmApproximation;
  parallel: boolean;
  /** Cores when `parallel` is on (1 is used when off). */
  nprocs: number;
  /** Memory per core, MB (ORCA's %maxcore). */
  maxcore: number;
  /** Implicit solvent (CPCM) or null for gas phase. */
  solvent: QmSolvent | null;
  nmr: boolean;
  nmrMethod: NmrMethod;
  uvvis: boolean;
  nroots: number;
  ir: boolean;
  irMin: number;
  irMax: number;
  /** Animate IR normal modes in the result viewer: a display choice, not sent to the engine. */
  irAnimation: boolean;
  mulliken: boolean;
  dipole: boolean;
  homo: boolean;
  lumo: boolean;
  charge: number;
  multiplicity: number;
}

export function defaultOrcaFormState(): OrcaFormState {
  return {
    jobType: 'SP',
    method: 'B3LYP',
    basis: 'def2-SVP',
    approximation: 'none',
    parallel: false,
    nprocs: ORCA_DEFAULTS.nprocs,
    maxcore: ORCA_DEFAULTS.maxcore,
    solvent: null,
    nmr: false,
    nmrMethod: 'GIAO',
    uvvis: false,
    nroots: ORCA_DEFAULTS.nroots,
    ir: false,
    irMin: ORCA_DEFAULTS.irMin,
    irMax: ORCA_DEFAULTS.irMax,
    irAnimation: false,
    mulliken: false,
    dipole: false,
    homo: false,
    lumo: false,
    charge: ORCA_DEFAULTS.charge,
    multiplicity: ORCA_DEFAULTS.multiplicity,
  };
}
