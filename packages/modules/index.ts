import type { ModuleDefinition } from './types.ts';
import { convertModule } from './convert/convert.module.ts';
import { performModule } from './perform/perform.module.ts';
import { mergeModule } from './merge/merge.module.ts';
import { admetModule } from './admet/admet.module.ts';
import { pocketModule } from './pocket/pocket.module.ts';
import { autodockModule } from './autodock/autodock.module.ts';
import { prothodModule } from './prothod/prothod.module.ts';
import { orcaModule } from './orca/orca.module.ts';

export * from './types.ts';
export { errorReason, ERROR_LINE_PREFIX } from './shared/python-step.ts';
export * from './shared/molecule-source.ts';
export * from './shared/protein-source.ts';

const all: ModuleDefinition[] = [convertModule, performModule, mergeModule, admetModule, pocketModule, autodockModule, prothodModule, orcaModule] as ModuleDefinition[];

function checkModule(m: ModuleDefinition): void {
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

/** The registry: server, worker and task list discover modules only through it. */
export const modules: ReadonlyMap<string, ModuleDefinition> = new Map(
  all.map((m) => {
    checkModule(m);
    return [m.code, m];
  }),
);

const routes = all.flatMap((m) => [m.route, ...(m.aliases ?? [])]);
if (new Set(routes).size !== routes.length) throw new Error('two modules share a submit route');

export function getModule(code: string): ModuleDefinition | undefined {
  return modules.get(code);
}
