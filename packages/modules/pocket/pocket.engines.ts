import { defineModuleEngines } from '../engine-types.ts';
import { node } from '../shared/engines.ts';

/** Pocket detection in plain TypeScript (@yunyao/pockets) on the worker's Node, ranked by a re-scorer trained in python/yunyao/pocket/. */
export const pocketEngines = defineModuleEngines({ code: 'pocket', engines: [node], modelCard: 'docs/models/pockets.md' });
