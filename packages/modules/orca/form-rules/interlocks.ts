/**
 * The ORCA form's interlocks as one pure function: the web form calls `applyChange` for every
 * edit and shows the returned alerts. Every rule here is a line of the product spec.
 */
import { approximationAllowed, methodForApproximation, type Bilingual } from '@yunyao/quantum';
import type { OrcaFormState } from './state.ts';

export type OrcaFormChange = { [K in keyof OrcaFormState]: { field: K; value: OrcaFormState[K] } }[keyof OrcaFormState];

export interface ChangeResult {
  state: OrcaFormState;
  alerts: Bilingual[];
}

export const IR_FORCES_OPTFREQ_ALERT: Bilingual = {
  zh: '红外光谱（IR）需要频率计算，任务类型已自动切换为 Opt+Freq。',
  en: 'IR needs a frequency calculation: the job type was switched to Opt+Freq automatically.',
};

export const OPTFREQ_CLEARED_ALERT: Bilingual = {
  zh: 'NMR / UV-Vis 与 IR 不能同时计算：已关闭 IR，任务类型由 Opt+Freq 改为 Opt（仍先优化几何结构）。',
  en: 'NMR / UV-Vis cannot run together with IR: IR was turned off and the job type changed from Opt+Freq to Opt (the geometry is still optimised first).',
};

export function applyChange(previous: OrcaFormState, change: OrcaFormChange): ChangeResult {
  const state = { ...previous, [change.field]: change.value } as OrcaFormState;
  const alerts: Bilingual[] = [];

  switch (change.field) {
    case 'ir':
      // IR on: forces Opt+Freq (frequencies are only meaningful at a minimum) and turns NMR and UV-Vis off.
      if (change.value) {
        if (state.jobType !== 'OptFreq') alerts.push(IR_FORCES_OPTFREQ_ALERT);
        state.jobType = 'OptFreq';
        state.nmr = false;
        state.uvvis = false;
      }
      break;
    case 'nmr':
    case 'uvvis':
      if (change.value) turnOffOtherSpectroscopy(state, change.field, alerts);
      break;
    case 'jobType':
      // Another job type while IR is on goes back to Opt+Freq: IR cannot run without frequencies.
      if (state.ir && change.value !== 'OptFreq') {
        state.jobType = 'OptFreq';
        alerts.push(IR_FORCES_OPTFREQ_ALERT);
      }
      break;
    case 'approximation':
      state.method = methodForApproximation(change.value, state.method);
      break;
    case 'method':
      if (!approximationAllowed(change.value, state.approximation)) state.approximation = 'none';
      break;
    default:
      break;
  }
  return { state, alerts };
}

/**
 * NMR or UV-Vis on turns the other two spectroscopy options off. The spec's "if job type is
 * Opt+Freq an alert is shown and it is cleared" is read as: Opt+Freq (which IR forced) is
 * replaced by Opt, not SP, because Opt keeps the geometry optimisation the user asked for and
 * ORCA computes NMR / UV-Vis at the optimised geometry; the alert says so.
 */
function turnOffOtherSpectroscopy(state: OrcaFormState, turnedOn: 'nmr' | 'uvvis', alerts: Bilingual[]): void {
  if (turnedOn === 'nmr') state.uvvis = false;
  else state.nmr = false;
  state.ir = false;
  if (state.jobType === 'OptFreq') {
    state.jobType = 'Opt';
    alerts.push(OPTFREQ_CLEARED_ALERT);
  }
}
