import type { ModuleDefinition } from './types.ts';
import { discoverModules } from './discover.ts';
import { buildRegistry } from './registry.ts';
import { createGroupModule } from './group/group-module.ts';

export * from './types.ts';
export { buildRegistry, submitRoutes } from './registry.ts';
export { discoverModules } from './discover.ts';
export { errorReason, ERROR_LINE_PREFIX } from './shared/python-step.ts';
export * from './shared/molecule-source.ts';
export * from './shared/protein-source.ts';
export * from './shared/ligand-source.ts';
export { measureInputs, type InputMeasures, type FileMeasure } from './shared/input-measure.ts';
export { ZIP_MAX_MEMBERS, ZIP_MAX_UNCOMPRESSED_BYTES, zipProblem, ZipMemberError } from './shared/safe-zip.ts';
export * from './shared/module-cost.ts';

export * from './shared/workflow-step.ts';
export * from './shared/task-name.ts';
export { pocketBox, type DockingSite } from './shared/pocket-sites.ts';
export * from './group/group-plan.ts';
export { createGroupModule } from './group/group-module.ts';
export { WORKFLOW_REFERENCE_FIELD } from './group/group-form.ts';
export { moleculesReaching, stepModule, stepParams, type StepModule } from './group/group-cost.ts';
export type { GroupParams } from './group/group-form.ts';

const discovered = await discoverModules(new URL('./', import.meta.url));

/**
 * The registry: server, worker and task list discover modules only through it. Adding a module folder
 * is enough; the workflow module (group/) is built over the discovered ones, whose workflow steps it chains.
 */
export const modules: ReadonlyMap<string, ModuleDefinition> = buildRegistry([...discovered, createGroupModule(buildRegistry(discovered))]);

export function getModule(code: string): ModuleDefinition | undefined {
  return modules.get(code);
}
export { writeTaskParams } from './shared/step-params.ts';
