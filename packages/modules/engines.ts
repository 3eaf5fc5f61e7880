import type { ModuleEngines } from './engine-types.ts';
import { discoverModuleEngines } from './discover.ts';

export * from './engine-types.ts';
export { discoverModuleEngines } from './discover.ts';

/**
 * Every module's engine declarations (`<code>/<code>.engines.ts`), discovered like the modules
 * themselves: @yunyao/engines assembles the version probes and scripts/debian-packages.txt from
 * them. Only the engines files load, not the modules.
 */
export const moduleEngines: readonly ModuleEngines[] = await discoverModuleEngines(new URL('./', import.meta.url));
