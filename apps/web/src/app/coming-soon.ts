import type { SidebarPlace } from './web-module.ts';

/** A spec module not built yet: its /calculate path and sidebar place. */
export interface ComingSoonPage {
  path: string;
  sidebar?: SidebarPlace;
}

/**
 * The spec's modules not built yet. Kept apart from the platform pages (which carry icons and page
 * loaders) so the landing page can tell a live module from a coming one without loading either. A
 * module that gets built declares its page in its manifest and leaves this list (the catalogue
 * refuses a path claimed twice). Every /calculate route of the spec has its page now.
 */
export const COMING_SOON_PAGES: readonly ComingSoonPage[] = [];

/** Whether a link leads to a module that is not built yet. */
export function isComingSoon(to: string): boolean {
  return COMING_SOON_PAGES.some((page) => to === `/calculate/${page.path}`);
}
