import type { SidebarGroupKey } from '../../app/web-module.ts';

/** One accent per sidebar group, so the module cards can be told apart at a glance. */
const GROUP_COLORS: Record<Exclude<SidebarGroupKey, 'home'>, string> = {
  structure: '#1668dc',
  ligandPrep: '#16a34a',
  screening: '#f97316',
  analysis: '#7c3aed',
  workflows: '#0891b2',
  preprocess: '#0d9488',
  taskManagement: '#475569',
  experimental: '#db2777',
};

export function groupColor(key: SidebarGroupKey): string {
  return key === 'home' ? GROUP_COLORS.structure : GROUP_COLORS[key];
}
