import { describe, expect, it } from 'vitest';
import { admetDetailOf, admetResultItemSchema, admetVerdictCounts } from './admet.ts';

const row = admetResultItemSchema.parse({
  index: 1,
  name: 'caffeine',
  Smiles: 'Cn1cnc2c1c(=O)n(C)c(=O)n2C',
  molecular_weight: 194.19,
  hERG: 0.6,
  BBB_Martins: 0.93,
  DILI: 0.81,
  verdicts: { hERG: 'amber', BBB_Martins: 'green', DILI: 'red' },
  percentiles: { hERG: 50, BBB_Martins: 82, DILI: 75 },
  out_of_domain: ['DILI'],
});

describe('ADMET verdicts in rows and the detail dialog', () => {
  it('counts each light of a row', () => {
    expect(admetVerdictCounts(row)).toEqual({ green: 1, amber: 1, red: 1 });
    expect(admetVerdictCounts({ ...row, verdicts: null })).toEqual({ green: 0, amber: 0, red: 0 });
  });

  it('puts verdict and percentile beside each learned endpoint, none beside exact RDKit values', () => {
    const detail = admetDetailOf(row);
    expect(detail.Toxicity.find((e) => e.property === 'hERG')).toEqual({ property: 'hERG', predict: 0.6, in_domain: true, verdict: 'amber', percentile: 50 });
    expect(detail.Toxicity.find((e) => e.property === 'DILI')).toMatchObject({ in_domain: false, verdict: 'red', percentile: 75 });
    expect(detail.Physicochemical.find((e) => e.property === 'molecular_weight')).toEqual({ property: 'molecular_weight', predict: 194.19, unit: 'g/mol' });
  });

  it('reads rows predicted before verdicts existed', () => {
    const old = admetResultItemSchema.parse({ index: 1, name: 'x', Smiles: 'C', hERG: 0.2 });
    expect(admetDetailOf(old).Toxicity.find((e) => e.property === 'hERG')).toEqual({ property: 'hERG', predict: 0.2, in_domain: true });
  });
});
