import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineEngine, defineModuleEngines } from '@yunyao/modules/engines';
import { modules } from '@yunyao/modules';
import { buildEngineCatalogue } from './catalogue.ts';
import { DEBIAN_PACKAGES_PATH, renderDebianPackages } from './debian-packages.ts';
import { ENGINE_DECLARATIONS, ENGINES, engineInfo, KNOWN_ENGINES, probeEngine } from './versions.ts';

const REPO_ROOT = new URL('../../../', import.meta.url);

describe('scripts/debian-packages.txt', () => {
  it('is what the modules and the platform declare (run `npm run gen:debian-packages` after changing an engines file)', () => {
    expect(readFileSync(DEBIAN_PACKAGES_PATH, 'utf8')).toBe(renderDebianPackages(ENGINE_DECLARATIONS));
  });

  it('lists each package once, under a comment saying why', () => {
    const lines = renderDebianPackages(ENGINE_DECLARATIONS).split('\n');
    const packages = lines.filter((line) => line.trim() && !line.startsWith('#')).flatMap((line) => line.split(' '));
    expect(new Set(packages).size).toBe(packages.length);
    lines.forEach((line, i) => {
      if (line.trim() && !line.startsWith('#')) expect(lines[i - 1]).toMatch(/^# \S/);
    });
    // What the platform needs besides the modules, from its one declaration (platform.ts).
    expect(packages).toEqual(expect.arrayContaining(['postgresql', 'postgresql-15-rdkit', 'time', 'chromium', 'fonts-wqy-microhei']));
  });
});

describe('the engine catalogue', () => {
  it('probes every engine a registered module runs, with the declaration the module carries', () => {
    for (const mod of modules.values()) {
      for (const engine of mod.engines) expect(ENGINES.get(engine.id)?.engine, `${mod.code}: ${engine.id}`).toBe(engine);
    }
    // The health check's list: the modules' engines and the platform's own, nothing else.
    const used = new Set([...modules.values()].flatMap((m) => m.engines.map((e) => e.id)));
    expect(KNOWN_ENGINES.filter((id) => !used.has(id)).sort()).toEqual(['gnu_time', 'python']);
  });

  it('cites every engine but the plain infrastructure, and finds each model card a module names', () => {
    const uncited = [...ENGINES.values()].filter(({ engine }) => engine.citations.length === 0).map(({ engine }) => engine.id);
    expect(uncited.sort()).toEqual(['gnu_time', 'node', 'python']);
    for (const { engine } of ENGINES.values()) for (const c of engine.citations) expect(c.doi ?? c.url, `${engine.id}: ${c.text}`).toBeTruthy();
    const cards = ENGINE_DECLARATIONS.filter((set) => set.modelCard);
    expect(cards.map((set) => set.code)).toEqual(expect.arrayContaining(['admet', 'graph_dta', 'pocket', 'sign']));
    for (const set of cards) {
      const card = new URL(set.modelCard!, REPO_ROOT);
      expect(existsSync(card), set.modelCard).toBe(true);
      expect(readFileSync(card, 'utf8')).toMatch(/^# Model card/);
    }
  });

  it('refuses two declarations of one engine: a shared engine is declared once and listed by each module', () => {
    const probe = { argv: ['obabel', '-V'], pattern: /([\d.]+)/ };
    const first = defineEngine({ id: 'openbabel', name: 'Open Babel', probe, citations: [] });
    const second = defineEngine({ ...first });
    expect(() => buildEngineCatalogue([defineModuleEngines({ code: 'a', engines: [first] }), defineModuleEngines({ code: 'b', engines: [second] })])).toThrow(
      'engine openbabel is declared twice (by a and b)',
    );
    const shared = buildEngineCatalogue([defineModuleEngines({ code: 'a', engines: [first] }), defineModuleEngines({ code: 'b', engines: [first] })]);
    expect(shared.get('openbabel')?.usedBy).toEqual(['a', 'b']);
  });
});

describe('version probes', () => {
  it('runs the configured Python and this Node for `{python}` and `{node}`', async () => {
    await expect(engineInfo('python', '/usr/bin/python3')).resolves.toMatchObject({ found: true, version: expect.stringMatching(/^3\./), path: '/usr/bin/python3' });
    await expect(probeEngine(ENGINES.get('node')!.engine, '/usr/bin/python3')).resolves.toMatchObject({ found: true, version: process.versions.node });
  });

  it('reports an engine it cannot run, or does not know, as not found', async () => {
    const missing = defineEngine({ id: 'missing', name: 'Missing', probe: { argv: ['yunyao-no-such-engine'], pattern: /([\d.]+)/ }, citations: [] });
    await expect(probeEngine(missing, '/usr/bin/python3')).resolves.toEqual({ id: 'missing', name: 'Missing', found: false, version: null, path: null });
    await expect(engineInfo('no_such_id')).resolves.toMatchObject({ found: false });
  });

  it('probes again after a failed probe, and once after a found one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'probe-'));
    const script = join(dir, 'engine.sh');
    const engine = defineEngine({ id: 'flaky', name: 'Flaky', probe: { argv: [script], pattern: /flaky ([\d.]+)/ }, citations: [] });
    await expect(engineInfo(engine)).resolves.toMatchObject({ found: false });
    writeFileSync(script, '#!/bin/sh\necho flaky 1.0\n', { mode: 0o755 });
    await expect(engineInfo(engine)).resolves.toMatchObject({ found: true, version: '1.0' });
    writeFileSync(script, '#!/bin/sh\necho flaky 2.0\n', { mode: 0o755 });
    await expect(engineInfo(engine)).resolves.toMatchObject({ found: true, version: '1.0' });
    rmSync(dir, { recursive: true, force: true });
  });
});
