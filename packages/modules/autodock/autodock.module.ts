import { defineModule, type ParsedResult } from '../types.ts';
import { autodockEngines } from './autodock.engines.ts';
import { autodockForm, dockingSites, siteCount } from './autodock.form.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { nodeStep } from '../shared/node-step.ts';
import { PREP_SUMMARY, PREPARED_PDB, proteinPrepStep, RECEPTOR_PDBQT } from '../shared/protein-prep-step.ts';
import { readWorkdirJson } from '../shared/step-result.ts';
import { typedMoleculeLines } from '../shared/molecule-source.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { dockingCoreHours } from '../shared/docking-cost.ts';
import { sitesJson } from '../shared/pocket-sites.ts';
import { screenChunks } from '../shared/screen-chunks.ts';
import { PARAMS_ARG } from '../shared/step-params.ts';
import { dockingRowSchema } from '@yunyao/contract';
import { crossed, moleculeSourceName, proteinName } from '../shared/task-name.ts';

/** Files the two steps write; every one is a download of the task. */
const SITES_FILE = 'sites.json';
/** The pockets a blind task found and docked into (name, score, druggability, lining residues). */
const BLIND_POCKETS_FILE = 'blind-pockets.json';
export const DOCKING_OUTPUTS = ['result.json', 'scores.csv', 'interactions.json', 'part_to_IDs.json', 'poses.sdf', 'complex.pdb', 'statis.json', PREPARED_PDB, 'prep.log'] as const;

/** A seed from the task's own inputs when the user gave none, so the same submission docks the same way. */
function defaultSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h % 2 ** 31;
}

export const autodockModule = defineModule({
  ...autodockForm,
  version: '1.0.0',
  sampleParams: { mole_type: 'molecule', molecules: 'CCO', pockets: [JSON.stringify({ name: 'p1', center: [0, 0, 0], size: [20, 20, 20] })], keep_hetero: 'zn,HEM' },
  // The queue's job expiry caps a task at 24 h (pg-boss); a longer screen is several tasks.
  timeLimitSeconds: 23 * 3600,
  engines: autodockEngines.engines,
  resumable: true,
  progressFile: 'progress.json',
  estimateCoreHours(params, inputs) {
    return dockingCoreHours({
      proteinAtoms: fieldTotals(inputs, 'protein').atoms,
      ligands: fieldTotals(inputs, 'smiles'),
      sites: siteCount(params),
      exhaustiveness: params.accuracy,
    });
  },
  taskName(params, inputs) {
    return crossed(proteinName(filesOf(inputs, 'protein')[0]), moleculeSourceName(params, inputs));
  },
  resolveParams(params) {
    return { ...params, seed: params.seed ?? defaultSeed(JSON.stringify([params, dockingSites(params)])) };
  },
  buildSteps(ctx) {
    const [protein] = filesOf(ctx.inputs, 'protein');
    const sites = dockingSites(ctx.params);
    // A blind task finds its sites on the prepared receptor, between preparation and docking.
    const blindSites = nodeStep('pockets', '@yunyao/modules/autodock/blind-sites', [
      `--input=${PREPARED_PDB}`,
      `--count=${ctx.params.blind_pockets}`,
      `--sites=${SITES_FILE}`,
      `--pockets=${BLIND_POCKETS_FILE}`,
    ]);
    return [
      proteinPrepStep(ctx, protein, ctx.checkpointDir && `${ctx.checkpointDir}/receptor`, ctx.params.keep_hetero),
      ...(ctx.params.blind ? [blindSites] : []),
      {
        ...pythonStep(ctx, 'dock', 'autodock', [
          `--receptor=${RECEPTOR_PDBQT}`,
          `--receptor-pdb=${PREPARED_PDB}`,
          inputsManifestArg(filesOf(ctx.inputs, 'smiles'), '--ligands-json'),
          `--sites=${SITES_FILE}`,
          PARAMS_ARG,
          `--cpu=${ctx.cores}`,
          `--checkpoint-dir=${ctx.checkpointDir ?? 'checkpoint'}`,
          '--progress=progress.json',
        ]),
        // A screen splits by ligand (index modulo the chunk count); the whole step then merges from the checkpoint.
        chunks: screenChunks(ctx.checkpointDir ?? 'checkpoint'),
        ...(ctx.params.blind ? {} : { files: { [SITES_FILE]: sitesJson(sites) } }),
      },
    ];
  },
  rowSchema: dockingRowSchema,
  async parseResult(ctx): Promise<ParsedResult> {
    const summary = (await readWorkdirJson(ctx.workdir, 'summary.json')) as Record<string, unknown>;
    const prep = (await readWorkdirJson(ctx.workdir, PREP_SUMMARY)) as Record<string, unknown>;
    const rows = (await readWorkdirJson(ctx.workdir, 'result.json')) as Record<string, unknown>[];
    const blind = ctx.params.blind ? { blindPockets: await readWorkdirJson(ctx.workdir, BLIND_POCKETS_FILE) } : {};
    return {
      summary: { ...summary, ...blind, statis: await readWorkdirJson(ctx.workdir, 'statis.json'), preparation: prep },
      outputs: [...DOCKING_OUTPUTS, ...(ctx.params.blind ? [BLIND_POCKETS_FILE] : [])].map((name) => ({ path: name, name })),
      rows,
      out: 'result.json',
    };
  },
});
