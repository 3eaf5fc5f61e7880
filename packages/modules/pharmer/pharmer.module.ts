import { defineModule, type ParsedResult } from '../types.ts';
import { pharmerEngines } from './pharmer.engines.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { typedMoleculeLines } from '../shared/molecule-source.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { readWorkdirJson } from '../shared/step-result.ts';
import { PARAMS_ARG, withDefaultSeed } from '../shared/step-params.ts';
import { pharmerCoreHours, RESCORE_AT_LEAST, RESCORE_PERCENT } from './pharmer-cost.ts';
import { screenChunks } from '../shared/screen-chunks.ts';
import { ligandSourceProblem } from '../shared/ligand-source.ts';
import { pharmerForm, pharmerPreview, REFERENCE_FILE_FIELD } from './pharmer.form.ts';
import { pharmerRowSchema } from '@yunyao/contract';
import { crossed, moleculeSourceName, proteinName } from '../shared/task-name.ts';
import { proteinPrepStep, RECEPTOR_PDBQT } from '../shared/protein-prep-step.ts';

const QUERY_FILE = 'query.json';
/** Conformers per molecule (ETKDGv3, seeded; see docs/models/pharmacophore.md): part of the cache key, so fixed here. */
export const CONFORMERS_PER_MOLECULE = 30;
const PREVIEW_SECONDS = 60;
/** Every file the steps write that a user downloads (see python/yunyao/pharmer/screen.py). */
export const PHARMER_OUTPUTS = ['result.csv', 'result.json', 'hits.sdf', QUERY_FILE, 'statis.json', 'summary.json'] as const;

export const pharmerModule = defineModule({
  ...pharmerForm,
  version: '1.0.0',
  sampleParams: { mole_type: 'molecule', molecules: 'CCO', features: 'F1,F2' },
  timeLimitSeconds: 23 * 3600,
  engines: pharmerEngines.engines,
  progressFile: 'progress.json',
  cached: true,
  preflight(params, files) {
    return ligandSourceProblem(params.ligand_source, files.filter((f) => f.field === REFERENCE_FILE_FIELD.field).length);
  },
  estimateCoreHours(_params, inputs) {
    return pharmerCoreHours({ proteinAtoms: fieldTotals(inputs, 'protein').atoms, molecules: fieldTotals(inputs, 'smiles').records });
  },
  taskName(params, inputs) {
    return crossed(proteinName(filesOf(inputs, 'protein')[0]), moleculeSourceName(params, inputs));
  },
  previewStep(body) {
    const { protein, references } = pharmerPreview.body.parse(body);
    const files: Record<string, string> = { 'protein.pdb': protein };
    const manifest = references.map((r, i) => {
      const path = `reference_${i + 1}${r.name.slice(r.name.lastIndexOf('.')).toLowerCase()}`;
      files[path] = r.text;
      return { path, name: r.name };
    });
    return {
      program: 'pharmer.query',
      args: ['--receptor=protein.pdb', `--reference-json=${JSON.stringify(manifest)}`, '--out=-'],
      files,
      timeLimitSeconds: PREVIEW_SECONDS,
    };
  },
  resolveParams: withDefaultSeed,
  buildSteps(ctx) {
    const [protein] = filesOf(ctx.inputs, 'protein');
    const checkpoint = ctx.checkpointDir ?? 'checkpoint';
    return [
      // Vina's receptor, prepared as docking prepares it: the screen optimises the best molecules' aligned placements in it.
      proteinPrepStep(ctx, protein, ctx.checkpointDir && `${ctx.checkpointDir}/receptor`),
      pythonStep(ctx, 'query', 'pharmer.query', [
        `--receptor=${protein?.path ?? ''}`,
        inputsManifestArg(filesOf(ctx.inputs, REFERENCE_FILE_FIELD.field), '--reference-json'),
        `--out=${QUERY_FILE}`,
      ]),
      {
        ...pythonStep(ctx, 'screen', 'pharmer.screen', [
          `--query=${QUERY_FILE}`,
          `--receptor=${protein?.path ?? ''}`,
          `--receptor-pdbqt=${RECEPTOR_PDBQT}`,
          inputsManifestArg(filesOf(ctx.inputs, 'smiles'), '--ligands-json'),
          PARAMS_ARG,
          `--conformers=${CONFORMERS_PER_MOLECULE}`,
          `--rescore-at-least=${RESCORE_AT_LEAST}`,
          `--rescore-percent=${RESCORE_PERCENT}`,
          `--cpu=${ctx.cores}`,
          ...(ctx.cacheDir ? [`--cache-dir=${ctx.cacheDir}`] : []),
          `--checkpoint-dir=${checkpoint}`,
          '--progress=progress.json',
        ]),
        // With the shared conformer cache a screen splits: each chunk screens its molecules into the checkpoint, the whole step gathers them and rescores the best.
        ...(ctx.cacheDir ? { chunks: screenChunks(checkpoint) } : {}),
      },
    ];
  },
  rowSchema: pharmerRowSchema,
  async parseResult(ctx): Promise<ParsedResult> {
    const summary = (await readWorkdirJson(ctx.workdir, 'summary.json')) as Record<string, unknown>;
    const rows = (await readWorkdirJson(ctx.workdir, 'result.json')) as Record<string, unknown>[];
    return {
      summary: { ...summary, statis: await readWorkdirJson(ctx.workdir, 'statis.json'), query: await readWorkdirJson(ctx.workdir, QUERY_FILE) },
      // The receptor as submitted, so the result's 3D view can show the hits in their site.
      outputs: [...PHARMER_OUTPUTS.map((name) => ({ path: name, name })), ...filesOf(ctx.inputs, 'protein').map((p) => ({ path: p.path, name: 'protein.pdb' }))],
      rows,
      out: 'result.csv',
    };
  },
});
