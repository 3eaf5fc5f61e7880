import type { ModuleDefinition, ModuleForm } from './types.ts';

/**
 * Building the module registries from discovered folders. Browser-safe: the server's registry
 * (index.ts) and the web's form registry (forms.ts) both go through here, and tests build
 * registries with extra modules the same way.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isModuleForm(value: unknown): value is ModuleForm {
  return isObject(value) && typeof value.code === 'string' && typeof value.route === 'string' && Array.isArray(value.files);
}

export function isModuleDefinition(value: unknown): value is ModuleDefinition {
  return isModuleForm(value) && typeof (value as Partial<ModuleDefinition>).buildSteps === 'function';
}

/** The one export of a module folder's file that passes `guard`; a folder is one module, so two or none is a mistake. */
export function soleExport<T>(exports: Record<string, unknown>, guard: (value: unknown) => value is T, file: string): T {
  const found = Object.values(exports).filter(guard);
  if (found.length !== 1) throw new Error(`${file} must export exactly one module declaration, found ${found.length}`);
  return found[0]!;
}

export function checkModule(m: ModuleDefinition): void {
  const problems: string[] = [];
  if (!/^[a-z_]+$/.test(m.code)) problems.push('code must be lower-case letters');
  if (!m.route.startsWith('/api/')) problems.push('route must start with /api/');
  if (!(m.priceFenPerCoreHour > 0)) problems.push('price must be positive');
  if (typeof m.parseResult !== 'function') problems.push('missing parser');
  if (m.engines.length === 0) problems.push('no engine declared');
  // pg-boss refuses job expiries over 24 h, and the queue's expiry is the longest limit plus 10 minutes.
  if (m.timeLimitSeconds > 23.5 * 3600) problems.push('time limit must stay under 23.5 h');
  if (problems.length) throw new Error(`module ${m.code}: ${problems.join('; ')}`);
}

function byCode<T extends ModuleForm>(list: readonly T[]): ReadonlyMap<string, T> {
  const registry = new Map<string, T>();
  for (const m of list) {
    if (registry.has(m.code)) throw new Error(`two modules share the code ${m.code}`);
    registry.set(m.code, m);
  }
  const routes = list.flatMap((m) => [m.route, ...(m.aliases ?? [])]);
  if (new Set(routes).size !== routes.length) throw new Error('two modules share a submit route');
  return registry;
}

/** The server's registry: every module checked, codes and submit routes unique. */
export function buildRegistry(list: readonly ModuleDefinition[]): ReadonlyMap<string, ModuleDefinition> {
  list.forEach(checkModule);
  return byCode(list);
}

/** The browser's registry: every module's form, keyed by module code. */
export function buildFormRegistry(list: readonly ModuleForm[]): ReadonlyMap<string, ModuleForm> {
  return byCode(list);
}
