import type { QsarpredRow } from '@yunyao/modules/forms/qsarpred';
import { describe, expect, it } from 'vitest';
import { atomWeightHighlight, firstPredicted, isClassification, predictionCounts, predictionHistogram } from './qsarpred-result.ts';

const row = (over: Partial<QsarpredRow>): QsarpredRow => ({
  ID: 'm',
  SMILES: 'CCO',
  error: null,
  prediction: 1,
  predicted_class: null,
  lower: null,
  upper: null,
  out_of_domain: false,
  nearest_id: null,
  nearest_smiles: null,
  nearest_similarity: null,
  atom_weights: null,
  ...over,
});

describe('QSAR prediction result', () => {
  it('counts predicted, out-of-domain and unreadable molecules', () => {
    const rows = [row({ ID: 'a' }), row({ ID: 'b', out_of_domain: true }), row({ ID: 'c', error: '无法解析的 SMILES', prediction: null, out_of_domain: null })];
    expect(predictionCounts(rows)).toEqual({ total: 3, predicted: 2, outOfDomain: 1, failed: 1 });
    expect(firstPredicted([rows[2]!, rows[1]!])?.ID).toBe('b');
    expect(isClassification(rows)).toBe(false);
    expect(isClassification([row({ predicted_class: 'active' })])).toBe(true);
  });

  it('bins probabilities over 0–1 and values over their own range', () => {
    const probs = predictionHistogram([row({ prediction: 0.05 }), row({ prediction: 0.95 }), row({ prediction: 1 })], true);
    expect(probs.interval[0]).toBe(0);
    expect(probs.interval.at(-1)).toBe(1);
    expect(probs.count[0]).toBe(1);
    expect(probs.count[9]).toBe(2);
    const values = predictionHistogram([row({ prediction: 2 }), row({ prediction: 4 }), row({ prediction: null, error: 'x' })], false, 2);
    expect(values).toEqual({ count: [1, 1], interval: [2, 3, 4] });
    expect(predictionHistogram([row({ prediction: 3 })], false, 2)).toEqual({ count: [0, 1], interval: [2.5, 3, 3.5] });
    expect(predictionHistogram([], false)).toEqual({ count: [], interval: [] });
    expect(predictionHistogram([row({ prediction: 1 }), row({ prediction: 2 })], false).count).toHaveLength(5);
    expect(predictionHistogram(Array.from({ length: 400 }, (_, i) => row({ prediction: i })), false).count).toHaveLength(20);
  });

  it('colours atoms by the sign of their weight and scales by its size, leaving the small ones plain', () => {
    const h = atomWeightHighlight([0.5, -1, 0.05, 0])!;
    expect(h.atoms).toEqual([0, 1]);
    expect(h.highlightAtomColors![1]).toEqual([0.13, 0.4, 0.85]);
    expect(h.highlightAtomColors![0]![0]).toBeGreaterThan(h.highlightAtomColors![0]![2]);
    expect(h.highlightAtomRadii![1]).toBeGreaterThan(h.highlightAtomRadii![0]!);
    expect(atomWeightHighlight([0, 0])).toBeUndefined();
    expect(atomWeightHighlight(null)).toBeUndefined();
  });
});
