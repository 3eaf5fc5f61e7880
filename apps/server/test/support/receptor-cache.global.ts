import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    receptorCacheDir: string;
  }
}

/**
 * One receptor cache for every test platform of the run, as one long-running platform has: the API
 * files upload the same few proteins (Aurora A, a p38 pocket) dozens of times, and preparing one
 * takes 5–40 s on a busy machine. Each platform still has its own DATA_DIR; the first task to
 * prepare a protein fills the entry (python/tests/test_protein_prep.py covers the cache itself).
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-receptors-'));
  project.provide('receptorCacheDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
