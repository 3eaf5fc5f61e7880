import type { EChartsCoreOption } from 'echarts/core';

/** Docking's histogram format (`statis.json`), which the screening and affinity steps all write. */
export interface ScoreHistogram {
  count: number[];
  /** The bin edges, one more than the counts. */
  interval: number[];
}

/** A bar chart of a task's score distribution, each bar labelled by its bin's range. */
export function scoreHistogramOption(h: ScoreHistogram, axisName: string): EChartsCoreOption {
  const labels = h.count.map((_, i) => `${h.interval[i]?.toFixed(1)}–${h.interval[i + 1]?.toFixed(1)}`);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: labels, name: axisName, nameLocation: 'middle', nameGap: 34, axisLabel: { rotate: 30, fontSize: 10 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', data: h.count, itemStyle: { color: '#1677ff' } }],
  };
}
