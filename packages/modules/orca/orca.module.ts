import { parseOrcaRequest } from './orca-request.ts';
import { defineModule } from '../types.ts';
import { orcaEngines } from './orca.engines.ts';
import { filesOf } from '../shared/python-step.ts';
import { parseQuantumResult, QM_PROGRESS_FILE, quantumPreflight, quantumSteps, quantumTaskName } from '../shared/quantum-task.ts';
import { XYZ_FILE_FIELD } from '../shared/xyz-files.ts';
import { orcaForm } from './orca.form.ts';
import { quantumCoreHours } from '../shared/quantum-cost.ts';
import { quantumRowSchema } from '@yunyao/contract';

export const orcaModule = defineModule({
  ...orcaForm,
  version: '1.0.0',
  sampleParams: { keyword: '! B3LYP def2-SVP Opt' },
  timeLimitSeconds: 23 * 3600,
  progressFile: QM_PROGRESS_FILE,
  engines: orcaEngines.engines,
  // nprocs and maxcore are what the task asks of the executor, and what billing counts.
  resources(params) {
    const job = parseOrcaRequest(params);
    return { cores: job.cores, memoryMbPerCore: job.memoryPerCoreMb };
  },
  estimateCoreHours(params, inputs) {
    return quantumCoreHours(parseOrcaRequest(params), inputs[XYZ_FILE_FIELD.field] ?? [], params.preopt_xtb);
  },
  taskName(params, inputs, files) {
    return quantumTaskName(params.keyword.replace(/^!\s*/, ''), filesOf(inputs, XYZ_FILE_FIELD.field).length, files);
  },
  preflight(params, files, licensed) {
    return quantumPreflight(parseOrcaRequest(params), files, licensed);
  },
  buildSteps(ctx) {
    return quantumSteps(ctx, parseOrcaRequest(ctx.params), ctx.params.preopt_xtb);
  },
  parseResult: parseQuantumResult,
  rowSchema: quantumRowSchema,
});
