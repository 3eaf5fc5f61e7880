/// <reference types="vite/client" />
import type { ModuleForm } from './types.ts';
import { buildFormRegistry, checkAgreesWithMeta, globbedDeclaration, isModuleForm } from './registry.ts';
import { moduleMetas } from './meta.ts';

export * from './types.ts';
export { buildFormRegistry } from './registry.ts';
export { extOf } from './shared/file-names.ts';
export * from './shared/xyz-files.ts';
export * from './shared/molecule-source.ts';
export * from './shared/protein-source.ts';
export * from './shared/ligand-source.ts';

/**
 * Every `<code>/<code>.form.ts`, gathered by the bundler (Vite for the web app, Vitest in tests);
 * only module pages and tests import it (the web app's shell names modules from meta.ts). A
 * module's own exports (`convertForm`, its constants) are imported from `@yunyao/modules/forms/<code>`.
 */
const formFiles = import.meta.glob<Record<string, unknown>>('./*/*.form.ts', { eager: true });

function formOf(path: string, exports: Record<string, unknown>): ModuleForm {
  const form = globbedDeclaration(path, exports, isModuleForm);
  checkAgreesWithMeta(form, moduleMetas.get(form.code), path);
  return form;
}

/** The browser-safe registry: every module's form, keyed by module code. */
export const moduleForms: ReadonlyMap<string, ModuleForm> = buildFormRegistry(Object.entries(formFiles).map(([path, exports]) => formOf(path, exports)));
