import { defineModule } from '../types.ts';
import { rosettaRowSchema } from '../shared/rosetta/rosetta-form.ts';
import { parseRosettaResult, rosettaCoreHours, rosettaPreflight, rosettaSteps, rosettaTaskName, type RosettaModuleFile } from '../shared/rosetta/rosetta-task.ts';
import { packerEngines } from './packer.engines.ts';
import { packerForm, RESFILE_FIELD } from './packer.form.ts';
import { resfileProblem } from './resfile.ts';

const RESFILE: RosettaModuleFile = { spec: RESFILE_FIELD, upload: 'resfile', option: '-packing:resfile', problem: resfileProblem };

export const packerModule = defineModule({
  ...packerForm,
  version: '1.0.0',
  timeLimitSeconds: 6 * 3600,
  engines: packerEngines.engines,
  estimateCoreHours: (_params, inputs) => rosettaCoreHours(inputs),
  taskName: (_params, inputs) => rosettaTaskName(inputs),
  preflight: (_params, files, licensed) => rosettaPreflight('packer', RESFILE, files, licensed),
  buildSteps: (ctx) => rosettaSteps(ctx, 'packer', RESFILE),
  parseResult: (ctx) => parseRosettaResult(ctx, 'packer'),
  rowSchema: rosettaRowSchema,
});
