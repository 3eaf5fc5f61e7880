/** Node-only helper: read a PDB file from disk and detect its pockets. */
import { readFileSync } from 'node:fs';
import type { Pocket, PocketOptions } from './detect.ts';
import { detectPockets } from './rank.ts';

export function detectPocketsFromFile(path: string, options: Partial<PocketOptions> = {}): Pocket[] {
  return detectPockets(readFileSync(path, 'utf8'), options);
}
