/**
 * ECharts options of the quantum result view: IR and UV-Vis (broadened curve plus sticks)
 * and the orbital level diagram. The math is in spectra.ts.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { IrSpectrum, OrbitalWindow, UvSpectrum } from './spectra.ts';

const CURVE = '#1677ff';
const STICK = '#fa541c';
const OCCUPIED = '#1677ff';
const VIRTUAL = '#8c8c8c';
const FRONTIER = '#fa541c';

const round = (v: number, digits: number) => Number(v.toFixed(digits));

export interface SpectrumLabels {
  x: string;
  y: string;
  curve: string;
  sticks: string;
}

function spectrumOption(
  curve: [number, number][],
  sticks: { x: number; y: number }[],
  range: { min: number; max: number },
  labels: SpectrumLabels,
  inverse: boolean,
  digits: number,
): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? v.toFixed(digits) : String(v)) },
    legend: { top: 0, right: 16, data: [labels.curve, labels.sticks] },
    grid: { left: 64, right: 32, top: 36, bottom: 48 },
    xAxis: {
      type: 'value',
      min: range.min,
      max: range.max,
      inverse,
      name: labels.x,
      nameLocation: 'middle',
      nameGap: 28,
      splitLine: { show: false },
    },
    yAxis: { type: 'value', min: 0, name: labels.y, nameLocation: 'middle', nameGap: 46 },
    series: [
      {
        name: labels.curve,
        type: 'line',
        data: curve.map(([x, y]) => [round(x, 2), round(y, 5)]),
        showSymbol: false,
        lineStyle: { width: 1.6, color: CURVE },
        itemStyle: { color: CURVE },
        areaStyle: { color: 'rgba(22,119,255,0.08)' },
      },
      {
        name: labels.sticks,
        type: 'bar',
        data: sticks.map((s) => [round(s.x, 2), s.y]),
        barWidth: 2,
        itemStyle: { color: STICK },
      },
    ],
  };
}

/** IR: x from high to low wavenumber, as chemists read it. */
export function irOption(ir: IrSpectrum, labels: SpectrumLabels): EChartsCoreOption {
  return spectrumOption(ir.curve, ir.sticks, ir.range, labels, true, 1);
}

export function uvOption(uv: UvSpectrum, labels: SpectrumLabels): EChartsCoreOption {
  return spectrumOption(uv.curve, uv.sticks, uv.range, labels, false, 4);
}

/** Levels closer than this (eV) are drawn side by side as degenerate. */
const DEGENERATE_EV = 0.01;
const LEVEL_LEFT = 0.32;
const LEVEL_RIGHT = 0.68;
const GAP_X = 0.14;
/** Chart height less the grid's top and bottom, px, and the height one level label needs. */
const PLOT_PX = 328;
const LABEL_PX = 13;

/**
 * Each orbital as a short horizontal line (degenerate ones side by side), occupied solid and
 * virtual dashed, HOMO and LUMO highlighted and labelled, the gap as a double arrow.
 */
export function orbitalOption(window: OrbitalWindow, labels: { energy: string; occupied: string; virtual: string }): EChartsCoreOption {
  const groups: (typeof window.levels)[] = [];
  for (const level of window.levels) {
    const last = groups.at(-1);
    if (last && Math.abs(last[0]!.energy - level.energy) < DEGENERATE_EV) last.push(level);
    else groups.push([level]);
  }
  const energies = window.levels.map((l) => l.energy);
  const pad = energies.length ? Math.max(0.5, (Math.max(...energies) - Math.min(...energies)) * 0.06) : 1;
  const yMin = energies.length ? Math.floor(Math.min(...energies) - pad) : 0;
  const yMax = energies.length ? Math.ceil(Math.max(...energies) + pad) : 1;
  // Labels closer than about one text line go to the other end of their level, so they never overlap.
  const lineOfText = ((yMax - yMin) * LABEL_PX) / PLOT_PX;
  let lastRight = -Infinity;
  const lines: unknown[] = [];
  for (const group of groups) {
    const width = (LEVEL_RIGHT - LEVEL_LEFT) / group.length;
    const energy = group[0]!.energy;
    const right = energy - lastRight >= lineOfText;
    if (right) lastRight = energy;
    group.forEach((level, i) => {
      const frontier = level.label === 'HOMO' || level.label === 'LUMO';
      const x0 = LEVEL_LEFT + i * width + (group.length > 1 ? 0.01 : 0);
      const x1 = LEVEL_LEFT + (i + 1) * width - (group.length > 1 ? 0.01 : 0);
      const labelled = right ? i === group.length - 1 : i === 0;
      lines.push([
        {
          name: level.label,
          coord: [x0, level.energy],
          lineStyle: { color: frontier ? FRONTIER : level.occupied ? OCCUPIED : VIRTUAL, width: frontier ? 4 : 2.5, type: level.occupied ? 'solid' : 'dashed' },
          label: {
            show: labelled,
            position: right ? 'end' : 'start',
            formatter: `${level.label}  ${level.energy.toFixed(2)}${group.length > 1 ? ` (×${group.length})` : ''}`,
            color: frontier ? FRONTIER : '#595959',
            fontWeight: frontier ? 'bold' : 'normal',
            fontSize: 11,
          },
        },
        { coord: [x1, level.energy] },
      ]);
    });
  }
  if (window.homo && window.lumo && window.gap !== null) {
    lines.push([
      {
        name: 'gap',
        coord: [GAP_X, window.homo.energy],
        symbol: 'arrow',
        lineStyle: { color: '#389e0d', width: 1.5, type: 'solid' },
        label: { show: true, position: 'middle', formatter: `Δ = ${window.gap.toFixed(2)} eV`, color: '#389e0d', fontWeight: 'bold', fontSize: 12 },
      },
      { coord: [GAP_X, window.lumo.energy], symbol: 'arrow' },
    ]);
  }
  return {
    animation: false,
    tooltip: { trigger: 'item' },
    grid: { left: 64, right: 24, top: 16, bottom: 16 },
    xAxis: { type: 'value', min: 0, max: 1, show: false },
    yAxis: {
      type: 'value',
      name: labels.energy,
      nameLocation: 'middle',
      nameGap: 44,
      min: yMin,
      max: yMax,
      splitLine: { lineStyle: { type: 'dotted' } },
    },
    series: [
      {
        type: 'scatter',
        // Invisible points at the level centres carry the tooltip.
        data: window.levels.map((l) => ({ value: [0.5, l.energy], name: `${l.label} · ${l.occupied ? labels.occupied : labels.virtual}` })),
        symbolSize: 14,
        itemStyle: { opacity: 0 },
        tooltip: { formatter: (p: { name: string; value: [number, number] }) => `${p.name}<br/>${p.value[1].toFixed(3)} eV` },
        markLine: { silent: true, symbol: 'none', animation: false, data: lines },
      },
    ],
  };
}
