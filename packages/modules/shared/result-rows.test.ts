import { describe, expect, it } from 'vitest';
import { signModule } from '../sign/sign.module.ts';
import { graphDtaModule } from '../graph_dta/graph_dta.module.ts';
import { checkRows } from './run-module.ts';

// The spec's task output row (doc 1 §3): ID, SMILES, Kd, affinity, score. executeModule runs this check
// on every parsed result, so a step that writes the old names fails its module's tests and is never stored.
describe('result rows', () => {
  it('take the spec names and refuse the old ones', () => {
    const sign = { index: 1, ID: 'a', SMILES: 'CCO', Kd: 257, affinity: 6.59, score: -6.99, posed: 'input', in_domain: true, error: null };
    expect(() => checkRows(signModule, [sign])).not.toThrow();
    const old = { index: 1, id: 'a', smiles: 'CCO', pk: 6.59, kd_m: 2.57e-7, vina_score: -6.99, posed: 'input', in_domain: true, error: null };
    expect(() => checkRows(signModule, [sign, old])).toThrow(/^sign result row 2 does not fit its schema: ID:/);
    expect(() => checkRows(graphDtaModule, [{ index: 1, id: 'b', smiles: 'C', affinity: 6, kd_nm: 1000, error: null }])).toThrow(/graph_dta result row 1/);
    // Extra fields are welcome.
    expect(() => checkRows(graphDtaModule, [{ index: 1, ID: 'b', SMILES: 'C', Kd: 1000, affinity: 6, error: null, note: 'x' }])).not.toThrow();

    // graph_dta's interval and per-row domain (optional: rows stored before them stay valid).
    const dta = { index: 1, ID: 'b', SMILES: 'CCO', Kd: 1000, affinity: 6, error: null, affinity_low: 5.26, affinity_high: 6.74, distinct_from_typical: false, in_domain: false, domain_note: '配体有 3 个重原子' };
    expect(() => checkRows(graphDtaModule, [dta])).not.toThrow();
    expect(() => checkRows(graphDtaModule, [{ ...dta, in_domain: 'no' }])).toThrow(/graph_dta result row 1/);
  });
});
