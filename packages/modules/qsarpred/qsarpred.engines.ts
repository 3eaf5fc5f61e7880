import { defineModuleEngines } from '../engine-types.ts';
import { rdkit, sklearn, xgboost } from '../shared/engines.ts';

/** QSAR prediction: the registry model's own descriptors (RDKit) and fitted estimator (scikit-learn or XGBoost). */
export const qsarpredEngines = defineModuleEngines({
  code: 'qsarpred',
  engines: [rdkit, sklearn, xgboost],
  citations: [
    {
      text: 'Riniker S, Landrum GA. Similarity maps – a visualization strategy for molecular fingerprints and machine-learning methods. J Cheminform 5, 43 (2013).',
      doi: '10.1186/1758-2946-5-43',
    },
  ],
  modelCard: 'docs/models/qsar.md',
});
