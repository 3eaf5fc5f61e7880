import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { discoverModules, getModule, modules } from '../index.ts';
import { moduleForms } from '../forms.ts';
import { moduleMetas } from '../meta.ts';
import { moduleEngines } from '../engines.ts';
import { buildMetaRegistry, buildRegistry, checkAgreesWithEngines, checkAgreesWithMeta, globbedDeclaration, isModuleMeta, submitRoutes } from '../registry.ts';

const MODULES_DIR = new URL('../', import.meta.url);

/** Module folders by what they hold, whatever the files are named: a misnamed file would be skipped silently by discovery. */
function foldersHolding(suffix: string): string[] {
  return readdirSync(MODULES_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix) && !entry.parentPath.includes('test-fixtures'))
    .map((entry) => entry.parentPath.replace(/\/$/, '').split('/').pop()!)
    .sort();
}

/** The workflow module is built over the discovered ones (group/), not discovered from a module file. */
const withWorkflow = (codes: string[]) => [...codes, 'group'].sort();

describe('module registry', () => {
  it('holds convert, perform and merge with their routes and engines', () => {
    expect([...modules.keys()]).toEqual(expect.arrayContaining(['convert', 'perform', 'merge']));
    const engineIds = (code: string) => getModule(code)!.engines.map((engine) => engine.id);
    expect(getModule('convert')).toMatchObject({ route: '/api/convert', priceFenPerCoreHour: 50, cores: 1, timeLimitSeconds: 1800 });
    expect(getModule('perform')).toMatchObject({ route: '/api/perform', priceFenPerCoreHour: 100 });
    expect(getModule('merge')).toMatchObject({ route: '/api/merge', priceFenPerCoreHour: 50 });
    expect([engineIds('convert'), engineIds('perform'), engineIds('merge')]).toEqual([['openbabel'], ['rdkit', 'openbabel'], ['openbabel']]);
    expect(getModule('merge')!.name).toEqual({ zh: '文件合并', en: 'File merge' });
  });

  it('registers every folder that holds a module file, and only those (and the workflow built over them)', () => {
    expect([...modules.keys()].sort()).toEqual(withWorkflow(foldersHolding('.module.ts')));
    expect([...moduleForms.keys()].sort()).toEqual(withWorkflow(foldersHolding('.form.ts')));
    expect([...moduleMetas.keys()].sort()).toEqual(foldersHolding('.meta.ts'));
  });

  it('names every module in its meta file, which its form and module spread', () => {
    expect(foldersHolding('.meta.ts')).toEqual(withWorkflow(foldersHolding('.module.ts')));
    expect([...moduleMetas.keys()].sort()).toEqual([...modules.keys()].sort());
    for (const [code, meta] of moduleMetas) {
      expect(moduleForms.get(code)!.name).toBe(meta.name);
      expect(getModule(code)).toMatchObject({ ...meta });
      expect(getModule(code)!.name).toBe(meta.name);
    }
  });

  it('refuses a meta file declaring another folder\'s module, and a form that declares its own name', () => {
    const convertMeta = moduleMetas.get('convert')!;
    expect(() => globbedDeclaration('./convert/convert.meta.ts', { convertMeta: { ...convertMeta, code: 'merge' } }, isModuleMeta)).toThrow(
      './convert/convert.meta.ts declares module merge; its folder must carry that name',
    );
    expect(() => globbedDeclaration('./convert/merge.meta.ts', { convertMeta }, isModuleMeta)).toThrow("a module's files are named after its folder");
    const renamed = { ...moduleForms.get('convert')!, name: { ...convertMeta.name } };
    expect(() => checkAgreesWithMeta(renamed, convertMeta, 'convert.form.ts')).toThrow('convert.form.ts must spread convert.meta.ts rather than declare name itself');
    expect(() => buildMetaRegistry([convertMeta, { ...convertMeta, code: 'convert_again' }])).toThrow('two modules share a submit route');
  });

  it("runs exactly the engines each module's folder declares in its engines file", () => {
    // Every module but the workflow (which runs child tasks, no engine) declares its engines beside its code.
    expect(foldersHolding('.engines.ts')).toEqual(foldersHolding('.module.ts'));
    expect(moduleEngines.map((m) => m.code)).toEqual(foldersHolding('.engines.ts'));
    for (const declared of moduleEngines) expect(getModule(declared.code)!.engines).toBe(declared.engines);
    const convert = getModule('convert')!;
    const [convertEngines] = moduleEngines.filter((m) => m.code === 'convert');
    expect(() => checkAgreesWithEngines({ ...convert, engines: getModule('perform')!.engines }, convertEngines, 'convert.module.ts')).toThrow(
      'convert.module.ts runs engines rdkit, openbabel, but convert.engines.ts declares openbabel',
    );
    expect(() => checkAgreesWithEngines(convert, undefined, 'convert.module.ts')).toThrow("the module's folder has no convert.engines.ts declaring openbabel");
  });

  it('refuses a module folder without a meta file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yunyao-modules-'));
    try {
      mkdirSync(join(dir, 'stray'));
      const stray = "export const strayModule = { code: 'stray', route: '/api/stray', name: { zh: '', en: '' }, files: [], buildSteps: () => [] };";
      writeFileSync(join(dir, 'stray', 'stray.module.ts'), `${stray}\n`);
      await expect(discoverModules(pathToFileURL(`${dir}/`))).rejects.toThrow('the module\'s folder has no stray.meta.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the browser the same form for every module the server runs', () => {
    expect([...moduleForms.keys()].sort()).toEqual([...modules.keys()].sort());
    for (const [code, form] of moduleForms) {
      const mod = getModule(code)!;
      // The workflow's form is built on each side from that side's step forms: the same declaration, two instances.
      if (code === 'group') {
        const plan = { mole_type: 'molecule', molecules: 'CCO', 'modules[0][module]': 'autodock', 'modules[1][module]': 'sign' };
        expect(mod.params.parse(plan)).toEqual(form.params.parse(plan));
        expect(mod.files).toEqual(form.files);
        continue;
      }
      expect(mod.params).toBe(form.params);
      expect(mod.files).toBe(form.files);
      expect(mod.route).toBe(form.route);
      expect(mod.name).toBe(form.name);
    }
  });

  it('refuses a module without a price, and two modules on one route', () => {
    const convert = getModule('convert')!;
    expect(() => buildRegistry([{ ...convert, priceFenPerCoreHour: 0 }])).toThrow('module convert: price must be positive');
    expect(() => buildRegistry([convert, { ...convert, code: 'convert_again' }])).toThrow('two modules share a submit route (/api/convert) without declaring it shared');
  });

  it('lets modules that declare it share a route, told apart by their codes (POST /api/rosetta)', () => {
    const rosetta = submitRoutes(modules.values()).find((r) => r.path === '/api/rosetta');
    expect(rosetta?.modules.map((m) => m.code)).toEqual(['minimizer', 'packer']);
    const convert = getModule('convert')!;
    expect(() => buildRegistry([{ ...convert, sharedRoute: true }, { ...convert, code: 'convert_again', sharedRoute: true }])).not.toThrow();
  });

  it('refuses a preview the server could not run', () => {
    const pharmer = getModule('pharmer')!;
    expect(pharmer.preview).toBe(moduleForms.get('pharmer')!.preview);
    expect(() => buildRegistry([{ ...pharmer, previewStep: undefined }])).toThrow('module pharmer: a preview without its previewStep');
  });

  it('gives the module that runs child tasks the orchestration hook the worker calls, and refuses one without it', () => {
    const workflows = [...modules.values()].filter((m) => m.runsChildren);
    expect(workflows.map((m) => m.code)).toEqual(['group']);
    expect(typeof workflows[0]!.advance).toBe('function');
    expect(() => buildRegistry([{ ...workflows[0]!, advance: undefined }])).toThrow('module group: runs child tasks without an advance hook');
  });
});
