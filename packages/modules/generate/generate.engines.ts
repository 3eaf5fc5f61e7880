import { defineModuleEngines } from '../engine-types.ts';
import { rdkit } from '../shared/engines.ts';

/**
 * Molecule generation: the project's own generator (python/yunyao/generate) over RDKit: edits of the
 * parent's graph and BRICS fragment replacement, scored with RDKit's QED, Contrib SA_Score and PAINS catalogue.
 */
export const generateEngines = defineModuleEngines({
  code: 'generate',
  engines: [rdkit],
  citations: [
    {
      text: 'Degen J, Wegscheid-Gerlach C, Zaliani A, Rarey M. On the Art of Compiling and Using “Drug-Like” Chemical Fragment Spaces. ChemMedChem 3(10), 1503–1507 (2008).',
      doi: '10.1002/cmdc.200800178',
    },
    {
      text: 'Ertl P, Schuffenhauer A. Estimation of synthetic accessibility score of drug-like molecules based on molecular complexity and fragment contributions. J Cheminform 1, 8 (2009).',
      doi: '10.1186/1758-2946-1-8',
    },
    {
      text: 'Bickerton GR, Paolini GV, Besnard J, Muresan S, Hopkins AL. Quantifying the chemical beauty of drugs. Nat Chem 4(2), 90–98 (2012).',
      doi: '10.1038/nchem.1243',
    },
    {
      text: 'Baell JB, Holloway GA. New Substructure Filters for Removal of Pan Assay Interference Compounds (PAINS) from Screening Libraries and for Their Exclusion in Bioassays. J Med Chem 53(7), 2719–2740 (2010).',
      doi: '10.1021/jm901137j',
    },
    {
      text: 'Polykovskiy D, Zhebrak A, Sanchez-Lengeling B, et al. Molecular Sets (MOSES): A Benchmarking Platform for Molecular Generation Models. Front Pharmacol 11, 565644 (2020).',
      doi: '10.3389/fphar.2020.565644',
    },
  ],
  modelCard: 'docs/models/generation.md',
});
