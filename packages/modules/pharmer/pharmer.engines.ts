import { defineModuleEngines } from '../engine-types.ts';
import { openbabel, plip, rdkit } from '../shared/engines.ts';

/** Pharmacophore screening: RDKit features and conformers, PLIP's interactions for the query, Open Babel for .pdb references. */
export const pharmerEngines = defineModuleEngines({
  code: 'pharmer',
  engines: [rdkit, plip, openbabel],
  modelCard: 'docs/models/pharmacophore.md',
});
