import { defineModuleEngines } from '../engine-types.ts';
import { mopac, node, nwchem, xtb } from '../shared/engines.ts';

/** Quantum chemistry by keywords: the driver on Node runs NWChem, xtb or MOPAC. */
export const prothodEngines = defineModuleEngines({ code: 'prothod', engines: [node, nwchem, xtb, mopac] });
