/**
 * Words of the ORCA simple-input line (`! B3LYP def2-SVP Opt`) and what they mean for a QmJob.
 * Matching is case-insensitive, as ORCA's own keyword parser is.
 */
import type { QmApproximation, QmSolvent, QmTask } from '../job.ts';
import { BASIS_SETS, SOLVENTS, type OrcaMethod } from '../vocabulary.ts';

/**
 * The keyword ORCA 5/6 understands for each method. ωB97X-D is written `wB97X-D3`: ORCA's
 * `wB97X-D3` is Chai and Head-Gordon's range-separated hybrid with D3 dispersion, the modern
 * form of ωB97X-D (plain `wB97X-D` is not an ORCA 5 keyword). M06-2X is `M062X` in ORCA.
 */
export const ORCA_METHOD_KEYWORDS: Record<OrcaMethod, string> = {
  HF: 'HF',
  B3LYP: 'B3LYP',
  PBE0: 'PBE0',
  'CAM-B3LYP': 'CAM-B3LYP',
  'wB97X-D': 'wB97X-D3',
  'M06-2X': 'M062X',
  TPSS: 'TPSS',
  TPSSh: 'TPSSh',
  MP2: 'MP2',
  'CCSD(T)': 'CCSD(T)',
};

const METHOD_TOKENS = new Map<string, { method: OrcaMethod; approximation?: QmApproximation }>([
  ['hf', { method: 'HF' }],
  ['b3lyp', { method: 'B3LYP' }],
  ['pbe0', { method: 'PBE0' }],
  ['cam-b3lyp', { method: 'CAM-B3LYP' }],
  ['wb97x-d', { method: 'wB97X-D' }],
  ['wb97x-d3', { method: 'wB97X-D' }],
  ['ωb97x-d', { method: 'wB97X-D' }],
  ['m06-2x', { method: 'M06-2X' }],
  ['m062x', { method: 'M06-2X' }],
  ['tpss', { method: 'TPSS' }],
  ['tpssh', { method: 'TPSSh' }],
  ['mp2', { method: 'MP2' }],
  // ORCA spells RI-MP2 as a method keyword.
  ['ri-mp2', { method: 'MP2', approximation: 'RI-MP2' }],
  ['ccsd(t)', { method: 'CCSD(T)' }],
]);

const APPROXIMATION_TOKENS = new Map<string, QmApproximation>([
  ['rijcosx', 'RIJCOSX'],
  ['rijk', 'RI-JK'],
  ['ri-jk', 'RI-JK'],
  // Not an ORCA word: the product's name for RI integral transformation in coupled cluster (the renderer writes %mdci trafotype trafo_ri).
  ['ri-cc', 'RI-CC'],
]);

const TASK_TOKENS = new Map<string, QmTask[]>([
  ['sp', ['SP']],
  ['energy', ['SP']],
  ['opt', ['Opt']],
  ['freq', ['Freq']],
  ['optfreq', ['Opt', 'Freq']],
]);

export function methodFromToken(token: string): { method: OrcaMethod; approximation?: QmApproximation } | undefined {
  return METHOD_TOKENS.get(token.toLowerCase());
}

export function basisFromToken(token: string): string | undefined {
  return BASIS_SETS.find((basis) => basis.toLowerCase() === token.toLowerCase());
}

export function approximationFromToken(token: string): QmApproximation | undefined {
  return APPROXIMATION_TOKENS.get(token.toLowerCase());
}

export function tasksFromToken(token: string): QmTask[] | undefined {
  return TASK_TOKENS.get(token.toLowerCase());
}

export function solventFromName(name: string): QmSolvent | undefined {
  const wanted = name.replace(/[\s_-]/g, '').toLowerCase();
  return SOLVENTS.find((solvent) => solvent.toLowerCase() === wanted);
}

/** Auxiliary basis sets: the renderer picks the right one for the approximation, so these are accepted and left to it. */
export function isAuxiliaryBasisToken(token: string): boolean {
  return /\/(j|jk|c)$/i.test(token) || token.toLowerCase() === 'autoaux';
}

/** Reference keywords: ORCA chooses RHF/UHF (RKS/UKS) from the multiplicity, so they add nothing to a QmJob. */
export function isReferenceToken(token: string): boolean {
  return ['rhf', 'uhf', 'rks', 'uks'].includes(token.toLowerCase());
}

/** Heuristic for the error message only: does an unknown word look like a basis set name? */
export function looksLikeBasis(token: string): boolean {
  return /^(\d-\d+\+*g|sto-|def2-|(aug-)?cc-p|ma-def2|pc-|6-31|3-21)/i.test(token);
}
