/**
 * The blind-docking step:
 *   node --import tsx blind-sites.cli.ts --input=protein_prepared.pdb --count=3 --sites=sites.json --pockets=blind-pockets.json
 * detects the receptor's pockets with the platform's detector (packages/pockets, the one the
 * pocket module and the docking page run) and writes the best `count` of them as docking sites
 * (each pocket's box with the docking margin) and their descriptors for the result. A protein
 * without a pocket is an answer about the user's input, not a platform fault.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { detectPockets } from '@yunyao/pockets';
import { ERROR_LINE_PREFIX, INPUT_ERROR_LINE_PREFIX } from '@yunyao/steps';
import { NO_POCKET, pocketBox } from './autodock.form.ts';

const { values } = parseArgs({ options: { input: { type: 'string' }, count: { type: 'string' }, sites: { type: 'string' }, pockets: { type: 'string' } } });

try {
  const pockets = detectPockets(readFileSync(values.input ?? '', 'utf8')).slice(0, Number(values.count));
  if (!pockets.length) {
    process.stderr.write(`${INPUT_ERROR_LINE_PREFIX}${NO_POCKET}\n`);
    process.exit(2);
  }
  const sites = pockets.map((p) => pocketBox({ name: p.name, center: p.box.center, size: p.box.size }));
  writeFileSync(values.sites ?? '', JSON.stringify(sites.map((s) => ({ id: s.name, center: s.center, size: s.size }))));
  writeFileSync(values.pockets ?? '', JSON.stringify(pockets.map((p) => ({ name: p.name, Score: p.Score, Druggability: p.Druggability, residues: p.residues }))));
} catch (err) {
  process.stderr.write(`${ERROR_LINE_PREFIX}口袋检测失败：${(err as Error).message}\n`);
  process.exit(2);
}
