import type { RouteObject } from 'react-router';
import type { PageLoader } from './web-module.ts';

/** Code-split route: the page's chunk loads on first visit only. */
export const lazyRoute = (load: PageLoader): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
