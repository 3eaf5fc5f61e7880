/** Node-only helper: read a PDB file from disk and detect its pockets. */
import { readFileSync } from 'node:fs';
import { detectPockets, type Pocket, type PocketOptions } from './detect.ts';

export function detectPocketsFromFile(path: string, options: Partial<PocketOptions> = {}): Pocket[] {
  return detectPockets(readFileSync(path, 'utf8'), options);
}
