import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteSnapshot } from '@yunyao/db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Creates and migrates one embedded database for the whole PGlite API run and leaves it in a
 * file: each test platform starts from a copy (harness.ts), which takes a fraction of the CPU
 * that creating a database takes, seconds each for some 70 platforms on a 2-core machine.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await pgliteSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
