import type { ModuleDefinition } from './types.ts';
import { discoverModules } from './discover.ts';
import { buildRegistry } from './registry.ts';

export * from './types.ts';
export { buildRegistry } from './registry.ts';
export { discoverModules } from './discover.ts';
export { errorReason, ERROR_LINE_PREFIX } from './shared/python-step.ts';
export * from './shared/molecule-source.ts';
export * from './shared/protein-source.ts';
export * from './shared/ligand-source.ts';
export { measureInputs, type InputMeasures, type FileMeasure } from './shared/input-measure.ts';
export * from './shared/module-cost.ts';

/** The registry: server, worker and task list discover modules only through it. Adding a module folder is enough. */
export const modules: ReadonlyMap<string, ModuleDefinition> = buildRegistry(await discoverModules(new URL('./', import.meta.url)));

export function getModule(code: string): ModuleDefinition | undefined {
  return modules.get(code);
}
