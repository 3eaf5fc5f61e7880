import { parseProthodRequest } from './keyword-mode.ts';
import { defineModule } from '../types.ts';
import { prothodEngines } from './prothod.engines.ts';
import { filesOf } from '../shared/python-step.ts';
import { parseQuantumResult, QM_PROGRESS_FILE, quantumPreflight, quantumSteps, quantumTaskName } from '../shared/quantum-task.ts';
import { XYZ_FILE_FIELD } from '../shared/xyz-files.ts';
import { prothodForm } from './prothod.form.ts';
import { quantumCoreHours } from '../shared/quantum-cost.ts';
import { quantumRowSchema } from '@yunyao/contract';

export const prothodModule = defineModule({
  ...prothodForm,
  version: '1.0.0',
  sampleParams: { keyword: 'opt DFTB' },
  timeLimitSeconds: 23 * 3600,
  progressFile: QM_PROGRESS_FILE,
  engines: prothodEngines.engines,
  estimateCoreHours(params, inputs) {
    return quantumCoreHours(parseProthodRequest(params).job, inputs[XYZ_FILE_FIELD.field] ?? [], params.preopt_xtb);
  },
  taskName(params, inputs, files) {
    return quantumTaskName(params.keyword, filesOf(inputs, XYZ_FILE_FIELD.field).length, files);
  },
  preflight(params, files, licensed) {
    return quantumPreflight(parseProthodRequest(params).job, files, licensed);
  },
  buildSteps(ctx) {
    return quantumSteps(ctx, parseProthodRequest(ctx.params).job, ctx.params.preopt_xtb);
  },
  parseResult: parseQuantumResult,
  rowSchema: quantumRowSchema,
});
