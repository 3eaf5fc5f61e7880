import type { EChartsCoreOption } from 'echarts/core';

/** One molecule of a 3D affinity result (python/yunyao/affinity/sign.py). */
export interface SignRow {
  index: number;
  id: string;
  smiles: string;
  pk: number | null;
  kd_m: number | null;
  vina_score: number | null;
  posed: 'input' | 'docked' | null;
  in_domain: boolean | null;
  error: string | null;
}

/** One molecule of a 2D affinity result (python/yunyao/dta/predict.py). */
export interface DtaRow {
  index: number;
  id: string;
  smiles: string;
  affinity: number | null;
  kd_nm: number | null;
  error: string | null;
}

/** The steps' histogram of the predicted affinity (python/yunyao/dock.py `histogram`). */
export interface AffinityHistogram {
  count: number[];
  /** The 11 edges of the 10 bins. */
  interval: number[];
}

export function histogramOption(histogram: AffinityHistogram, axisName: string): EChartsCoreOption {
  const labels = histogram.count.map((_, i) => `${histogram.interval[i]?.toFixed(1)}–${histogram.interval[i + 1]?.toFixed(1)}`);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: labels, name: axisName, nameLocation: 'middle', nameGap: 36, axisLabel: { rotate: 30, fontSize: 10 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', data: histogram.count, itemStyle: { color: '#13a8a8' } }],
  };
}

/** Kd in molar as a chemist reads it: nM below 1 µM, µM below 1 mM, else mM. */
export function formatMolar(kd: number | null): string {
  if (kd === null) return '–';
  if (kd < 1e-6) return `${(kd * 1e9).toPrecision(3)} nM`;
  if (kd < 1e-3) return `${(kd * 1e6).toPrecision(3)} µM`;
  return `${(kd * 1e3).toPrecision(3)} mM`;
}
