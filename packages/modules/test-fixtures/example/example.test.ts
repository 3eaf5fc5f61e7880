import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverModules, modules } from '../../index.ts';
import { buildRegistry } from '../../registry.ts';
import { cleanupStaged, REPO_ROOT, runModule } from '../../shared/run-steps.testing.ts';
import { exampleModule } from './example.module.ts';

/** The example module's two folders: everything a new module is made of. */
const OWN_FOLDERS = ['packages/modules/test-fixtures/example/', 'apps/web/test-fixtures/example/'];

/** docs/architecture.md, "Add a module": discovery finds a module by its folder alone. */
describe('the test-only example module', () => {
  afterAll(cleanupStaged);

  it('is discovered from its folder and registers its submit route', async () => {
    const discovered = await discoverModules(new URL('../', import.meta.url));
    expect(discovered.map((m) => m.code)).toEqual(['example']);
    const registry = buildRegistry([...modules.values(), ...discovered]);
    expect(registry.get('example')).toMatchObject({ route: '/api/example', engines: ['openbabel'] });
  });

  it('stays out of the production registry', () => {
    expect(modules.has('example')).toBe(false);
  });

  it('runs its own Python step from its folder, with the project helpers it imports', async () => {
    const run = await runModule(exampleModule, { smiles: 'OCC' }, []);
    expect(run.steps.map((s) => s.name)).toEqual(['canonicalise', 'rows']);
    expect(run.result?.summary).toMatchObject({ canonical: 'CCO' });
    expect(run.result?.rows).toEqual([{ ID: 'OCC', SMILES: 'CCO' }]);
    // The binary got the SMILES in its argv; the Python step read it from the task's params.json.
    expect(JSON.parse(await run.read('params.json'))).toEqual({ smiles: 'OCC' });
    const refused = await runModule(exampleModule, { smiles: 'C1CC' }, []);
    expect(refused.error).toBe('无法识别的 SMILES：C1CC');
  });

  it('is named nowhere outside its two folders but in the tests that add it and the walkthrough', () => {
    // Its exports, its web page and its Python program: a file outside its folders naming one of
    // them was edited to make the module work, which "Add a module" says is never needed.
    const names = ['exampleModule', 'exampleForm', 'exampleMeta', 'example_rows', 'ExamplePage', 'test-fixtures/example'];
    const files = execFileSync('git', ['grep', '-l', ...names.flatMap((n) => ['-e', n])], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.filter((f) => !OWN_FOLDERS.some((folder) => f.startsWith(folder))).sort()).toEqual(['apps/web/src/app/example-module.test.ts', 'docs/architecture.md']);
  });
});
