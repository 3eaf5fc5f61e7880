import { defineModule, type ParsedResult } from '../types.ts';
import { signEngines } from './sign.engines.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { pocketBox, sitesJson } from '../shared/pocket-sites.ts';
import { PREP_SUMMARY, PREPARED_PDB, proteinPrepStep, RECEPTOR_PDBQT } from '../shared/protein-prep-step.ts';
import { readWorkdirJson } from '../shared/step-result.ts';
import { PARAMS_ARG, withDefaultSeed } from '../shared/step-params.ts';
import { screenChunks } from '../shared/screen-chunks.ts';
import { LIGAND_FILE_FIELD, POCKET_FILE_FIELD, signForm, signSourceProblem } from './sign.form.ts';
import { presetLigands, signCoreHours } from './sign-cost.ts';
import { signRowSchema } from '@yunyao/contract';
import { crossed, fileOr, proteinName, sameName } from '../shared/task-name.ts';

const SITES_FILE = 'sites.json';
/** Every file the steps write that a user downloads (see python/yunyao/sign/sign.py). */
export const SIGN_OUTPUTS = ['result.csv', 'result.json', 'poses.sdf', 'complex.pdb', 'summary.json', PREPARED_PDB, 'prep.log'] as const;

export const signModule = defineModule({
  ...signForm,
  version: '1.0.0',
  timeLimitSeconds: 23 * 3600,
  engines: signEngines.engines,
  resumable: true,
  progressFile: 'progress.json',
  preflight(params, files) {
    return signSourceProblem(params, (field) => files.filter((f) => f.field === field).length);
  },
  estimateCoreHours(params, inputs) {
    return signCoreHours({
      proteinAtoms: fieldTotals(inputs, 'protein').atoms,
      ligands: params.ligand_source === 'preset' ? presetLigands() : fieldTotals(inputs, LIGAND_FILE_FIELD.field),
      exhaustiveness: params.accuracy,
    });
  },
  taskName(params, inputs) {
    const [protein] = filesOf(inputs, 'protein');
    const ligands =
      params.ligand_source === 'preset' ? sameName((params.smiles_preset ?? '').toUpperCase()) : fileOr(filesOf(inputs, LIGAND_FILE_FIELD.field)[0], { zh: '小分子', en: 'small molecules' });
    return crossed(proteinName(protein), ligands);
  },
  resolveParams: withDefaultSeed,
  buildSteps(ctx) {
    const [protein] = filesOf(ctx.inputs, 'protein');
    const p = ctx.params;
    const [pocket] = p.pockets ?? [];
    // A preset's name is a parameter (params.json); uploaded ligands are files.
    const ligands = p.ligand_source === 'preset' ? [] : [inputsManifestArg(filesOf(ctx.inputs, LIGAND_FILE_FIELD.field), '--ligands-json')];
    const site = p.pocket_source === 'predicted' ? [`--site-json=${SITES_FILE}`] : [inputsManifestArg(filesOf(ctx.inputs, POCKET_FILE_FIELD.field), '--site-file-json')];
    const checkpoint = ctx.checkpointDir ?? 'checkpoint';
    return [
      proteinPrepStep(ctx, protein, ctx.checkpointDir && `${ctx.checkpointDir}/receptor`),
      {
        ...pythonStep(ctx, 'score', 'sign', [
          `--receptor-pdb=${PREPARED_PDB}`,
          `--receptor-pdbqt=${RECEPTOR_PDBQT}`,
          ...ligands,
          ...site,
          PARAMS_ARG,
          `--cpu=${ctx.cores}`,
          `--checkpoint-dir=${checkpoint}`,
          '--progress=progress.json',
        ]),
        // A screen splits by ligand (index modulo the chunk count), each docked and scored into the checkpoint; the whole step then writes the outputs from it.
        chunks: screenChunks(checkpoint),
        ...(pocket ? { files: { [SITES_FILE]: sitesJson([pocketBox(pocket)]) } } : {}),
      },
    ];
  },
  rowSchema: signRowSchema,
  async parseResult(ctx): Promise<ParsedResult> {
    const summary = (await readWorkdirJson(ctx.workdir, 'summary.json')) as Record<string, unknown>;
    const preparation = (await readWorkdirJson(ctx.workdir, PREP_SUMMARY)) as Record<string, unknown>;
    const rows = (await readWorkdirJson(ctx.workdir, 'result.json')) as Record<string, unknown>[];
    return {
      summary: { ...summary, preparation },
      outputs: SIGN_OUTPUTS.map((name) => ({ path: name, name })),
      rows,
      out: 'result.csv',
    };
  },
});
