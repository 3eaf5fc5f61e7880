import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModuleDefinition, ModuleMeta } from './types.ts';
import { isModuleEngines, type ModuleEngines } from './engine-types.ts';
import { checkAgreesWithEngines, checkAgreesWithMeta, folderDeclaration, isModuleDefinition, isModuleMeta, soleExport } from './registry.ts';

/** The folders of `dir` that hold `<folder>/<folder>.<kind>.ts`, sorted. */
function foldersWith(dir: URL, kind: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/${entry.name}.${kind}.ts`, dir)))
    .map((entry) => entry.name)
    .sort();
}

/** The engines file of the module folder `code`: exactly one declaration, of that module. */
async function folderEngines(dir: URL, code: string): Promise<ModuleEngines> {
  const file = new URL(`${code}/${code}.engines.ts`, dir);
  const path = fileURLToPath(file);
  const declaration = soleExport(await import(file.href), isModuleEngines, path);
  if (declaration.code !== code) throw new Error(`${path} declares the engines of ${declaration.code}; its folder must carry that name`);
  return declaration;
}

/**
 * Every module folder's engines under `dir` (`<code>/<code>.engines.ts`): what @yunyao/engines probes
 * for versions and turns into scripts/debian-packages.txt. Only these light files are imported.
 */
export async function discoverModuleEngines(dir: URL): Promise<ModuleEngines[]> {
  return Promise.all(foldersWith(dir, 'engines').map((code) => folderEngines(dir, code)));
}

/**
 * Every module under `dir`: each folder `<code>/` holding `<code>.module.ts`, which spreads the
 * identity declared in `<code>.meta.ts` beside it and names the engines `<code>.engines.ts` declares. Node has no import.meta.glob, so the folder is
 * read and each file imported.
 */
export async function discoverModules(dir: URL): Promise<ModuleDefinition[]> {
  const codes = foldersWith(dir, 'module');
  return Promise.all(
    codes.map(async (code) => {
      const file = (kind: 'module' | 'meta') => new URL(`${code}/${code}.${kind}.ts`, dir);
      const modulePath = fileURLToPath(file('module'));
      const definition = folderDeclaration(await import(file('module').href), isModuleDefinition, modulePath, code);
      const meta: ModuleMeta | undefined = existsSync(file('meta'))
        ? folderDeclaration(await import(file('meta').href), isModuleMeta, fileURLToPath(file('meta')), code)
        : undefined;
      checkAgreesWithMeta(definition, meta, modulePath);
      const engines = existsSync(new URL(`${code}/${code}.engines.ts`, dir)) ? await folderEngines(dir, code) : undefined;
      checkAgreesWithEngines(definition, engines, modulePath);
      return definition;
    }),
  );
}
