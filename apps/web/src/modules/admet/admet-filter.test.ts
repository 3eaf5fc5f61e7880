import { admetFilterSchema } from '@yunyao/contract';
import { describe, expect, it } from 'vitest';
import { admetFilterQuery, defaultAdmetFilter } from './admet-filter.ts';

describe('ADMET filter query', () => {
  it('sends only the task while nothing is ticked', () => {
    expect(admetFilterQuery(7, defaultAdmetFilter())).toEqual({ task_id: 7 });
  });

  it('sends ticked sliders in the form the server parses back to the same bounds', () => {
    const state = defaultAdmetFilter();
    state.enabled = new Set(['logP', 'ClinTox']);
    state.ranges.logP = [-1.5, 4];
    state.thresholds.ClinTox = 0.2;
    state.posNeg.hERG = 2;
    const query = admetFilterQuery(7, state);
    expect(query).toEqual({ task_id: 7, logP: '-1.5,4', ClinTox: 0.2, hERG: 2 });
    const parsed = admetFilterSchema.parse(query);
    expect(parsed.logP).toEqual([-1.5, 4]);
    expect(parsed.ClinTox).toBe(0.2);
    expect(parsed.hERG).toBe(2);
    expect(parsed.molecular_weight).toBeUndefined();
  });

  it('uses the spec defaults for every slider', () => {
    const state = defaultAdmetFilter();
    expect(state.ranges.molecular_weight).toEqual([300, 600]);
    expect(state.ranges.tpsa).toEqual([0, 140]);
    expect(state.thresholds.QED).toBe(0.5);
  });
});
