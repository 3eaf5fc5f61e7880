import { defineModuleEngines } from '../engine-types.ts';
import { node, nwchem, xtb } from '../shared/engines.ts';

/** Quantum chemistry from an ORCA-style input, run by the quantum driver on Node (@yunyao/quantum) with NWChem or xtb. */
export const orcaEngines = defineModuleEngines({ code: 'orca', engines: [node, nwchem, xtb] });
