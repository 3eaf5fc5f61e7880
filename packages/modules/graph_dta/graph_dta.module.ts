import { defineModule, type ParsedResult } from '../types.ts';
import { graphDtaEngines } from './graph_dta.engines.ts';
import { filesOf, inputsManifestArg, pythonStep } from '../shared/python-step.ts';
import { fieldTotals } from '../shared/input-measure.ts';
import { readWorkdirJson } from '../shared/step-result.ts';
import { PARAMS_ARG } from '../shared/step-params.ts';
import { typedMoleculeLines } from '../shared/molecule-source.ts';
import { graphDtaForm, SEQUENCE_FILE_FIELD, sequenceSourceProblem } from './graph_dta.form.ts';
import { graphDtaRowSchema } from '@yunyao/contract';
import { crossed, fileOr, moleculeSourceName } from '../shared/task-name.ts';

export const GRAPH_DTA_OUTPUTS = ['result.csv', 'result.json', 'summary.json'] as const;
/** Loading torch and a model is the fixed cost; a pair is a fingerprint and a forward pass (docs/benchmarks.md, Affinity 2D). */
const STARTUP_SECONDS = 10;
const SECONDS_PER_PAIR = 0.01;

export const graphDtaModule = defineModule({
  ...graphDtaForm,
  version: '1.0.0',
  sampleParams: { mole_type: 'molecule', molecules: 'CCO' },
  timeLimitSeconds: 3600,
  engines: graphDtaEngines.engines,
  preflight(params, files) {
    return sequenceSourceProblem(params, files.filter((f) => f.field === SEQUENCE_FILE_FIELD.field).length);
  },
  estimateCoreHours(_params, inputs) {
    return (STARTUP_SECONDS + fieldTotals(inputs, 'smiles').records * SECONDS_PER_PAIR) / 3600;
  },
  taskName(params, inputs) {
    return crossed(fileOr(filesOf(inputs, SEQUENCE_FILE_FIELD.field)[0], { zh: '序列', en: 'sequence' }), moleculeSourceName(params, inputs));
  },
  buildSteps(ctx) {
    return [
      pythonStep(ctx, 'predict', 'graph_dta.predict', [
        inputsManifestArg(filesOf(ctx.inputs, SEQUENCE_FILE_FIELD.field), '--protein-json'),
        inputsManifestArg(filesOf(ctx.inputs, 'smiles'), '--ligands-json'),
        PARAMS_ARG,
      ]),
    ];
  },
  rowSchema: graphDtaRowSchema,
  async parseResult(ctx): Promise<ParsedResult> {
    return {
      summary: (await readWorkdirJson(ctx.workdir, 'summary.json')) as Record<string, unknown>,
      outputs: GRAPH_DTA_OUTPUTS.map((name) => ({ path: name, name })),
      rows: (await readWorkdirJson(ctx.workdir, 'result.json')) as Record<string, unknown>[],
      out: 'result.csv',
    };
  },
});
