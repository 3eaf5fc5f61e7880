import { defineModule } from '../types.ts';
import { convertEngines } from './convert.engines.ts';
import { extOf } from '../shared/file-names.ts';
import { convertForm, type ConvertParams } from './convert.form.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { readStepResult } from '../shared/step-result.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { fileToolRowSchema } from '@yunyao/contract';
import { sameName } from '../shared/task-name.ts';

/** Fixed path the step writes to; the user's name is only the download name. */
export function convertOutputPath(params: ConvertParams): string {
  return `output.${extOf(params.out)}`;
}

export const convertModule = defineModule({
  ...convertForm,
  version: '1.0.0',
  sampleParams: { out: 'x.sdf' },
  timeLimitSeconds: 1800,
  engines: convertEngines.engines,
  // Open Babel with 3D generation: about 0.09 s per molecule (docs/benchmarks.md), plus the Python start.
  estimateCoreHours(_params, inputs) {
    return (2 + 0.15 * fieldTotals(inputs, 'input').records) / 3600;
  },
  taskName(params, inputs) {
    const names = filesOf(inputs, 'input').map((f) => f.originalName);
    return sameName(names.length ? `${names.join(' + ')} → ${params.out}` : params.out);
  },
  buildSteps(ctx) {
    return [
      pythonStep(ctx, 'convert', 'convert', [
        inputsManifestArg(filesOf(ctx.inputs, 'input')),
        `--output=${convertOutputPath(ctx.params)}`,
        `--format=${extOf(ctx.params.out)}`,
      ]),
    ];
  },
  rowSchema: fileToolRowSchema,
  async parseResult(ctx) {
    return readStepResult({
      workdir: ctx.workdir,
      outputPath: convertOutputPath(ctx.params),
      outputName: ctx.params.out,
    });
  },
});
