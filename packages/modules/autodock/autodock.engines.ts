import { defineModuleEngines } from '../engine-types.ts';
import { openbabel, plip, PROTEIN_PREP_PACKAGES, rdkit, vina } from '../shared/engines.ts';

/** Docking: ligands prepared with RDKit and Open Babel, docked by Vina, re-ranked with Vinardo, interactions by PLIP. */
export const autodockEngines = defineModuleEngines({
  code: 'autodock',
  engines: [vina, openbabel, rdkit, plip],
  packages: [PROTEIN_PREP_PACKAGES],
  citations: [
    {
      text: 'Quiroga R, Villarreal MA. Vinardo: A Scoring Function Based on Autodock Vina Improves Scoring, Docking, and Virtual Screening. PLoS ONE 11(5), e0155183 (2016).',
      doi: '10.1371/journal.pone.0155183',
    },
  ],
  modelCard: 'docs/models/docking.md',
});
