import { ADMET_RANGE_SLIDERS, ADMET_THRESHOLD_DEFAULT, ADMET_THRESHOLD_SLIDERS, type Range } from '@yunyao/contract';

export type RangeKey = keyof typeof ADMET_RANGE_SLIDERS;
export type ThresholdKey = keyof typeof ADMET_THRESHOLD_SLIDERS;
export type PosNegKey = 'BBB_Martins' | 'hERG';
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
export function admetFilterQuery(taskId: number, state: AdmetFilterState): Record<string, string | number> {
  const query: Record<string, string | number> = { task_id: taskId };
  for (const key of RANGE_KEYS) if (state.enabled.has(key)) query[key] = state.ranges[key].join(',');
  for (const key of THRESHOLD_KEYS) if (state.enabled.has(key)) query[key] = state.thresholds[key];
  for (const [key, choice] of Object.entries(state.posNeg)) if (choice) query[key] = choice;
  return query;
}
