import { defineModule } from '../types.ts';
import { performEngines } from './perform.engines.ts';
import { performForm } from './perform.form.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { readStepResult } from '../shared/step-result.ts';
import { PARAMS_ARG } from '../shared/step-params.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { fileToolRowSchema } from '@yunyao/contract';
import { sameName, withDetail } from '../shared/task-name.ts';

/** Fixed path the step writes; the user's name is only the download name. */
export const PERFORM_OUTPUT_PATH = 'output.sdf';

export const performModule = defineModule({
  ...performForm,
  version: '1.0.0',
  timeLimitSeconds: 1800,
  engines: performEngines.engines,
  // ETKDGv3 + MMFF94: 0.09–0.13 s per drug-sized molecule (docs/benchmarks.md), slower for large ones.
  estimateCoreHours(_params, inputs) {
    const { records, atoms } = fieldTotals(inputs, 'input');
    return (2 + 0.15 * records + 0.002 * atoms) / 3600;
  },
  taskName(params) {
    return withDetail(sameName(params.out), sameName(params.structure));
  },
  buildSteps(ctx) {
    return [
      pythonStep(ctx, 'optimize', 'perform', [
        inputsManifestArg(filesOf(ctx.inputs, 'input')),
        PARAMS_ARG,
        `--output=${PERFORM_OUTPUT_PATH}`,
      ]),
    ];
  },
  rowSchema: fileToolRowSchema,
  async parseResult(ctx) {
    return readStepResult({ workdir: ctx.workdir, outputPath: PERFORM_OUTPUT_PATH, outputName: ctx.params.out });
  },
});
