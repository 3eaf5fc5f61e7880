import type { SidebarPlace } from './web-module.ts';

/**
 * The spec's modules not built yet: their /calculate path and sidebar place. Kept apart from the
 * platform pages (which carry icons and page loaders) so the landing page can tell a live module
 * from a coming one without loading either. A module that gets built declares its page in its
 * manifest and leaves this list (the catalogue refuses a path claimed twice).
 */
export const COMING_SOON_PAGES = [
  { path: 'terminal', sidebar: { group: 'taskManagement', order: 2 } },
] as const satisfies readonly { path: string; sidebar?: SidebarPlace }[];

export type ComingSoonPath = (typeof COMING_SOON_PAGES)[number]['path'];

/** Whether a link leads to a module that is not built yet. */
export function isComingSoon(to: string): boolean {
  return COMING_SOON_PAGES.some((page) => to === `/calculate/${page.path}`);
}
