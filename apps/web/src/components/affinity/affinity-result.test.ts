import { describe, expect, it } from 'vitest';
import { dtaRow, formatKd, metricEntries, signRow } from './affinity-result.ts';

describe('affinity results', () => {
  it('show a Kd in the unit a chemist reads, to two significant digits', () => {
    expect(formatKd(3.456)).toBe('3.5 nM');
    expect(formatKd(12_345)).toBe('12 µM');
    expect(formatKd(2_500_000)).toBe('2.5 mM');
    expect(formatKd(null)).toBe('–');
  });

  it('read sign rows (Kd in M) and graph_dta rows (domain of the protein) into one shape', () => {
    const sign = signRow({ index: 1, id: 'a', smiles: 'C', pk: 7, kd_m: 1e-7, vina_score: -8.1, posed: 'docked', in_domain: false, error: null });
    expect(sign).toMatchObject({ affinity: 7, kdNm: 100, vinaScore: -8.1, inDomain: false });
    expect(dtaRow({ index: 2, id: 'b', smiles: 'C', affinity: 6, kd_nm: 1000, error: null }, true)).toMatchObject({ kdNm: 1000, inDomain: true, vinaScore: null });
    expect(dtaRow({ index: 3, id: 'c', smiles: 'C(', affinity: null, kd_nm: null, error: 'bad' }, true).inDomain).toBeNull();
  });

  it('list nested validation metrics with their path', () => {
    expect(metricEntries({ ci: 0.88, vina: { cross_validation: { pearson: 0.4, folds: 5 } }, note: 'x' })).toEqual([
      { name: 'ci', value: 0.88 },
      { name: 'vina · cross_validation · pearson', value: 0.4 },
      { name: 'vina · cross_validation · folds', value: 5 },
    ]);
  });
});
