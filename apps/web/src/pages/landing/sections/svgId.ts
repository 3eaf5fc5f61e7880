import { useId } from 'react';

/**
 * A prefix for gradient and filter ids. The same illustration can appear twice on a
 * page, and React's ids contain characters that break `url(#…)` references.
 */
export function useSvgId(): (name: string) => string {
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (name) => `${base}-${name}`;
}

/** Corners of a regular hexagon with a vertex on top, for drawing ring molecules. */
export function hexagon(cx: number, cy: number, r: number): [number, number][] {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 90);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}
