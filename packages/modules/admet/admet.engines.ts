import { defineModuleEngines } from '../engine-types.ts';
import { rdkit, sklearn, xgboost } from '../shared/engines.ts';

/** ADMET prediction: RDKit descriptors and fingerprints into XGBoost models trained on TDC's ADMET group. */
export const admetEngines = defineModuleEngines({
  code: 'admet',
  engines: [rdkit, xgboost, sklearn],
  citations: [
    {
      text: 'Huang K, Fu T, Gao W, et al. Therapeutics Data Commons: Machine Learning Datasets and Tasks for Drug Discovery and Development. Proceedings of the Neural Information Processing Systems Track on Datasets and Benchmarks 1 (2021).',
      url: 'https://arxiv.org/abs/2102.09548',
    },
  ],
  modelCard: 'docs/models/admet.md',
});
