import { defineModuleEngines } from '../engine-types.ts';
import { openbabel, rdkit } from '../shared/engines.ts';

/** 3D structures: RDKit embeds and optimises, Open Babel reads MOL2 and PDB inputs. */
export const performEngines = defineModuleEngines({ code: 'perform', engines: [rdkit, openbabel] });
