import type { EChartsCoreOption } from 'echarts/core';

/** Docking's histogram format (`statis.json`), which the screening and affinity steps all write. */
export interface ScoreHistogram {
  count: number[];
  /** The bin edges, one more than the counts. */
  interval: number[];
}

/** The steps write edges to 3 decimals; more would show noise. */
const MAX_DECIMALS = 3;

/**
 * One decimal where that tells every edge apart (docking's bins), more for narrow bins: 2D
 * affinities of similar molecules span tenths, and one decimal read "6.5–6.5".
 */
function edgeDecimals(edges: readonly number[]): number {
  for (let d = 1; d < MAX_DECIMALS; d++) {
    const shown = edges.map((e) => e.toFixed(d));
    if (new Set(shown).size === shown.length) return d;
  }
  return MAX_DECIMALS;
}

/** A bar chart of a task's score distribution, each bar labelled by its bin's range. */
export function scoreHistogramOption(h: ScoreHistogram, axisName: string): EChartsCoreOption {
  const d = edgeDecimals(h.interval);
  const labels = h.count.map((_, i) => `${h.interval[i]?.toFixed(d)}–${h.interval[i + 1]?.toFixed(d)}`);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: labels, name: axisName, nameLocation: 'middle', nameGap: 34, axisLabel: { rotate: 30, fontSize: 10 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', data: h.count, itemStyle: { color: '#1677ff' } }],
  };
}
