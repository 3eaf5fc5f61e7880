import { defineModuleEngines } from '../engine-types.ts';
import { openbabel } from '../shared/engines.ts';

export const convertEngines = defineModuleEngines({ code: 'convert', engines: [openbabel] });
