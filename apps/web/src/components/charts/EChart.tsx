import { BarChart, CustomChart, LineChart, RadarChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../reduced-motion.ts';

// Only what the charts here draw, so the chunk stays small (ECharts' full build is ~1 MB).
use([RadarChart, BarChart, LineChart, ScatterChart, CustomChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

/** An ECharts canvas of fixed height that follows its container's width and its option (still, for reduced motion). */
export function EChart({ option, height, testId }: { option: EChartsCoreOption; height: number; testId?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = host.current!;
    const instance = init(el);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(prefersReducedMotion ? { ...option, animation: false } : option, { notMerge: true });
  }, [option]);

  return <div ref={host} style={{ width: '100%', height }} data-testid={testId} />;
}
