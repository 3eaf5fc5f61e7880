import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazy-route.ts';
import { catalogue } from './web-modules.ts';

/**
 * The catalogue's pages under /calculate. The router patches them in on the first visit there
 * (router.tsx), so the catalogue (every manifest with its icon, every module's name) is no part
 * of the landing and login pages' first load.
 */
export const calculateRoutes: RouteObject[] = catalogue.pages.map((p) => ({ path: p.path, ...lazyRoute(p.load) }));
