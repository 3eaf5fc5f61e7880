import { lazy } from 'react';

/** ECharts is most of a chart dialog's weight: it loads when a chart is first drawn. */
export const LazyEChart = lazy(async () => ({ default: (await import('./EChart.tsx')).EChart }));
