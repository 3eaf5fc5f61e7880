import { defineModule } from '../types.ts';
import { rosettaRowSchema } from '../shared/rosetta/rosetta-form.ts';
import { parseRosettaResult, rosettaCoreHours, rosettaPreflight, rosettaSteps, rosettaTaskName, type RosettaModuleFile } from '../shared/rosetta/rosetta-task.ts';
import { minimizerEngines } from './minimizer.engines.ts';
import { minimizerForm, MOVEMAP_FIELD } from './minimizer.form.ts';
import { movemapProblem } from './movemap.ts';

const MOVEMAP: RosettaModuleFile = { spec: MOVEMAP_FIELD, upload: 'movemap', option: '-in:file:movemap', problem: movemapProblem };

export const minimizerModule = defineModule({
  ...minimizerForm,
  version: '1.0.0',
  timeLimitSeconds: 6 * 3600,
  engines: minimizerEngines.engines,
  estimateCoreHours: (_params, inputs) => rosettaCoreHours(inputs),
  taskName: (_params, inputs) => rosettaTaskName(inputs),
  preflight: (_params, files, licensed) => rosettaPreflight('minimizer', MOVEMAP, files, licensed),
  buildSteps: (ctx) => rosettaSteps(ctx, 'minimizer', MOVEMAP),
  parseResult: (ctx) => parseRosettaResult(ctx, 'minimizer'),
  rowSchema: rosettaRowSchema,
});
