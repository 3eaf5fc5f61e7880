import { defineModule } from '../types.ts';
import { pocketEngines } from './pocket.engines.ts';
import { pocketForm } from './pocket.form.ts';
import { filesOf } from '../shared/python-step.ts';
import { nodeStep } from '../shared/node-step.ts';
import { readStepResult } from '../shared/step-result.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { pocketRowSchema } from '@yunyao/contract';
import { proteinName, withDetail } from '../shared/task-name.ts';

export const pocketModule = defineModule({
  ...pocketForm,
  version: '1.0.0',
  timeLimitSeconds: 600,
  engines: pocketEngines.engines,
  // About 0.1–0.3 s per protein of 2,000–5,000 atoms (docs/benchmarks.md), plus the Node start.
  estimateCoreHours(_params, inputs) {
    return (2 + fieldTotals(inputs, 'protein').atoms / 5000) / 3600;
  },
  taskName(_params, inputs) {
    return withDetail({ zh: '口袋预测', en: 'Pocket prediction' }, proteinName(filesOf(inputs, 'protein')[0]));
  },
  buildSteps(ctx) {
    const [protein] = filesOf(ctx.inputs, 'protein');
    return [
      nodeStep('pockets', '@yunyao/pockets/cli', [`--input=${protein?.path ?? ''}`, `--name=${protein?.originalName ?? 'protein.pdb'}`]),
    ];
  },
  rowSchema: pocketRowSchema,
  async parseResult(ctx) {
    const result = await readStepResult({ workdir: ctx.workdir, outputPath: 'pockets.json', outputName: 'pockets.json' });
    return { ...result, outputs: [...result.outputs, { path: 'pockets.pqr', name: 'pockets.pqr' }] };
  },
});
