/// <reference types="vite/client" />
import type { ModuleForm } from './types.ts';
import { buildFormRegistry, isModuleForm, soleExport } from './registry.ts';

export * from './types.ts';
export { buildFormRegistry } from './registry.ts';
export { extOf } from './shared/file-names.ts';
export * from './shared/xyz-files.ts';
export * from './shared/molecule-source.ts';
export * from './shared/protein-source.ts';

/**
 * Every `<code>/<code>.form.ts`, gathered by the bundler (Vite for the web app, Vitest in tests);
 * only browser code imports this file. A module's own exports (`convertForm`, its constants) are
 * imported from `@yunyao/modules/forms/<code>`.
 */
const formFiles = import.meta.glob<Record<string, unknown>>('./*/*.form.ts', { eager: true });

function formOf(path: string, exports: Record<string, unknown>): ModuleForm {
  const [, folder, file] = /^\.\/([^/]+)\/([^/]+)\.form\.ts$/.exec(path) ?? [];
  if (folder !== file) throw new Error(`${path}: a module's form file is named after its folder`);
  const form = soleExport(exports, isModuleForm, path);
  if (form.code !== folder) throw new Error(`${path} declares module ${form.code}; its folder must carry that name`);
  return form;
}

/** The browser-safe registry: every module's form, keyed by module code. */
export const moduleForms: ReadonlyMap<string, ModuleForm> = buildFormRegistry(Object.entries(formFiles).map(([path, exports]) => formOf(path, exports)));
