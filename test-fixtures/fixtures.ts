import { join } from 'node:path';

/** Absolute path of a committed test file under test-fixtures/ (see README.md there), from any workspace. */
export function fixturePath(...parts: string[]): string {
  return join(import.meta.dirname, ...parts);
}
