import { ADMET_RANGE_SLIDERS, ADMET_THRESHOLD_DEFAULT, ADMET_THRESHOLD_SLIDERS, type Range } from '@yunyao/contract';
import type { AdmetFilterBody } from '../../api/endpoints.ts';

export type RangeKey = keyof typeof ADMET_RANGE_SLIDERS;
export type ThresholdKey = keyof typeof ADMET_THRESHOLD_SLIDERS;
const POS_NEG_KEYS = ['BBB_Martins', 'hERG'] as const;
export type PosNegKey = (typeof POS_NEG_KEYS)[number];
/** 0 = any, 1 = positive, 2 = negative (the API's 1 / 2). */
export type PosNeg = 0 | 1 | 2;

export const RANGE_KEYS = Object.keys(ADMET_RANGE_SLIDERS) as RangeKey[];
export const THRESHOLD_KEYS = Object.keys(ADMET_THRESHOLD_SLIDERS) as ThresholdKey[];

/** Every slider's value, and which conditions are ticked; an unticked slider keeps its value but filters nothing. */
export interface AdmetFilterState {
  ranges: Record<RangeKey, Range>;
  thresholds: Record<ThresholdKey, number>;
  enabled: ReadonlySet<RangeKey | ThresholdKey>;
  posNeg: Record<PosNegKey, PosNeg>;
}

export function defaultAdmetFilter(): AdmetFilterState {
  return {
    ranges: Object.fromEntries(RANGE_KEYS.map((k) => [k, [...ADMET_RANGE_SLIDERS[k].default]])) as Record<RangeKey, Range>,
    thresholds: Object.fromEntries(THRESHOLD_KEYS.map((k) => [k, ADMET_THRESHOLD_DEFAULT])) as Record<ThresholdKey, number>,
    enabled: new Set(),
    posNeg: { BBB_Martins: 0, hERG: 0 },
  };
}

/** The filter as POST /api/admet/filter's fields: ranges as "min,max", thresholds as numbers, BBB/hERG as 1 or 2. */
export function admetFilterQuery(taskId: number, state: AdmetFilterState): AdmetFilterBody {
  const query: AdmetFilterBody = { task_id: taskId };
  for (const key of RANGE_KEYS) if (state.enabled.has(key)) query[key] = state.ranges[key].join(',');
  for (const key of THRESHOLD_KEYS) if (state.enabled.has(key)) query[key] = state.thresholds[key];
  for (const key of POS_NEG_KEYS) if (state.posNeg[key]) query[key] = state.posNeg[key];
  return query;
}
