/**
 * The visitor's "reduce motion" setting (operating system or browser), read once per page: antd's
 * transitions and ECharts' entry animations are left out for it (WCAG 2.3.3), which also spares
 * machines without a GPU every animation frame.
 */
export const prefersReducedMotion: boolean = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
