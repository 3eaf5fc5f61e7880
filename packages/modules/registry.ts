import type { ModuleDefinition, ModuleEngines, ModuleForm, ModuleMeta } from './types.ts';

/**
 * Building the module registries from discovered folders. Browser-safe: the server's registry
 * (index.ts), the web's meta registry (meta.ts) and form registry (forms.ts) all go through
 * here, and tests build registries with extra modules the same way.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isModuleMeta(value: unknown): value is ModuleMeta {
  return isObject(value) && typeof value.code === 'string' && typeof value.route === 'string' && isObject(value.name);
}

export function isModuleForm(value: unknown): value is ModuleForm {
  return isModuleMeta(value) && Array.isArray((value as Partial<ModuleForm>).files);
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

/** The declaration in a file of the folder `folder`: exactly one, and for the module the folder is named after. */
export function folderDeclaration<T extends ModuleMeta>(exports: Record<string, unknown>, guard: (value: unknown) => value is T, file: string, folder: string): T {
  const declaration = soleExport(exports, guard, file);
  if (declaration.code !== folder) throw new Error(`${file} declares module ${declaration.code}; its folder must carry that name`);
  return declaration;
}

/** The declaration in `./<code>/<code>.<kind>.ts`, a path as `import.meta.glob` gives it. */
export function globbedDeclaration<T extends ModuleMeta>(path: string, exports: Record<string, unknown>, guard: (value: unknown) => value is T): T {
  const [, folder, file] = /^\.\/([^/]+)\/([^/.]+)\.[a-z]+\.ts$/.exec(path) ?? [];
  if (!folder || folder !== file) throw new Error(`${path}: a module's files are named after its folder`);
  return folderDeclaration(exports, guard, path, folder);
}

/** Every field of `ModuleMeta`; typed so that a field added there must be added here. */
const META_FIELDS: Record<keyof ModuleMeta, true> = { code: true, route: true, aliases: true, sharedRoute: true, name: true };

/**
 * A form and a module spread their folder's meta, so the identity the shell shows and the one
 * the server serves are one declaration: each meta field must be the meta's own value.
 */
export function checkAgreesWithMeta(declaration: ModuleMeta, meta: ModuleMeta | undefined, file: string): void {
  if (!meta) throw new Error(`${file}: the module's folder has no ${declaration.code}.meta.ts`);
  const differing = (Object.keys(META_FIELDS) as (keyof ModuleMeta)[]).filter((field) => declaration[field] !== meta[field]);
  if (differing.length) throw new Error(`${file} must spread ${meta.code}.meta.ts rather than declare ${differing.join(', ')} itself`);
}

/**
 * A module runs the engines its folder's `<code>.engines.ts` declares (their version probes, packages
 * and citations live there, where scripts/debian-packages.txt and the health check find them), so its
 * `engines` must be that file's list: `engines: <code>Engines.engines`.
 */
export function checkAgreesWithEngines(definition: ModuleDefinition, engines: ModuleEngines | undefined, file: string): void {
  const ids = (list: readonly { id: string }[]) => list.map((engine) => engine.id).join(', ');
  if (!engines) {
    if (definition.engines.length) throw new Error(`${file}: the module's folder has no ${definition.code}.engines.ts declaring ${ids(definition.engines)}`);
    return;
  }
  const same = engines.engines.length === definition.engines.length && engines.engines.every((engine, i) => definition.engines[i] === engine);
  if (!same) throw new Error(`${file} runs engines ${ids(definition.engines)}, but ${definition.code}.engines.ts declares ${ids(engines.engines)}: use that file's engines`);
}

function metaProblems(m: ModuleMeta): string[] {
  const problems: string[] = [];
  if (!/^[a-z_]+$/.test(m.code)) problems.push('code must be lower-case letters');
  if (![m.route, ...(m.aliases ?? [])].every((route) => route.startsWith('/api/'))) problems.push('route must start with /api/');
  return problems;
}

function refuse(code: string, problems: readonly string[]): void {
  if (problems.length) throw new Error(`module ${code}: ${problems.join('; ')}`);
}

export function checkModule(m: ModuleDefinition): void {
  const problems = metaProblems(m);
  if (!(m.priceFenPerCoreHour > 0)) problems.push('price must be positive');
  if (typeof m.parseResult !== 'function') problems.push('missing parser');
  if (typeof m.estimateCoreHours !== 'function') problems.push('missing cost estimate');
  if (m.preview && typeof m.previewStep !== 'function') problems.push('a preview without its previewStep');
  if (m.engines.length === 0 && !m.runsChildren) problems.push('no engine declared');
  if (m.runsChildren && typeof m.advance !== 'function') problems.push('runs child tasks without an advance hook');
  // Any positive limit: a run may outlast the queue's job (pg-boss caps that at 24 h; see @yunyao/platform queue.ts).
  if (!(m.timeLimitSeconds > 0)) problems.push('time limit must be positive');
  refuse(m.code, problems);
}

function byCode<T extends ModuleMeta>(list: readonly T[]): ReadonlyMap<string, T> {
  const registry = new Map<string, T>();
  for (const m of list) {
    if (registry.has(m.code)) throw new Error(`two modules share the code ${m.code}`);
    registry.set(m.code, m);
  }
  for (const { path, modules } of submitRoutes(list)) {
    if (modules.length > 1 && !modules.every((m) => m.sharedRoute)) throw new Error(`two modules share a submit route (${path}) without declaring it shared`);
  }
  return registry;
}

/**
 * Every submit path (routes and aliases) with the modules that take it: one module, or several that
 * declare `sharedRoute`, told apart by the form's `module` field.
 */
export function submitRoutes<T extends ModuleMeta>(list: Iterable<T>): { path: string; modules: [T, ...T[]] }[] {
  const byPath = new Map<string, [T, ...T[]]>();
  for (const m of list) for (const path of [m.route, ...(m.aliases ?? [])]) byPath.set(path, [...(byPath.get(path) ?? []), m] as [T, ...T[]]);
  return [...byPath].map(([path, modules]) => ({ path, modules }));
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

/** The web shell's registry: every module's identity, keyed by module code. */
export function buildMetaRegistry(list: readonly ModuleMeta[]): ReadonlyMap<string, ModuleMeta> {
  list.forEach((m) => refuse(m.code, metaProblems(m)));
  return byCode(list);
}
