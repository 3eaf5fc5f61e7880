import { describe, expect, it } from 'vitest';
import { dtaRow, formatInterval, formatKd, metricEntries, signRow } from './affinity-result.ts';

describe('affinity results', () => {
  it('show a Kd in the unit a chemist reads, to two significant digits', () => {
    expect(formatKd(3.456)).toBe('3.5 nM');
    expect(formatKd(12_345)).toBe('12 µM');
    expect(formatKd(2_500_000)).toBe('2.5 mM');
    expect(formatKd(null)).toBe('–');
  });

  it('read sign rows and graph_dta rows (the spec\'s ID, SMILES, Kd in nM, affinity, score; domain of the protein) into one shape', () => {
    const sign = signRow({ index: 1, ID: 'a', SMILES: 'C', Kd: 100, affinity: 7, score: -8.1, posed: 'docked', in_domain: false, error: null });
    expect(sign).toMatchObject({ id: 'a', smiles: 'C', affinity: 7, kdNm: 100, vinaScore: -8.1, inDomain: false });
    expect(dtaRow({ index: 2, ID: 'b', SMILES: 'C', Kd: 1000, affinity: 6, error: null }, true)).toMatchObject({ id: 'b', kdNm: 1000, inDomain: true, vinaScore: null });
    expect(dtaRow({ index: 3, ID: 'c', SMILES: 'C(', Kd: null, affinity: null, error: 'bad' }, true).inDomain).toBeNull();
  });

  it('read a graph_dta row\'s own domain, its reason and the interval (the row\'s domain overrides the protein\'s)', () => {
    const row = dtaRow(
      { index: 1, ID: 'aspirin', SMILES: 'CC(=O)Oc1ccccc1C(=O)O', Kd: 240, affinity: 6.62, error: null, affinity_low: 5.88, affinity_high: 7.36, distinct_from_typical: true, in_domain: false, domain_note: '配体有 13 个重原子，超出训练药物的范围（19–46）' },
      true,
    );
    expect(row).toMatchObject({ inDomain: false, low: 5.88, high: 7.36, distinctFromTypical: true });
    expect(row.domainNote).toContain('重原子');
    expect(formatInterval(row)).toBe('5.88–7.36');
    expect(formatInterval(dtaRow({ index: 2, ID: 'b', SMILES: 'C', Kd: 1000, affinity: 6, error: null }, true))).toBe('');
  });

  it('list nested validation metrics with their path', () => {
    expect(metricEntries({ ci: 0.88, vina: { cross_validation: { pearson: 0.4, folds: 5 } }, note: 'x' })).toEqual([
      { name: 'ci', value: 0.88 },
      { name: 'vina · cross_validation · pearson', value: 0.4 },
      { name: 'vina · cross_validation · folds', value: 5 },
    ]);
  });
});
