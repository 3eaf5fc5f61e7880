import { defineModule } from '../types.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { PARAMS_ARG } from '../shared/step-params.ts';
import { readStepResult } from '../shared/step-result.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { sameName } from '../shared/task-name.ts';
import { qsartunaEngines } from './qsartuna.engines.ts';
import { QSAR_DEFAULTS, QSAR_MODEL_FILE, QSAR_TABLE_FIELD, qsartunaForm, qsartunaRowSchema } from './qsartuna.form.ts';
import { QSARTUNA_MESSAGES } from './qsartuna.messages.ts';

/** Beside the model: every trial of the search, and the held-out test set's predictions. */
const QSAR_REPORTS = ['trials.csv', 'test-predictions.csv'];

/**
 * Featurising, the held-out test and the production fit after the search: ~1 s per 100 molecules on one core, measured
 * by bench/qsar.py, doubled. The blend step after the search (python/yunyao/qsar/blend.py) fits in it: about 40 s of
 * wall time on 2 cores for CYP2D6's 10,504 molecules (docs/models/qsar.md, "Blend"), against 210 s allowed here.
 */
const SECONDS_PER_MOLECULE = 0.02;
/** Interpreter, RDKit, scikit-learn, xgboost and Optuna imports. */
const START_SECONDS = 10;

export const qsartunaModule = defineModule({
  ...qsartunaForm,
  version: '1.0.0',
  sampleParams: { mode: 'regression', smiles_col: 'smiles', labels_col: 'pIC50' },
  // The search's own budget is at most 2 hours; the fits around it and a large table need room.
  timeLimitSeconds: 4 * 3600,
  engines: qsartunaEngines.engines,
  progressFile: 'progress.json',
  preflight(params, files) {
    if (files.some((f) => f.field === QSAR_TABLE_FIELD.field)) return null;
    return params.mole_type === 'cos' ? QSARTUNA_MESSAGES.cosMissing : QSARTUNA_MESSAGES.fileMissing;
  },
  tableCheck: { field: QSAR_TABLE_FIELD.field, program: 'qsar.check' },
  resolveParams: (params) => (params.algorithms.length ? params : { ...params, algorithms: [...QSAR_DEFAULTS.algorithms[params.mode]] }),
  // The search runs until its trials or its time budget end, on every core the task has.
  estimateCoreHours(params, inputs) {
    const rows = fieldTotals(inputs, QSAR_TABLE_FIELD.field).records;
    return (qsartunaForm.cores * (params.time_budget * 60 + START_SECONDS + rows * SECONDS_PER_MOLECULE)) / 3600;
  },
  taskName: (params) => sameName(params.name || params.labels_col),
  buildSteps(ctx) {
    return [pythonStep(ctx, 'build', 'qsar.build', [inputsManifestArg(filesOf(ctx.inputs, QSAR_TABLE_FIELD.field)), PARAMS_ARG, `--output=${QSAR_MODEL_FILE}`])];
  },
  rowSchema: qsartunaRowSchema,
  async parseResult(ctx) {
    const result = await readStepResult({ workdir: ctx.workdir, outputPath: QSAR_MODEL_FILE, outputName: QSAR_MODEL_FILE });
    return { ...result, outputs: [...result.outputs, ...QSAR_REPORTS.map((name) => ({ path: name, name }))] };
  },
});
