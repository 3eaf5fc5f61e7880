import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildEngineCatalogue, DEBIAN_PACKAGES_PATH, ENGINE_DECLARATIONS, engineInfos, KNOWN_ENGINES, renderDebianPackages } from '@yunyao/engines';
import { discoverModuleEngines } from '../../engines.ts';
import { discoverModules, modules } from '../../index.ts';
import { buildRegistry } from '../../registry.ts';
import { cleanupStaged, REPO_ROOT, runModule, SYSTEM_PYTHON } from '../../shared/run-steps.testing.ts';
import { exampleEngines } from './example.engines.ts';
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
    expect(registry.get('example')).toMatchObject({ route: '/api/example' });
    expect(registry.get('example')!.engines.map((engine) => engine.id)).toEqual(['openbabel', 'example_rows']);
  });

  it('declares its engines in its folder, from where the version probes and the Debian package list take them', async () => {
    const declared = await discoverModuleEngines(new URL('../', import.meta.url));
    expect(declared).toEqual([exampleEngines]);
    expect(exampleModule.engines).toBe(exampleEngines.engines);
    // Added beside the production declarations, as a new module folder would be: its own engine joins
    // the catalogue, and the shared one (Open Babel) lists it among its modules.
    const withExample = [...ENGINE_DECLARATIONS, ...declared];
    const catalogue = buildEngineCatalogue(withExample);
    expect(catalogue.get('example_rows')?.usedBy).toEqual(['example']);
    expect(catalogue.get('openbabel')?.usedBy).toContain('example');
    // What the worker records with every result of the module: each engine's version, probed as declared.
    const infos = await engineInfos(exampleModule.engines, SYSTEM_PYTHON);
    expect(infos.map(({ id, found }) => ({ id, found }))).toEqual([{ id: 'openbabel', found: true }, { id: 'example_rows', found: true }]);
    expect(infos[1]).toMatchObject({ name: 'Example rows program', version: '1.0.0' });
    const listed = renderDebianPackages(withExample);
    expect(listed).toContain("# Example rows program (example): Debian's minimal Python, which runs the example's own program\npython3-minimal\n");
    expect(listed).toMatch(/# Open Babel \([a-z_, ]*example[a-z_, ]*\):/);
    // The production list and probes know nothing of it: it is only ever added by tests.
    expect(readFileSync(DEBIAN_PACKAGES_PATH, 'utf8')).not.toContain('example');
    expect(KNOWN_ENGINES).not.toContain('example_rows');
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
    // Its exports, its engine, its web page and its Python program: a file outside its folders naming
    // one of them was edited to make the module work, which "Add a module" says is never needed (no
    // engine list, version probe or Debian package list is kept by hand).
    const names = ['exampleModule', 'exampleForm', 'exampleMeta', 'exampleEngines', 'example_rows', 'ExamplePage', 'test-fixtures/example'];
    const files = execFileSync('git', ['grep', '-l', ...names.flatMap((n) => ['-e', n])], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.filter((f) => !OWN_FOLDERS.some((folder) => f.startsWith(folder))).sort()).toEqual(['apps/web/src/app/example-module.test.ts', 'docs/architecture.md']);
  });
});
