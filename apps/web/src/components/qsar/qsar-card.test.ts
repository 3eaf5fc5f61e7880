import { describe, expect, it } from 'vitest';
import { cardDescriptors, cvText, foldCount, formatShare, headlineMetric, readCard, testMetrics } from './qsar-card.ts';
import { calibrationOption, observedPredictedOption, rocOption, sharedRange } from './qsar-charts.ts';
import { predictLink, tunaIdOf } from './qsar-links.ts';

const regression = {
  mode: 'regression',
  label: 'logp',
  algorithm: 'XGBRegressor',
  descriptors: ['ECFP_counts'],
  cv: { mean: 0.8123, sd: 0.0412, folds: 5 },
  test: { n: 12, metrics: { RMSE: 0.5, R2: 0.77, MAE: 0.4, extra: 1 } },
  plots: { test_points: [{ observed: 1, predicted: 1.2 }, { observed: 3, predicted: 2.5 }] },
};

describe('QSAR model card', () => {
  it('reads a card, keeping what it has and dropping malformed keys', () => {
    const card = readCard({ ...regression, interval: 'not an object', seed: 'x', versions: { rdkit: '2022.09' } });
    expect(card.label).toBe('logp');
    expect(card.interval).toBeUndefined();
    expect(card.seed).toBeUndefined();
    expect(card.versions).toEqual({ rdkit: '2022.09' });
    expect(readCard(null)).toEqual({});
    expect(readCard('nonsense')).toEqual({});
  });

  it('lists the test metrics in the card order, headline first, others after', () => {
    const card = readCard(regression);
    expect(testMetrics(card).map((m) => m.name)).toEqual(['R2', 'RMSE', 'MAE', 'extra']);
    expect(headlineMetric(card)).toEqual({ name: 'R2', value: 0.77 });
    expect(headlineMetric(readCard({ mode: 'classification', test: { metrics: { AUROC: 0.9 } } }))).toEqual({ name: 'AUROC', value: 0.9 });
    expect(headlineMetric(readCard({ mode: 'classification' }))).toEqual({ name: 'AUROC', value: null });
  });

  it('writes the cross-validated score as mean ± sd, and shares as percentages', () => {
    expect(cvText(readCard(regression))).toBe('0.812 ± 0.041');
    expect(cvText(readCard({ cv: { mean: 0.5 } }))).toBe('0.500');
    expect(cvText(readCard({}))).toBeNull();
    expect(formatShare(0.9)).toBe('90.0%');
    expect(formatShare(undefined)).toBe('–');
    expect(cardDescriptors(readCard({ descriptors: 'ECFP' }))).toEqual(['ECFP']);
  });

  it('counts the folds from their scores as the build lists them, or from the search', () => {
    expect(foldCount(readCard({ cv: { folds: [0.4, 0.5, null] } }))).toBe(3);
    expect(foldCount(readCard(regression))).toBe(5);
    expect(foldCount(readCard({ search: { folds: 4 } }))).toBe(4);
    expect(foldCount(readCard({}))).toBeNull();
  });
});

describe('QSAR card plots', () => {
  it('gives observed and predicted one square range, so y = x runs corner to corner', () => {
    expect(sharedRange([1, 3])).toEqual([0, 4]);
    expect(sharedRange([0.31, 6.6])).toEqual([0, 7]);
    expect(sharedRange([-1.23, -1.2])).toEqual([-1.24, -1.19]);
    expect(sharedRange([])).toEqual([0, 1]);
    const option = observedPredictedOption(regression.plots.test_points, { observed: 'o', predicted: 'p', ideal: 'y=x' }) as {
      xAxis: { min: number; max: number };
      yAxis: { min: number; max: number };
      series: { data: number[][] }[];
    };
    expect([option.xAxis.min, option.xAxis.max]).toEqual([option.yAxis.min, option.yAxis.max]);
    expect(option.series[1]!.data).toEqual([
      [0, 0],
      [4, 4],
    ]);
  });

  it('draws the ROC curve in order of false positive rate and the calibration bins in order of prediction', () => {
    const roc = rocOption([{ fpr: 1, tpr: 1 }, { fpr: 0, tpr: 0 }, { fpr: 0, tpr: 0.5 }], { fpr: '', tpr: '', chance: '', curve: '' }) as { series: { data: number[][] }[] };
    expect(roc.series[0]!.data).toEqual([[0, 0], [0, 0.5], [1, 1]]);
    const cal = calibrationOption([{ predicted: 0.8, observed: 0.7, n: 3 }, { predicted: 0.2, observed: 0.1 }], { predicted: '', observed: '', ideal: '', curve: '' }) as { series: { data: unknown[][] }[] };
    expect(cal.series[0]!.data).toEqual([[0.2, 0.1, null], [0.8, 0.7, 3]]);
  });
});

describe('QSAR prediction links', () => {
  it('names a model by its tuna_id, and reads only a positive whole number back', () => {
    expect(predictLink(42)).toBe('/calculate/qsarApply?tuna_id=42');
    expect(tunaIdOf(new URLSearchParams('tuna_id=42'))).toBe(42);
    for (const bad of ['', 'tuna_id=', 'tuna_id=0', 'tuna_id=-3', 'tuna_id=4.5', 'tuna_id=abc']) expect(tunaIdOf(new URLSearchParams(bad))).toBeNull();
  });
});
