import { defineModule } from '../types.ts';
import { generateEngines } from './generate.engines.ts';
import { generateForm, generateRowSchema } from './generate.form.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { PARAMS_ARG } from '../shared/step-params.ts';
import { readStepResult } from '../shared/step-result.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { moleculeSourceName, withDetail } from '../shared/task-name.ts';

/** Fixed path the step writes: every child with its parent and properties, as CSV. */
export const GENERATE_OUTPUT_PATH = 'generated.csv';

/** Interpreter, RDKit, the reference set and SA_Score's fragment table: ~1.5 CPU-s before the first molecule. */
const START_SECONDS = 3;
/** docs/models/generation.md: ≥ 250 children a second on one core, proposals and scoring included; 150 leaves room for larger parents. */
const CHILDREN_PER_SECOND = 150;

export const generateModule = defineModule({
  ...generateForm,
  version: '1.0.0',
  sampleParams: { mole_type: 'molecule', molecules: 'CCO' },
  timeLimitSeconds: 4 * 3600,
  engines: generateEngines.engines,
  progressFile: 'progress.json',
  estimateCoreHours(params, inputs) {
    return (START_SECONDS + (fieldTotals(inputs, 'smiles').records * params.gene_nums) / CHILDREN_PER_SECOND) / 3600;
  },
  costUnits: (_params, inputs) => ({ unit: 'molecule', count: fieldTotals(inputs, 'smiles').records }),
  taskName(params, inputs) {
    return withDetail(generateForm.name, moleculeSourceName(params, inputs));
  },
  buildSteps(ctx) {
    return [pythonStep(ctx, 'generate', 'generate', [inputsManifestArg(filesOf(ctx.inputs, 'smiles')), PARAMS_ARG, `--output=${GENERATE_OUTPUT_PATH}`])];
  },
  rowSchema: generateRowSchema,
  async parseResult(ctx) {
    return readStepResult({ workdir: ctx.workdir, outputPath: GENERATE_OUTPUT_PATH, outputName: GENERATE_OUTPUT_PATH });
  },
});
