import { describe, expect, it } from 'vitest';
import { discoverModules, modules } from '../../index.ts';
import { buildRegistry } from '../../registry.ts';

/** docs/architecture.md, "Add a module": discovery finds a module by its folder alone. */
describe('the test-only example module', () => {
  it('is discovered from its folder and registers its submit route', async () => {
    const discovered = await discoverModules(new URL('../', import.meta.url));
    expect(discovered.map((m) => m.code)).toEqual(['example']);
    const registry = buildRegistry([...modules.values(), ...discovered]);
    expect(registry.get('example')).toMatchObject({ route: '/api/example', engines: ['openbabel'] });
  });

  it('stays out of the production registry', () => {
    expect(modules.has('example')).toBe(false);
  });
});
