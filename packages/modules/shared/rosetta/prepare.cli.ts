/**
 * The Rosetta modules' first step:
 *   node --import tsx prepare.cli.ts --module=minimizer --inputs-json='{"protein":{"path","name"},"flags":{…},"movemap":{…,"option"}}' [--database=<dir>]
 * reads the user's flags file again with the same rules as the submission (so what runs is what was
 * checked) and writes `task.flags`: the platform's own lines (the staged inputs, the output folder, the
 * score file, the database) and then the user's options, normalised. Rosetta reads only that file.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { INPUT_ERROR_LINE_PREFIX } from '@yunyao/steps';
import { readRosettaFlags, userFlagLines, type RosettaModule } from './rosetta-flags.ts';
import { ROSETTA_OUT_DIR, ROSETTA_SCORE_FILE, TASK_FLAGS } from './rosetta-task.ts';

interface Staged {
  path: string;
  name: string;
  option?: string;
}

const { values } = parseArgs({ options: { module: { type: 'string' }, 'inputs-json': { type: 'string' }, database: { type: 'string' } } });
const module = values.module as RosettaModule;
const inputs = JSON.parse(values['inputs-json'] ?? '{}') as Record<string, Staged>;
const { protein, flags, ...own } = inputs;
const [ownKey, ownFile] = Object.entries(own)[0] ?? [];
if (!protein || !flags || !ownKey || !ownFile?.option) throw new Error('prepare.cli.ts needs the protein, the flags and the module file');

const reading = readRosettaFlags(readFileSync(flags.path, 'utf8'), flags.name, module, { protein: protein.name, [ownKey]: ownFile.name });
if (reading.problem !== undefined) {
  process.stderr.write(`${INPUT_ERROR_LINE_PREFIX}${reading.problem}\n`);
  process.exit(2);
}
const database = values.database;
mkdirSync(ROSETTA_OUT_DIR, { recursive: true });
writeFileSync(
  TASK_FLAGS,
  [
    "# Written by Yunyao: the platform's inputs, output and database, then the user's checked options.",
    `-in:file:s ${protein.path}`,
    `${ownFile.option} ${ownFile.path}`,
    `-out:path:all ${ROSETTA_OUT_DIR}`,
    `-out:file:scorefile ${ROSETTA_SCORE_FILE}`,
    ...(database ? [`-in:path:database ${database}`] : []),
    ...userFlagLines(reading.options),
    '',
  ].join('\n'),
);
