import { defineModule } from '../types.ts';
import { admetEngines } from './admet.engines.ts';
import { admetForm } from './admet.form.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { readStepResult } from '../shared/step-result.ts';
import { typedMoleculeLines } from '../shared/molecule-source.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { admetRowSchema } from '@yunyao/contract';
import { counted, sameName, withDetail } from '../shared/task-name.ts';

/** Fixed path the step writes: every molecule with every property, as CSV. */
export const ADMET_OUTPUT_PATH = 'admet.csv';

export const admetModule = defineModule({
  ...admetForm,
  version: '1.0.0',
  sampleParams: { mole_type: 'molecule', molecules: 'CCO' },
  timeLimitSeconds: 6 * 3600,
  engines: admetEngines.engines,
  // 152 molecules/s end to end after a 0.8 s model load, then ~6.7 ms/molecule of CPU more for the
  // structural alerts and rules, ~75 molecules/s in all (docs/benchmarks.md, ADMET prediction).
  estimateCoreHours(_params, inputs) {
    return (3 + fieldTotals(inputs, 'smiles').records / 60) / 3600;
  },
  taskName(params, inputs) {
    if (params.mole_type === 'molecule') return withDetail(sameName('ADMET'), counted(typedMoleculeLines(params.molecules).length, { zh: '分子', en: 'molecule' }));
    const [file] = filesOf(inputs, 'smiles');
    return file ? withDetail(sameName('ADMET'), sameName(file.originalName)) : sameName('ADMET');
  },
  buildSteps(ctx) {
    return [pythonStep(ctx, 'predict', 'admet', [inputsManifestArg(filesOf(ctx.inputs, 'smiles')), `--output=${ADMET_OUTPUT_PATH}`])];
  },
  rowSchema: admetRowSchema,
  async parseResult(ctx) {
    return readStepResult({ workdir: ctx.workdir, outputPath: ADMET_OUTPUT_PATH, outputName: ADMET_OUTPUT_PATH });
  },
});
