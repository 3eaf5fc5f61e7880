import { defineModuleEngines } from '../engine-types.ts';
import { openbabel, PROTEIN_PREP_PACKAGES, rdkit, vina, xgboost } from '../shared/engines.ts';

/** 3D affinity: contact counts of posed complexes (unposed ligands docked by Vina first) into an XGBoost model trained on PDBbind. */
export const signEngines = defineModuleEngines({
  code: 'sign',
  engines: [vina, openbabel, rdkit, xgboost],
  packages: [PROTEIN_PREP_PACKAGES],
  citations: [
    {
      text: 'Wang R, Fang X, Lu Y, Wang S. The PDBbind Database: Collection of Binding Affinities for Protein−Ligand Complexes with Known Three-Dimensional Structures. J Med Chem 47(12), 2977–2980 (2004).',
      doi: '10.1021/jm030580l',
    },
  ],
  modelCard: 'docs/models/affinity.md',
});
