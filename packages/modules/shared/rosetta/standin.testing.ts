/** Test helper: a temporary ROSETTA_BIN whose programs are the stand-in (test-fixtures/rosetta-standin.py). Only imported by *.test.ts files. */
import { mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROSETTA_FIXTURES = fileURLToPath(new URL('./test-fixtures/', import.meta.url));

export async function standinRosettaBin(): Promise<string> {
  const bin = await mkdtemp(path.join(tmpdir(), 'yunyao-rosetta-bin-'));
  for (const app of ['minimize', 'fixbb']) await symlink(path.join(ROSETTA_FIXTURES, 'rosetta-standin.py'), path.join(bin, `${app}.default.linuxgccrelease`));
  return bin;
}
