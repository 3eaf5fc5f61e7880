import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layering docs/architecture.md describes, enforced: dependency-cruiser reads every import of
 * apps/ and packages/ and checks the rules of .dependency-cruiser.cjs (routes never import the
 * database package; no import cycles). A violation fails the suite with the import that breaks it.
 */

const ROOT = resolve(import.meta.dirname, '../../..');

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string; couldNotResolve: boolean }[] }[];
  summary: { violations: { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] }[]; totalCruised: number };
}

let result: CruiseResult;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [resolve(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'apps', 'packages'],
    { cwd: ROOT, maxBuffer: 256 * 2 ** 20 },
  );
  result = JSON.parse(stdout) as CruiseResult;
}, 300_000);

/** One line per violation: the rule, and the import (or the circle) that breaks it. */
const describeViolation = (v: CruiseResult['summary']['violations'][number]) =>
  `${v.rule.name}: ${v.from} → ${v.cycle?.length ? v.cycle.map((c) => c.name).join(' → ') : v.to}`;

describe('dependency rules', () => {
  it('finds the workspace packages where they are, so the rules see what they forbid', () => {
    // A rule on packages/db only bites when `@yunyao/db` resolves to that folder: a service reaches it.
    const service = result.modules.find((m) => m.source === 'apps/server/src/services/tasks.service.ts');
    expect(service?.dependencies.map((d) => d.resolved)).toContain('packages/db/src/index.ts');
    const routes = result.modules.filter((m) => m.source.startsWith('apps/server/src/routes/'));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.flatMap((m) => m.dependencies.filter((d) => d.couldNotResolve).map((d) => `${m.source} → ${d.resolved}`))).toEqual([]);
  });

  it('has no route importing the database and no import cycle in apps/ and packages/', () => {
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });
});
