import { describe, expect, it } from 'vitest';
import { getModule, modules } from '../index.ts';
import { moduleForms } from '../forms.ts';

describe('module registry', () => {
  it('holds convert, perform and merge with their routes and engines', () => {
    expect([...modules.keys()]).toEqual(expect.arrayContaining(['convert', 'perform', 'merge']));
    expect(getModule('convert')).toMatchObject({ route: '/api/convert', engines: ['openbabel'], priceFenPerCoreHour: 50, cores: 1, timeLimitSeconds: 1800 });
    expect(getModule('perform')).toMatchObject({ route: '/api/perform', engines: ['rdkit', 'openbabel'], priceFenPerCoreHour: 100 });
    expect(getModule('merge')).toMatchObject({ route: '/api/merge', engines: ['openbabel'], priceFenPerCoreHour: 50 });
    expect(getModule('merge')!.name).toEqual({ zh: '文件合并', en: 'File merge' });
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
});
