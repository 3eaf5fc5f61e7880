import { moduleMetas } from '@yunyao/modules/meta';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, sidebarEntryFor } from './catalogue.ts';
import { PLATFORM_PAGES } from './platform-pages.ts';
import type { WebModule } from './web-module.ts';
import { catalogue, WEB_MODULES } from './web-modules.ts';

/**
 * The children of /calculate the product must answer, as spec document 2, section 2 lists them
 * ("Screens and routes"). Each needs a built page.
 */
const SPEC_CALCULATE_ROUTES = [
  'home', 'quantum', 'orca', 'pepsearch', 'sign', 'graphdta', 'rosetta', 'packer', 'docking', 'pharmer', 'molecule',
  'molecules', 'energy', 'admet', 'molecularFormation', 'convert', 'optimize', 'merges', 'dataCenter', 'pool', 'qsar',
  'qsarApply', 'vasp', 'workflow', 'workflows', 'list', 'terminal',
] as const;

describe('calculate catalogue (guard: one module = one server folder + one web folder)', () => {
  it('gives every registered compute module a page that submits its tasks', () => {
    const served = new Set(catalogue.pages.flatMap((p) => p.modules));
    const withoutPage = [...moduleMetas.keys()].filter((code) => !served.has(code));
    expect(withoutPage, 'registered modules with no web page').toEqual([]);
  });

  it('answers every spec route under /calculate with a page', () => {
    const paths = new Set(catalogue.pages.map((p) => p.path));
    expect(SPEC_CALCULATE_ROUTES.filter((route) => !paths.has(route)), 'spec routes without a page').toEqual([]);
  });

  it('keeps /calculate/molecule for the protein viewer and moves docking-and-affinity to /calculate/affinity', () => {
    expect(catalogue.pages.find((p) => p.path === 'molecule')).toMatchObject({ title: { i18nKey: 'nav.molecule' }, modules: [] });
    expect(catalogue.pages.find((p) => p.path === 'affinity')?.modules).toEqual(['sign', 'graph_dta', 'pocket']);
  });

  it('refuses a manifest that names a module the registry does not hold', () => {
    const stray: WebModule = { ...WEB_MODULES[0]!, module: 'not_registered', pages: [{ path: 'stray', load: WEB_MODULES[0]!.pages[0]!.load }] };
    expect(() => buildCatalogue([...WEB_MODULES, stray], moduleMetas, PLATFORM_PAGES)).toThrow('a web module names not_registered, which is not a registered module');
  });

  it('refuses two pages on one path or one sidebar place', () => {
    const convert = WEB_MODULES.find((m) => m.module === 'convert')!;
    const samePath: WebModule = { ...convert, module: 'merge', pages: [{ ...convert.pages[0]!, sidebar: undefined }] };
    const samePlace: WebModule = { ...convert, module: 'merge', pages: [{ ...convert.pages[0]!, path: 'elsewhere' }] };
    const others = WEB_MODULES.filter((m) => m.module !== 'merge');
    expect(() => buildCatalogue([...others, samePath], moduleMetas, PLATFORM_PAGES)).toThrow('two pages share the path convert');
    expect(() => buildCatalogue([...others, samePlace], moduleMetas, PLATFORM_PAGES)).toThrow('two pages share the sidebar place preprocess #1');
  });

  it('keeps the sidebar in the spec order, with module names from the module declarations', () => {
    expect(catalogue.sidebar.map((g) => [g.key, g.items.map((p) => p.path)])).toEqual([
      ['home', ['home']],
      ['structure', ['orca', 'quantum', 'pepsearch', 'molecule']],
      ['ligandPrep', ['pool', 'admet', 'molecularFormation']],
      ['screening', ['molecules', 'sign', 'graphdta', 'pharmer']],
      ['analysis', ['energy', 'qsar', 'qsarApply']],
      ['workflows', ['workflows']],
      ['preprocess', ['convert', 'optimize', 'merges']],
      ['taskManagement', ['list', 'terminal']],
      ['experimental', ['rosetta', 'packer', 'vasp']],
    ]);
    expect(catalogue.pages.find((p) => p.path === 'optimize')?.title).toEqual(moduleMetas.get('perform')!.name);
    expect(catalogue.pages.find((p) => p.path === 'vasp')?.title).toEqual(moduleMetas.get('vasp')!.name);
    expect(catalogue.pages.find((p) => p.path === 'rosetta')?.modules).toEqual(['minimizer']);
  });

  it('highlights the page shown, or the sidebar page of its module, never a page visited before', () => {
    expect(sidebarEntryFor(catalogue, '/calculate/molecule')).toBe('molecule');
    expect(sidebarEntryFor(catalogue, '/calculate/admet')).toBe('admet');
    // Server-pocket variants are reached by URL; their module's sidebar page stands for them.
    expect(sidebarEntryFor(catalogue, '/calculate/docking')).toBe('molecules');
    expect(sidebarEntryFor(catalogue, '/calculate/workflow')).toBe('workflows');
    expect(sidebarEntryFor(catalogue, '/calculate/dataCenter')).toBeUndefined();
  });

  it('opens ADMET, docking, affinity, pharmacophore, quantum, QSAR, Rosetta, VASP and workflow tasks with their own result views', () => {
    expect([...catalogue.resultViews.keys()].sort()).toEqual(['admet', 'autodock', 'dynamic', 'generate', 'graph_dta', 'group', 'minimizer', 'orca', 'packer', 'pepsearch', 'pharmer', 'prothod', 'qsarpred', 'qsartuna', 'sign', 'vasp']);
  });
});
