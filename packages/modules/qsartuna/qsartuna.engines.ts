import { debianPackageVersion, defineEngine, defineModuleEngines } from '../engine-types.ts';
import { rdkit, sklearn, xgboost } from '../shared/engines.ts';

const optuna = defineEngine({
  id: 'optuna',
  name: 'Optuna',
  probe: debianPackageVersion('python3-optuna'),
  debian: { note: "the QSAR build's hyper-parameter search (TPE sampler)", packages: ['python3-optuna'] },
  citations: [
    {
      text: 'Akiba T, Sano S, Yanase T, Ohta T, Koyama M. Optuna: A Next-generation Hyperparameter Optimization Framework. Proceedings of the 25th ACM SIGKDD International Conference on Knowledge Discovery & Data Mining, 2623–2631 (2019).',
      doi: '10.1145/3292500.3330701',
    },
  ],
});

/** QSAR build: RDKit descriptors, scikit-learn and XGBoost algorithms, searched by Optuna as QSARtuna does. */
export const qsartunaEngines = defineModuleEngines({
  code: 'qsartuna',
  engines: [rdkit, sklearn, xgboost, optuna],
  citations: [
    {
      text: 'Mervin L, Voronov A, Kabeshov M, Engkvist O. QSARtuna: An Automated QSAR Modeling Platform for Molecular Property Prediction in Drug Design. J Chem Inf Model 64(14), 5365–5374 (2024).',
      doi: '10.1021/acs.jcim.4c00457',
    },
    {
      text: 'Bemis GW, Murcko MA. The Properties of Known Drugs. 1. Molecular Frameworks. J Med Chem 39(15), 2887–2893 (1996).',
      doi: '10.1021/jm9602928',
    },
  ],
  modelCard: 'docs/models/qsar.md',
});
