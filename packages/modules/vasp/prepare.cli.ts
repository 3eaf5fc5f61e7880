/**
 * The VASP module's first step:
 *   node --import tsx prepare.cli.ts --archive=inputs/0_si.zip --name=si.zip
 * reads the uploaded archive again with the submission's checks (vasp-archive.ts) and writes its
 * INCAR, POSCAR, KPOINTS and POTCAR into the scratch dir under those names, nothing else: VASP reads
 * them from there. An archive the checks refuse is the user's input, refused free of charge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { INPUT_ERROR_LINE_PREFIX } from '@yunyao/steps';
import { readVaspArchive, VASP_INPUTS } from './vasp-archive.ts';

const { values } = parseArgs({ options: { archive: { type: 'string' }, name: { type: 'string' } } });
const read = readVaspArchive(values.name ?? 'vasp.zip', readFileSync(values.archive ?? ''));
if (read.problem !== undefined) {
  process.stderr.write(`${INPUT_ERROR_LINE_PREFIX}${read.problem}\n`);
  process.exit(2);
}
for (const input of VASP_INPUTS) writeFileSync(input, read.value.files[input]);
