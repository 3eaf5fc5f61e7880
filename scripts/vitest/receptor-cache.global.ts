import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    receptorCacheDir: string;
  }
}

/** Set by `make test` (lanes.ts) for both lanes, or here for a run of one project; platforms started as processes read it. */
export const RUN_RECEPTOR_CACHE_ENV = 'YY_TEST_RECEPTOR_CACHE';

/**
 * One receptor cache for everything a test run prepares, as one long-running platform has: the module
 * engine tests, the API platforms and the browser journeys' platforms upload the same few proteins
 * (Aurora A, a p38 pocket) dozens of times, and preparing one takes 5–40 s on a busy machine. Each
 * platform still has its own DATA_DIR; the first task to prepare a protein fills the entry, which
 * appears by an atomic rename, so the two lanes can share it (python/tests/test_receptor_cache.py
 * covers the cache itself).
 */
export default function setup(project: TestProject): () => void {
  const given = process.env[RUN_RECEPTOR_CACHE_ENV];
  const dir = given ?? mkdtempSync(join(tmpdir(), 'yunyao-receptors-'));
  process.env[RUN_RECEPTOR_CACHE_ENV] = dir;
  project.provide('receptorCacheDir', dir);
  return () => {
    if (!given) rmSync(dir, { recursive: true, force: true });
  };
}
