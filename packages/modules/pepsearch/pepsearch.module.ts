import { readdir } from 'node:fs/promises';
import { defineModule, type ParsedResult } from '../types.ts';
import { pepsearchEngines } from './pepsearch.engines.ts';
import { pythonStep } from '../shared/python-step.ts';
import { readWorkdirJson } from '../shared/step-result.ts';
import { PARAMS_ARG, withDefaultSeed } from '../shared/step-params.ts';
import { pepsearchCoreHours } from './pepsearch-cost.ts';
import { samplingArgs } from './pepsearch-sampling.ts';
import { pepsearchForm } from './pepsearch.form.ts';
import { peptideRowSchema } from '@yunyao/contract';
import { counted, sameName, withDetail } from '../shared/task-name.ts';

/** Every file the step writes that a user downloads (see python/yunyao/pepsearch/), besides one PDB per model. */
export const PEPSEARCH_OUTPUTS = ['models.pdb', 'result.csv', 'result.json', 'summary.json'] as const;
const MODEL_FILE = /^model_\d+\.pdb$/;
/** Models returned, best first. */
const MODELS = 5;

export const pepsearchModule = defineModule({
  ...pepsearchForm,
  version: '1.0.0',
  sampleParams: { sequence: 'gydpet gtwg' },
  timeLimitSeconds: 3 * 24 * 3600,
  engines: pepsearchEngines.engines,
  progressFile: 'progress.json',
  resumable: true,
  resources: (params) => ({ cores: params.compute }),
  estimateCoreHours: (params) => pepsearchCoreHours(params.sequence.length, params.sampling),
  taskName: (params) =>
    params.sequence.length > 20
      ? withDetail(sameName(`${params.sequence.slice(0, 20)}…`), counted(params.sequence.length, { zh: '残基', en: 'residue' }))
      : sameName(params.sequence),
  resolveParams: withDefaultSeed,
  buildSteps(ctx) {
    return [
      pythonStep(ctx, 'peptide', 'pepsearch', [
        PARAMS_ARG,
        `--cpu=${ctx.cores}`,
        `--models=${MODELS}`,
        ...samplingArgs(ctx.params.sampling),
        `--checkpoint-dir=${ctx.checkpointDir ?? 'checkpoint'}`,
        '--progress=progress.json',
      ]),
    ];
  },
  rowSchema: peptideRowSchema,
  async parseResult(ctx): Promise<ParsedResult> {
    const models = (await readdir(ctx.workdir)).filter((name) => MODEL_FILE.test(name)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    return {
      summary: (await readWorkdirJson(ctx.workdir, 'summary.json')) as Record<string, unknown>,
      outputs: [...PEPSEARCH_OUTPUTS.map((name) => ({ path: name, name })), ...models.map((name) => ({ path: name, name }))],
      rows: (await readWorkdirJson(ctx.workdir, 'result.json')) as Record<string, unknown>[],
      out: 'models.pdb',
    };
  },
});
