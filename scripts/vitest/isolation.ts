/**
 * Which test files share a module graph. Vitest gives every file a fresh one by default; that costs
 * loading the server's modules again for each API file (about 6 s of CPU per file on 2 cores). A
 * file that replaces modules or globals (vi.mock, vi.doMock, vi.stubGlobal, vi.stubEnv) keeps a graph
 * of its own, in a sibling project named `<project>:isolated`, and so does a file that reads a whole
 * registry other files add to as they load (registeredMessages: test files define catalogues of their
 * own). Every other file shares its worker's (`isolate: false`). Found by reading the files, so a new
 * such file cannot be forgotten.
 */
import { globSync, readFileSync } from 'node:fs';
import { configDefaults } from 'vitest/config';

export const ISOLATED_SUFFIX = ':isolated';

const needsOwnGraph = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|\bregisteredMessages\(/;

type ProjectTest = { name: string; include: string[]; exclude?: string[] } & Record<string, unknown>;

/** The project as two: its files that share a module graph, and (when there are any) those that may not. */
export function sharedAndIsolated(test: ProjectTest): { test: ProjectTest }[] {
  const excluded = test.exclude ?? [];
  const files = test.include.flatMap((pattern) => globSync(pattern, { exclude: (name) => name === 'node_modules' || excluded.includes(name) }));
  const isolated = files.filter((file) => needsOwnGraph.test(readFileSync(file, 'utf8')));
  const shared = { test: { ...test, isolate: false, exclude: [...configDefaults.exclude, ...excluded, ...isolated] } };
  return isolated.length ? [shared, { test: { ...test, name: `${test.name}${ISOLATED_SUFFIX}`, include: isolated } }] : [shared];
}

/** A lane's `--project` filters: each named project and its isolated sibling. */
export const withIsolated = (projects: readonly string[]): string[] => projects.flatMap((p) => [p, `${p}${ISOLATED_SUFFIX}`]);
