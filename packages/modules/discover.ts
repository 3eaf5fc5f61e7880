import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModuleDefinition, ModuleMeta } from './types.ts';
import { checkAgreesWithMeta, folderDeclaration, isModuleDefinition, isModuleMeta } from './registry.ts';

/**
 * Every module under `dir`: each folder `<code>/` holding `<code>.module.ts`, which spreads the
 * identity declared in `<code>.meta.ts` beside it. Node has no import.meta.glob, so the folder is
 * read and each file imported.
 */
export async function discoverModules(dir: URL): Promise<ModuleDefinition[]> {
  const codes = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/${entry.name}.module.ts`, dir)))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    codes.map(async (code) => {
      const file = (kind: 'module' | 'meta') => new URL(`${code}/${code}.${kind}.ts`, dir);
      const modulePath = fileURLToPath(file('module'));
      const definition = folderDeclaration(await import(file('module').href), isModuleDefinition, modulePath, code);
      const meta: ModuleMeta | undefined = existsSync(file('meta'))
        ? folderDeclaration(await import(file('meta').href), isModuleMeta, fileURLToPath(file('meta')), code)
        : undefined;
      checkAgreesWithMeta(definition, meta, modulePath);
      return definition;
    }),
  );
}
