import { BOILED_EGG_ELLIPSES, EGG_REGIONS, type BoiledEgg, type EggRegion } from '@yunyao/contract';
import type { EChartsCoreOption } from 'echarts/core';

type Ellipse = (typeof BOILED_EGG_ELLIPSES)[keyof typeof BOILED_EGG_ELLIPSES];

/** The ellipse's outline as (TPSA, WLOGP) points, rotated in data units as the paper's parameters are. */
export function ellipseOutline(e: Ellipse, steps = 90): [number, number][] {
  const cos = Math.cos(e.angle);
  const sin = Math.sin(e.angle);
  return Array.from({ length: steps }, (_, i) => {
    const t = (2 * Math.PI * i) / steps;
    const u = (e.width / 2) * Math.cos(t);
    const v = (e.height / 2) * Math.sin(t);
    return [e.tpsa + u * cos - v * sin, e.wlogp + u * sin + v * cos];
  });
}

export interface EggPoint {
  name: string;
  egg: BoiledEgg;
}

export interface EggLabels {
  regions: Record<EggRegion, string>;
  colors: Record<EggRegion, string>;
}

interface ShapeApi {
  coord: (point: [number, number]) => number[];
}

const ellipseSeries = (e: Ellipse, fill: string) => ({
  type: 'custom',
  silent: true,
  clip: true,
  z: 1,
  data: [0],
  renderItem: (_params: unknown, api: ShapeApi) => ({
    type: 'polygon',
    shape: { points: ellipseOutline(e).map((p) => api.coord(p)) },
    style: { fill, stroke: '#bfbfbf' },
  }),
});

/** SwissADME's picture: grey field, white egg (gut absorption), yolk (brain), one point per molecule coloured by its region. */
export function boiledEggOption(points: readonly EggPoint[], labels: EggLabels): EChartsCoreOption {
  const tpsaMax = Math.max(200, ...points.map((p) => Math.ceil(p.egg.tpsa / 20) * 20));
  const wlogps = points.map((p) => p.egg.wlogp);
  return {
    grid: { left: 48, right: 16, top: 32, bottom: 40, show: true, backgroundColor: '#e8e8e8' },
    legend: { top: 0, data: EGG_REGIONS.map((r) => labels.regions[r]) },
    tooltip: { trigger: 'item' },
    xAxis: {
      type: 'value',
      name: 'TPSA (Å²)',
      nameLocation: 'middle',
      nameGap: 26,
      min: 0,
      max: tpsaMax,
      axisLine: { onZero: false },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: 'WLOGP',
      nameLocation: 'middle',
      nameGap: 32,
      min: Math.min(-4, ...wlogps.map(Math.floor)),
      max: Math.max(8, ...wlogps.map(Math.ceil)),
      splitLine: { show: false },
    },
    series: [
      ellipseSeries(BOILED_EGG_ELLIPSES.white, '#ffffff'),
      ellipseSeries(BOILED_EGG_ELLIPSES.yolk, '#ffe58f'),
      ...EGG_REGIONS.map((region) => ({
        type: 'scatter',
        name: labels.regions[region],
        z: 3,
        symbolSize: 9,
        itemStyle: { color: labels.colors[region], borderColor: '#fff', borderWidth: 1 },
        tooltip: { formatter: (p: { data: { name: string; value: [number, number] } }) => `${p.data.name}<br/>${labels.regions[region]}<br/>TPSA ${p.data.value[0]} · WLOGP ${p.data.value[1]}` },
        data: points.filter((p) => p.egg.region === region).map((p) => ({ name: p.name, value: [p.egg.tpsa, p.egg.wlogp] })),
      })),
    ],
  };
}
