import { defineModule } from '../types.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { PARAMS_ARG } from '../shared/step-params.ts';
import { readStepResult } from '../shared/step-result.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { moleculeSourceName, withDetail } from '../shared/task-name.ts';
import { MOLECULE_FILE_FIELD } from '../shared/molecule-source.ts';
import { qsarpredEngines } from './qsarpred.engines.ts';
import { QSAR_MODEL_FIELD, qsarpredForm, qsarpredRowSchema } from './qsarpred.form.ts';

export const QSARPRED_OUTPUT = 'predictions.csv';

/** Interpreter, RDKit and the model's estimator loaded from JSON. */
const START_SECONDS = 5;
/** docs/models/qsar.md: ≥ 100 molecules a second on one core with atom weights; 50 leaves room for large molecules. */
const MOLECULES_PER_SECOND = 50;

export const qsarpredModule = defineModule({
  ...qsarpredForm,
  version: '1.0.0',
  sampleParams: { mole_type: 'molecule', molecules: 'CCO', tuna_id: 7 },
  timeLimitSeconds: 2 * 3600,
  engines: qsarpredEngines.engines,
  progressFile: 'progress.json',
  registryInput: { param: 'tuna_id', field: QSAR_MODEL_FIELD.field },
  estimateCoreHours: (_params, inputs) => (START_SECONDS + fieldTotals(inputs, MOLECULE_FILE_FIELD.field).records / MOLECULES_PER_SECOND) / 3600,
  costUnits: (_params, inputs) => ({ unit: 'molecule', count: fieldTotals(inputs, MOLECULE_FILE_FIELD.field).records }),
  taskName: (params, inputs) => withDetail(qsarpredForm.name, moleculeSourceName(params, inputs)),
  buildSteps(ctx) {
    const model = filesOf(ctx.inputs, QSAR_MODEL_FIELD.field)[0]!;
    return [
      pythonStep(ctx, 'predict', 'qsar.predict', [
        inputsManifestArg(filesOf(ctx.inputs, MOLECULE_FILE_FIELD.field)),
        `--model=${model.path}`,
        PARAMS_ARG,
        `--output=${QSARPRED_OUTPUT}`,
      ]),
    ];
  },
  rowSchema: qsarpredRowSchema,
  parseResult: (ctx) => readStepResult({ workdir: ctx.workdir, outputPath: QSARPRED_OUTPUT, outputName: QSARPRED_OUTPUT }),
});
