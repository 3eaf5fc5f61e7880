import { defineModuleEngines } from '../engine-types.ts';
import { openbabel } from '../shared/engines.ts';

export const mergeEngines = defineModuleEngines({ code: 'merge', engines: [openbabel] });
