import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { moleculeRowSchema } from '@yunyao/contract';
import { defineModule } from '../../types.ts';
import { exampleForm } from './example.form.ts';
import { sameName } from '../../shared/task-name.ts';

const OUTPUT = 'canonical.smi';

/** The test-only example module: Open Babel canonicalises the SMILES, the parser reads its one line. */
export const exampleModule = defineModule({
  ...exampleForm,
  version: '1.0.0',
  timeLimitSeconds: 60,
  engines: ['openbabel'],
  // One Open Babel start.
  estimateCoreHours: () => 1 / 3600,
  taskName: (params) => sameName(params.smiles),
  buildSteps: (ctx) => [{ name: 'canonicalise', argv: ['obabel', `-:${ctx.params.smiles}`, '-ocan', '-O', OUTPUT] }],
  // A molecule's row: the spec's task output row (here only ID and SMILES).
  rowSchema: moleculeRowSchema,
  async parseResult(ctx) {
    // Open Babel exits 0 when it cannot read the SMILES, leaving the output empty.
    const canonical = (await readFile(join(ctx.workdir, OUTPUT), 'utf8')).split('\t')[0]!.trim();
    if (!canonical) throw new Error(`Open Babel could not read the SMILES ${ctx.params.smiles}`);
    return { summary: { canonical }, outputs: [{ path: OUTPUT, name: OUTPUT }], rows: [{ ID: ctx.params.smiles, SMILES: canonical }], out: OUTPUT };
  },
});
