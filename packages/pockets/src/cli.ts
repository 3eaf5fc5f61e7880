/**
 * The server's pocket prediction step: `node --import tsx cli.ts --input=protein.pdb`
 * writes `pockets.json` (every pocket without its spheres), `pockets.pqr` (the spheres),
 * `rows.json` (the task's result rows) and `summary.json` in the working directory.
 * A failure prints the platform's `YUNYAO_INPUT_ERROR: ` line (the structure cannot be used: free)
 * or `YUNYAO_ERROR: ` line and exits 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { detectPockets } from './rank.ts';
import { PdbInputError } from './pdb.ts';
import { pocketsToPqr } from './pqr.ts';

const { values } = parseArgs({ options: { input: { type: 'string' }, name: { type: 'string' } } });

try {
  if (!values.input) throw new Error('缺少蛋白质文件');
  const started = performance.now();
  const pockets = detectPockets(readFileSync(values.input, 'utf8'));
  const seconds = (performance.now() - started) / 1000;
  const rows = pockets.map(({ spheres: _spheres, ...pocket }) => pocket);
  writeFileSync('pockets.json', JSON.stringify(rows));
  writeFileSync('rows.json', JSON.stringify(rows));
  writeFileSync('pockets.pqr', pocketsToPqr(pockets));
  writeFileSync('summary.json', JSON.stringify({ protein: values.name ?? values.input, pockets: pockets.length, seconds: Number(seconds.toFixed(3)) }));
} catch (err) {
  const prefix = err instanceof PdbInputError ? 'YUNYAO_INPUT_ERROR' : 'YUNYAO_ERROR';
  process.stderr.write(`${prefix}: ${values.name ? `${values.name}：` : ''}${(err as Error).message}\n`);
  process.exit(2);
}
