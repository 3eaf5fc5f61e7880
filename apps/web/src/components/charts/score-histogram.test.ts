import { describe, expect, it } from 'vitest';
import { scoreHistogramOption } from './score-histogram.ts';

const labelsOf = (interval: number[]) => {
  const option = scoreHistogramOption({ count: interval.slice(1).map(() => 1), interval }, 'pKd') as { xAxis: { data: string[] } };
  return option.xAxis.data;
};

describe('score histogram labels', () => {
  it('keeps docking-sized bins at one decimal', () => {
    expect(labelsOf([-9, -8.5, -8, -7.5])).toEqual(['-9.0–-8.5', '-8.5–-8.0', '-8.0–-7.5']);
  });

  it('gives narrow bins (2D affinity of similar molecules) as many decimals as tell their edges apart', () => {
    // Edges 0.05 apart read "6.5–6.5" at one decimal.
    expect(labelsOf([6.5, 6.55, 6.6, 6.65])).toEqual(['6.50–6.55', '6.55–6.60', '6.60–6.65']);
    const thirds = labelsOf([7, 7.0333, 7.0667, 7.1]);
    expect(thirds).toEqual(['7.00–7.03', '7.03–7.07', '7.07–7.10']);
  });
});
