import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getModule, modules } from '../index.ts';
import { moduleForms } from '../forms.ts';
import { buildRegistry } from '../registry.ts';

const MODULES_DIR = new URL('../', import.meta.url);

/** Module folders by what they hold, whatever the files are named: a misnamed file would be skipped silently by discovery. */
function foldersHolding(suffix: string): string[] {
  return readdirSync(MODULES_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix) && !entry.parentPath.includes('test-fixtures'))
    .map((entry) => entry.parentPath.replace(/\/$/, '').split('/').pop()!)
    .sort();
}

describe('module registry', () => {
  it('holds convert, perform and merge with their routes and engines', () => {
    expect([...modules.keys()]).toEqual(expect.arrayContaining(['convert', 'perform', 'merge']));
    expect(getModule('convert')).toMatchObject({ route: '/api/convert', engines: ['openbabel'], priceFenPerCoreHour: 50, cores: 1, timeLimitSeconds: 1800 });
    expect(getModule('perform')).toMatchObject({ route: '/api/perform', engines: ['rdkit', 'openbabel'], priceFenPerCoreHour: 100 });
    expect(getModule('merge')).toMatchObject({ route: '/api/merge', engines: ['openbabel'], priceFenPerCoreHour: 50 });
    expect(getModule('merge')!.name).toEqual({ zh: '文件合并', en: 'File merge' });
  });

  it('registers every folder that holds a module file, and only those', () => {
    expect([...modules.keys()].sort()).toEqual(foldersHolding('.module.ts'));
    expect([...moduleForms.keys()].sort()).toEqual(foldersHolding('.form.ts'));
  });

  it('gives the browser the same form for every module the server runs', () => {
    expect([...moduleForms.keys()].sort()).toEqual([...modules.keys()].sort());
    for (const [code, form] of moduleForms) {
      const mod = getModule(code)!;
      expect(mod.params).toBe(form.params);
      expect(mod.files).toBe(form.files);
      expect(mod.route).toBe(form.route);
    }
  });

  it('refuses a module without a price, and two modules on one route', () => {
    const convert = getModule('convert')!;
    expect(() => buildRegistry([{ ...convert, priceFenPerCoreHour: 0 }])).toThrow('module convert: price must be positive');
    expect(() => buildRegistry([convert, { ...convert, code: 'convert_again' }])).toThrow('two modules share a submit route');
  });
});
