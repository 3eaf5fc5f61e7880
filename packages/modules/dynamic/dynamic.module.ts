import { readdir } from 'node:fs/promises';
import { defineModule, type ParsedResult } from '../types.ts';
import { dynamicEngines } from './dynamic.engines.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { ligandSourceProblem } from '../shared/ligand-source.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { readWorkdirJson } from '../shared/step-result.ts';
import { PARAMS_ARG, withDefaultSeed } from '../shared/step-params.ts';
import { dynamicCoreHours } from './dynamic-cost.ts';
import { dynamicForm, POSED_LIGANDS_FIELD, protocolOf } from './dynamic.form.ts';
import { dynamicRowSchema } from '@yunyao/contract';
import { crossed, fileOr, proteinName, sameName } from '../shared/task-name.ts';

/** Every file the step writes that a user downloads (see python/yunyao/dynamic/), besides the trajectories. */
export const DYNAMIC_OUTPUTS = ['result.csv', 'result.json', 'decomposition.json', 'rmsd.json', 'statis.json', 'summary.json'] as const;
/** Snapshot subsets, one per ligand: `traj_<ligand id>.pdb`. */
const TRAJECTORY = /^traj_[\w.-]+\.pdb$/;

export const dynamicModule = defineModule({
  ...dynamicForm,
  version: '1.0.0',
  // Nanoseconds on a few cores take days; the hold on the balance bounds what a task may spend.
  timeLimitSeconds: 14 * 24 * 3600,
  engines: dynamicEngines.engines,
  progressFile: 'progress.json',
  resumable: true,
  preflight(params, files) {
    return ligandSourceProblem(params.ligand_source, files.filter((f) => f.field === POSED_LIGANDS_FIELD.field).length);
  },
  estimateCoreHours(params, inputs) {
    return dynamicCoreHours({
      ligands: fieldTotals(inputs, POSED_LIGANDS_FIELD.field).records,
      proteinAtoms: fieldTotals(inputs, 'protein').atoms,
      btime: params.btime,
      stime: params.stime,
    });
  },
  costUnits: (_params, inputs) => ({ unit: 'ligand', count: fieldTotals(inputs, POSED_LIGANDS_FIELD.field).records }),
  taskName(params, inputs) {
    const [protein] = filesOf(inputs, 'protein');
    const [ligands] = filesOf(inputs, POSED_LIGANDS_FIELD.field);
    return crossed(protein || !params.pdb_id ? proteinName(protein) : sameName(params.pdb_id), fileOr(ligands, { zh: '配体', en: 'ligands' }));
  },
  // The protocol is recorded with the result: as chosen, or what the times are (the spec's form sends none).
  resolveParams: (params) => withDefaultSeed({ ...params, protocol: params.protocol ?? protocolOf(params) }),
  buildSteps(ctx) {
    const [protein] = filesOf(ctx.inputs, 'protein');
    return [
      pythonStep(ctx, 'mmgbsa', 'dynamic', [
        `--protein=${protein?.path ?? ''}`,
        ...(protein ? [`--protein-name=${protein.originalName}`] : []),
        inputsManifestArg(filesOf(ctx.inputs, POSED_LIGANDS_FIELD.field), '--ligands-json'),
        PARAMS_ARG,
        `--cpu=${ctx.cores}`,
        `--checkpoint-dir=${ctx.checkpointDir ?? 'checkpoint'}`,
        '--progress=progress.json',
      ]),
    ];
  },
  rowSchema: dynamicRowSchema,
  async parseResult(ctx): Promise<ParsedResult> {
    const summary = (await readWorkdirJson(ctx.workdir, 'summary.json')) as Record<string, unknown>;
    const rows = (await readWorkdirJson(ctx.workdir, 'result.json')) as Record<string, unknown>[];
    const trajectories = (await readdir(ctx.workdir)).filter((name) => TRAJECTORY.test(name)).sort();
    return {
      summary: {
        ...summary,
        statis: await readWorkdirJson(ctx.workdir, 'statis.json'),
        decomposition: await readWorkdirJson(ctx.workdir, 'decomposition.json'),
        rmsd: await readWorkdirJson(ctx.workdir, 'rmsd.json'),
      },
      outputs: [...DYNAMIC_OUTPUTS.map((name) => ({ path: name, name })), ...trajectories.map((name) => ({ path: name, name }))],
      rows,
      out: 'result.csv',
    };
  },
});
