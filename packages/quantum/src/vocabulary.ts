/**
 * The quantum-chemistry vocabulary and limits (spec constants): methods, basis sets, approximations,
 * solvents. The modules' request parsers and the ORCA renderer use the same lists, so a form, its
 * route and the engine cannot disagree.
 */
import { NMR_METHODS, QM_METHODS, QM_SOLVENTS, type QmApproximation } from './job.ts';

export type OrcaMethod = (typeof QM_METHODS)[number];
export const ORCA_METHODS = QM_METHODS;

/** How the form labels each method; `wB97X-D` is the spec's ωB97X-D. */
export const METHOD_LABELS: Record<OrcaMethod, string> = {
  HF: 'HF',
  B3LYP: 'B3LYP',
  PBE0: 'PBE0',
  'CAM-B3LYP': 'CAM-B3LYP',
  'wB97X-D': 'ωB97X-D',
  'M06-2X': 'M06-2X',
  TPSS: 'TPSS',
  TPSSh: 'TPSSh',
  MP2: 'MP2',
  'CCSD(T)': 'CCSD(T)',
};

export type MethodFamily = 'HF' | 'DFT' | 'MP2' | 'CC';

export const METHOD_FAMILY: Record<OrcaMethod, MethodFamily> = {
  HF: 'HF',
  B3LYP: 'DFT',
  PBE0: 'DFT',
  'CAM-B3LYP': 'DFT',
  'wB97X-D': 'DFT',
  'M06-2X': 'DFT',
  TPSS: 'DFT',
  TPSSh: 'DFT',
  MP2: 'MP2',
  'CCSD(T)': 'CC',
};

/** Spec: DFT none/RIJCOSX; MP2 none/RI-MP2; CC none/RI-CC; HF none/RIJCOSX/RI-JK. */
export const ALLOWED_APPROXIMATIONS: Record<MethodFamily, readonly QmApproximation[]> = {
  DFT: ['none', 'RIJCOSX'],
  MP2: ['none', 'RI-MP2'],
  CC: ['none', 'RI-CC'],
  HF: ['none', 'RIJCOSX', 'RI-JK'],
};

export function approximationAllowed(method: OrcaMethod, approximation: QmApproximation): boolean {
  return ALLOWED_APPROXIMATIONS[METHOD_FAMILY[method]].includes(approximation);
}

/** RI-JK forces HF, RI-MP2 forces MP2, RI-CC forces CCSD(T), RIJCOSX forces B3LYP unless the method is HF or DFT. */
export function methodForApproximation(approximation: QmApproximation, method: OrcaMethod): OrcaMethod {
  switch (approximation) {
    case 'RI-JK':
      return 'HF';
    case 'RI-MP2':
      return 'MP2';
    case 'RI-CC':
      return 'CCSD(T)';
    case 'RIJCOSX':
      return METHOD_FAMILY[method] === 'HF' || METHOD_FAMILY[method] === 'DFT' ? method : 'B3LYP';
    case 'none':
      return method;
  }
}

/** The spec leaves the basis list open; these are the common Pople, Karlsruhe and Dunning sets ORCA ships. */
export const BASIS_SETS = [
  'STO-3G',
  '6-31G*',
  '6-31G**',
  '6-311G**',
  '6-31+G*',
  'def2-SVP',
  'def2-TZVP',
  'def2-TZVPP',
  'cc-pVDZ',
  'cc-pVTZ',
  'aug-cc-pVDZ',
] as const;
export type BasisSet = (typeof BASIS_SETS)[number];

export const SOLVENTS = QM_SOLVENTS;
export { NMR_METHODS };

export const ORCA_LIMITS = {
  /** The machine the spec describes: 32 cores and 32768 MB in all. */
  maxCores: 32,
  maxTotalMemoryMb: 32768,
  nprocsMin: 1,
  nprocsMax: 32,
  /** maxcore is per core. The 128 MB step is the spinner increment only: the default 2000 is off-step. */
  maxcoreMin: 128,
  maxcoreMax: 32768,
  maxcoreStep: 128,
  nrootsMin: 1,
  nrootsMax: 100,
  /** The form's input minimum per the spec; validation still asks for ≥ 1 because ORCA rejects 0. */
  multiplicityMin: 0,
  chargeStep: 1,
} as const;

export const ORCA_DEFAULTS = {
  nprocs: 1,
  maxcore: 2000,
  nroots: 10,
  multiplicity: 1,
  charge: 0,
  /** Mid-IR; the spec gives no default range. */
  irMin: 400,
  irMax: 4000,
} as const;

/** Grid points per axis for HOMO/LUMO cube files. */
export const CUBE_GRID = 80;
