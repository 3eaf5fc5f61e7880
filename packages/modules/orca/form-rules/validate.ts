/** Checks run before the ORCA form posts: the spec's three alerts first, then the limits the spec sets. */
import { BASIS_SETS, electronParityProblem, EMPTY_GEOMETRY_MESSAGE, ORCA_LIMITS, type Bilingual, type Geometry } from '@yunyao/quantum';
import type { OrcaFormState } from './state.ts';

export const MEMORY_EXCEEDED_MESSAGE: Bilingual = {
  zh: '并行核数 × 每核内存超出系统可用内存，请调整！',
  en: 'parallel cores x memory per core exceeds available system memory, please adjust!',
};

export const NROOTS_MESSAGE: Bilingual = {
  zh: '请填写有效的激发态数目（nroots）！',
  en: 'please fill in a valid number of excitation roots (nroots)!',
};

/** Returns the first problem, or null when the form can be submitted. */
export function validateOrcaForm(state: OrcaFormState, molecules: readonly Geometry[]): Bilingual | null {
  if (molecules.length === 0 || molecules.some((molecule) => molecule.atoms.length === 0)) return EMPTY_GEOMETRY_MESSAGE;
  if (state.parallel && state.nprocs * state.maxcore > ORCA_LIMITS.maxTotalMemoryMb) return MEMORY_EXCEEDED_MESSAGE;
  if (state.uvvis && !(Number.isInteger(state.nroots) && state.nroots >= ORCA_LIMITS.nrootsMin && state.nroots <= ORCA_LIMITS.nrootsMax)) {
    return NROOTS_MESSAGE;
  }
  return checkLimits(state) ?? checkElectronParity(state, molecules);
}

function checkLimits(state: OrcaFormState): Bilingual | null {
  if (state.parallel && !isIntegerIn(state.nprocs, ORCA_LIMITS.nprocsMin, ORCA_LIMITS.nprocsMax)) {
    return { zh: `并行核数须为 ${ORCA_LIMITS.nprocsMin}–${ORCA_LIMITS.nprocsMax} 的整数。`, en: `cores must be an integer from ${ORCA_LIMITS.nprocsMin} to ${ORCA_LIMITS.nprocsMax}.` };
  }
  if (!isIntegerIn(state.maxcore, ORCA_LIMITS.maxcoreMin, ORCA_LIMITS.maxcoreMax)) {
    return { zh: `每核内存须为 ${ORCA_LIMITS.maxcoreMin}–${ORCA_LIMITS.maxcoreMax} MB 的整数。`, en: `memory per core must be an integer from ${ORCA_LIMITS.maxcoreMin} to ${ORCA_LIMITS.maxcoreMax} MB.` };
  }
  if (!Number.isInteger(state.charge)) return { zh: '电荷须为整数。', en: 'charge must be an integer.' };
  // The spec's input minimum is 0, but a multiplicity of 0 has no meaning and ORCA rejects it.
  if (!Number.isInteger(state.multiplicity) || state.multiplicity < 1) {
    return { zh: '自旋多重度须为不小于 1 的整数。', en: 'spin multiplicity must be an integer of at least 1.' };
  }
  if (!(BASIS_SETS as readonly string[]).includes(state.basis)) {
    return { zh: `请选择基组（可选：${BASIS_SETS.join('、')}）。`, en: `choose a basis set (one of ${BASIS_SETS.join(', ')}).` };
  }
  if (state.ir && !(state.irMin >= 0 && state.irMax > state.irMin)) {
    return { zh: 'IR 范围无效：最小值须不小于 0 且小于最大值。', en: 'invalid IR range: the minimum must be ≥ 0 and below the maximum.' };
  }
  return null;
}

function checkElectronParity(state: OrcaFormState, molecules: readonly Geometry[]): Bilingual | null {
  for (const molecule of molecules) {
    const problem = electronParityProblem(molecule, state.charge, state.multiplicity);
    if (problem) return problem;
  }
  return null;
}

function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
