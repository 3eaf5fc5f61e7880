import { moleculeRowSchema } from '@yunyao/contract';
import { modulePythonStep } from '../../shared/python-step.ts';
import { readStepResult } from '../../shared/step-result.ts';
import { PARAMS_ARG } from '../../shared/step-params.ts';
import { defineModule } from '../../types.ts';
import { exampleEngines } from './example.engines.ts';
import { exampleForm } from './example.form.ts';
import { sameName } from '../../shared/task-name.ts';

const OUTPUT = 'canonical.smi';

/**
 * The test-only example module: Open Babel canonicalises the SMILES, then the module's own Python
 * step (example_rows.py, in this folder) writes the step result that the parser reads. Both engines
 * are declared in example.engines.ts, beside it. A binary gets the parameter in its own argv; a
 * Python step reads the task's params.json (shared/step-params.ts).
 */
export const exampleModule = defineModule({
  ...exampleForm,
  version: '1.1.0',
  sampleParams: { smiles: 'CCO' },
  timeLimitSeconds: 60,
  engines: exampleEngines.engines,
  // One Open Babel start and one Python start.
  estimateCoreHours: () => 2 / 3600,
  taskName: (params) => sameName(params.smiles),
  // A molecule's row: the spec's task output row (here only ID and SMILES).
  rowSchema: moleculeRowSchema,
  buildSteps: (ctx) => [
    { name: 'canonicalise', argv: ['obabel', `-:${ctx.params.smiles}`, '-ocan', '-O', OUTPUT] },
    modulePythonStep(ctx, 'rows', new URL('./example_rows.py', import.meta.url), [PARAMS_ARG, OUTPUT]),
  ],
  parseResult: (ctx) => readStepResult({ workdir: ctx.workdir, outputPath: OUTPUT, outputName: OUTPUT }),
});
