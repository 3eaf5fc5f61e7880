import { debianPackageVersion, defineEngine, defineModuleEngines } from '../engine-types.ts';
import { rdkit, xgboost } from '../shared/engines.ts';

const sklearn = defineEngine({
  id: 'sklearn',
  name: 'scikit-learn',
  probe: debianPackageVersion('python3-sklearn'),
  debian: { note: "the ADMET training's split, metrics and calibrators", packages: ['python3-sklearn'] },
  citations: [
    { text: 'Pedregosa F, Varoquaux G, Gramfort A, et al. Scikit-learn: Machine Learning in Python. J Mach Learn Res 12, 2825–2830 (2011).', url: 'https://jmlr.org/papers/v12/pedregosa11a.html' },
  ],
});

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
