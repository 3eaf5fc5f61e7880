import type { ModuleDefinition } from '../types.ts';
import { createGroupForm, givenPorts, WORKFLOW_REFERENCE_FIELD, type GroupParams } from './group-form.ts';
import { planProblem, workflowSteps } from './group-plan.ts';
import { workflowCoreHours } from './group-cost.ts';
import { advanceWorkflow } from './run/advance.ts';
import { bilingualRef, workflowRowSchema } from '@yunyao/contract';
import { sameName } from '../shared/task-name.ts';

/** A workflow may run for weeks of child tasks; its own limit only bounds the hold the margin rule allows. */
const WORKFLOW_TIME_LIMIT_SECONDS = 30 * 24 * 3600;

/**
 * The workflow module (`group`), built over the registry's step modules: it validates and costs a
 * plan, and its `advance` hook (run/), which the worker calls, runs the plan as child tasks. Not discovered
 * from its folder like the others, because it needs the discovered modules to exist first.
 */
export function createGroupModule(modules: ReadonlyMap<string, ModuleDefinition>): ModuleDefinition {
  const form = createGroupForm(modules);
  const specs = workflowSteps(modules);
  return {
    ...form,
    version: '1',
    timeLimitSeconds: WORKFLOW_TIME_LIMIT_SECONDS,
    runsChildren: true,
    advance: (deps, taskId) => advanceWorkflow(deps, modules, taskId),
    engines: [],
    estimateCoreHours(params, inputs) {
      const p = params as GroupParams;
      return workflowCoreHours(modules, p.modules, p.pockets?.[0], inputs, form.priceFenPerCoreHour);
    },
    preflight(params, files) {
      const p = params as GroupParams;
      const hasReference = files.some((f) => f.field === WORKFLOW_REFERENCE_FIELD.field);
      const problem = planProblem(p.modules, givenPorts(p, hasReference), specs);
      return problem ? bilingualRef(problem) : null;
    },
    taskName(params) {
      const names = (params as GroupParams).modules.map((step) => modules.get(step.module)?.name ?? sameName(step.module));
      return { zh: names.map((n) => n.zh).join(' → '), en: names.map((n) => n.en).join(' → ') };
    },
    buildSteps() {
      throw new Error('a workflow runs child tasks, not engine steps');
    },
    rowSchema: workflowRowSchema,
    parseResult() {
      throw new Error('a workflow runs child tasks, not engine steps');
    },
  };
}
