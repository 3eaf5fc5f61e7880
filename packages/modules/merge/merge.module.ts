import type { StagedInput } from '../types.ts';
import { defineModule } from '../types.ts';
import { mergeEngines } from './merge.engines.ts';
import { extOf } from '../shared/file-names.ts';
import { mergeForm, type MergeParams } from './merge.form.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { readStepResult } from '../shared/step-result.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { fileToolRowSchema } from '@yunyao/contract';
import { counted, sameName, withDetail } from '../shared/task-name.ts';

/** The output's download name: the user's choice or the default for these inputs. */
export function mergeOutName(params: MergeParams, inputs: Record<string, StagedInput[]>): string {
  if (params.out) return params.out;
  const files = filesOf(inputs, 'ligands');
  const allMol2 = files.length > 0 && files.every((f) => extOf(f.originalName) === 'mol2');
  return allMol2 ? 'merged.mol2' : 'merged.sdf';
}

function outputPath(params: MergeParams, inputs: Record<string, StagedInput[]>): string {
  return extOf(mergeOutName(params, inputs)) === 'mol2' ? 'output.mol2' : 'output.sdf';
}

export const mergeModule = defineModule({
  ...mergeForm,
  version: '1.0.0',
  timeLimitSeconds: 1800,
  engines: mergeEngines.engines,
  // Open Babel reads and writes each molecule once: well under 0.05 s a molecule, plus the Python start.
  estimateCoreHours(_params, inputs) {
    return (2 + 0.05 * fieldTotals(inputs, 'ligands').records) / 3600;
  },
  taskName(params, inputs) {
    const n = filesOf(inputs, 'ligands').length;
    const out = mergeOutName(params, inputs);
    return n ? withDetail(sameName(out), counted(n, { zh: '文件', en: 'file' })) : sameName(out);
  },
  buildSteps(ctx) {
    const target = outputPath(ctx.params, ctx.inputs);
    return [
      pythonStep(ctx, 'merge', 'merge', [
        inputsManifestArg(filesOf(ctx.inputs, 'ligands')),
        `--output=${target}`,
        `--format=${extOf(target)}`,
      ]),
    ];
  },
  rowSchema: fileToolRowSchema,
  async parseResult(ctx) {
    return readStepResult({
      workdir: ctx.workdir,
      outputPath: outputPath(ctx.params, ctx.inputs),
      outputName: mergeOutName(ctx.params, ctx.inputs),
    });
  },
});
