import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModuleDefinition } from './types.ts';
import { isModuleDefinition, soleExport } from './registry.ts';

/**
 * Every module under `dir`: each folder `<code>/` holding `<code>.module.ts`. Node has no
 * import.meta.glob, so the folder is read and each module file imported.
 */
export async function discoverModules(dir: URL): Promise<ModuleDefinition[]> {
  const codes = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/${entry.name}.module.ts`, dir)))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    codes.map(async (code) => {
      const file = new URL(`${code}/${code}.module.ts`, dir);
      const definition = soleExport(await import(file.href), isModuleDefinition, fileURLToPath(file));
      if (definition.code !== code) throw new Error(`${fileURLToPath(file)} declares module ${definition.code}; its folder must carry that name`);
      return definition;
    }),
  );
}
