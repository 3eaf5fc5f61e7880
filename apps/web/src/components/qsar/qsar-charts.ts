import type { EChartsCoreOption } from 'echarts/core';

const POINT_COLOR = '#1677ff';
const IDEAL_COLOR = '#bfbfbf';
const GRID = { left: 56, right: 20, top: 28, bottom: 48 };

/**
 * A square range holding every value, widened to whole steps of the span's power of ten, so y = x
 * runs corner to corner and the axes start and end on ticks ECharts labels itself.
 */
export function sharedRange(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (!finite.length) return [0, 1];
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  const span = hi - lo || Math.abs(hi) || 1;
  const step = 10 ** Math.floor(Math.log10(span));
  const round = (v: number) => Number(v.toPrecision(12));
  return [round(Math.floor(lo / step - 1e-9) * step), round(Math.ceil(hi / step + 1e-9) * step)];
}

/** The dashed diagonal a perfect model would follow. */
const ideal = (from: number, to: number, name: string) => ({
  type: 'line',
  name,
  data: [
    [from, from],
    [to, to],
  ],
  symbol: 'none',
  silent: true,
  lineStyle: { type: 'dashed', color: IDEAL_COLOR, width: 1 },
});

const valueAxis = (name: string, range: [number, number]) => ({
  type: 'value',
  name,
  nameLocation: 'middle',
  nameGap: 32,
  min: range[0],
  max: range[1],
  axisLabel: { fontSize: 10 },
  splitLine: { lineStyle: { type: 'dotted' } },
});

/** Regression: each held-out molecule's prediction against its measured value, with y = x. */
export function observedPredictedOption(
  points: readonly { observed: number; predicted: number }[],
  text: { observed: string; predicted: string; ideal: string },
): EChartsCoreOption {
  const range = sharedRange(points.flatMap((p) => [p.observed, p.predicted]));
  return {
    tooltip: { trigger: 'item', formatter: (p: { value: number[] }) => `${text.observed} ${p.value[0]?.toFixed(2)}<br/>${text.predicted} ${p.value[1]?.toFixed(2)}` },
    grid: GRID,
    xAxis: valueAxis(text.observed, range),
    yAxis: valueAxis(text.predicted, range),
    series: [
      { type: 'scatter', name: text.predicted, data: points.map((p) => [p.observed, p.predicted]), symbolSize: 6, itemStyle: { color: POINT_COLOR, opacity: 0.75 } },
      ideal(range[0], range[1], text.ideal),
    ],
  };
}

/** Classification: the ROC curve on the held-out set, with the chance diagonal. */
export function rocOption(roc: readonly { fpr: number; tpr: number }[], text: { fpr: string; tpr: string; chance: string; curve: string }): EChartsCoreOption {
  const curve = [...roc].sort((a, b) => a.fpr - b.fpr || a.tpr - b.tpr).map((p) => [p.fpr, p.tpr]);
  return {
    tooltip: { trigger: 'item' },
    grid: GRID,
    xAxis: valueAxis(text.fpr, [0, 1]),
    yAxis: valueAxis(text.tpr, [0, 1]),
    series: [{ type: 'line', name: text.curve, data: curve, showSymbol: false, lineStyle: { color: POINT_COLOR, width: 2 } }, ideal(0, 1, text.chance)],
  };
}

/** Classification: observed positive share against mean predicted probability per bin, with perfect calibration. */
export function calibrationOption(
  bins: readonly { predicted: number; observed: number; n?: number | undefined }[],
  text: { predicted: string; observed: string; ideal: string; curve: string },
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item' },
    grid: GRID,
    xAxis: valueAxis(text.predicted, [0, 1]),
    yAxis: valueAxis(text.observed, [0, 1]),
    series: [
      {
        type: 'line',
        name: text.curve,
        data: [...bins].sort((a, b) => a.predicted - b.predicted).map((b) => [b.predicted, b.observed, b.n ?? null]),
        symbolSize: 7,
        lineStyle: { color: POINT_COLOR },
        itemStyle: { color: POINT_COLOR },
      },
      ideal(0, 1, text.ideal),
    ],
  };
}
