/// <reference types="vite/client" />
import type { ModuleMeta } from './types.ts';
import { buildMetaRegistry, globbedDeclaration, isModuleMeta } from './registry.ts';

export type { Bilingual, ModuleMeta } from './types.ts';
export { buildMetaRegistry } from './registry.ts';

/**
 * Every `<code>/<code>.meta.ts`, gathered by the bundler (Vite for the web app, Vitest in tests).
 * Meta files import only their identity helper, so the web app's shell can name every module
 * (sidebar, task lists) without loading forms, schemas or engine rules; forms.ts holds the rest
 * and loads with the pages.
 */
const metaFiles = import.meta.glob<Record<string, unknown>>('./*/*.meta.ts', { eager: true });

/** Every module's identity, keyed by module code. */
export const moduleMetas: ReadonlyMap<string, ModuleMeta> = buildMetaRegistry(
  Object.entries(metaFiles).map(([path, exports]) => globbedDeclaration(path, exports, isModuleMeta)),
);
