import { defineModuleEngines } from '../engine-types.ts';
import { openbabel, plip, PROTEIN_PREP_PACKAGES, rdkit, vina } from '../shared/engines.ts';

/**
 * Pharmacophore screening: RDKit features and conformers, PLIP's interactions for the query, Open Babel for .pdb
 * references and Vina ligands, the receptor prepared as for docking, and Vina's local optimisation of the aligned poses.
 */
export const pharmerEngines = defineModuleEngines({
  code: 'pharmer',
  engines: [rdkit, plip, openbabel, vina],
  packages: [PROTEIN_PREP_PACKAGES],
  modelCard: 'docs/models/pharmacophore.md',
});
