import { buildMetaRegistry, moduleMetas } from '@yunyao/modules/meta';
import { exampleMeta } from '@yunyao/modules/test-fixtures/example/example.meta.ts';
import { describe, expect, it } from 'vitest';
import exampleManifest from '../../test-fixtures/example/manifest.ts';
import { buildCatalogue } from './catalogue.ts';
import { PLATFORM_PAGES } from './platform-pages.ts';
import { catalogue, WEB_MODULES } from './web-modules.ts';

/** docs/architecture.md, "Add a module": the example's two folders are all it takes (the catalogue reads its meta file, not its form). */
describe('the test-only example module', () => {
  const withExample = buildCatalogue([...WEB_MODULES, exampleManifest], buildMetaRegistry([...moduleMetas.values(), exampleMeta]), PLATFORM_PAGES);

  it('gets a page, a sidebar entry after file merge, its name and its task-list view from its two folders', () => {
    const page = withExample.pages.find((p) => p.path === 'example');
    expect(page).toMatchObject({ title: exampleMeta.name, description: exampleManifest.summary, modules: ['example'] });
    expect(page?.load).toBeTypeOf('function');
    expect(withExample.sidebar.find((g) => g.key === 'preprocess')?.items.map((p) => p.path)).toEqual(['convert', 'optimize', 'merges', 'example']);
    expect(withExample.moduleNames.get('example')).toEqual({ zh: '示例：规范 SMILES', en: 'Example: canonical SMILES' });
    expect(withExample.resultViews.get('example')).toBeTypeOf('function');
  });

  it('stays out of the production catalogue', () => {
    expect(catalogue.pages.some((p) => p.path === 'example')).toBe(false);
    expect(moduleMetas.has('example')).toBe(false);
  });
});
