import { givenPorts, moduleForms, parseStepFields, planProblem, workflowSteps, type ModuleForm, type WorkflowStepSpec } from '@yunyao/modules/forms';
import { z } from 'zod';
import { renderMessage } from '@yunyao/contract';

/** The modules a workflow can chain, with their step declarations (the server checks plans against the same). */
export const STEP_MODULES = workflowSteps(moduleForms);
export type StepModules = ReadonlyMap<string, ModuleForm & { workflowStep: WorkflowStepSpec }>;

/** A step as the page holds it: the module and its fields as typed (numbers, or a choice such as the salt). */
export interface StepDraft {
  /** Stable across deletions, for React keys. */
  key: number;
  module: string;
  fields: Record<string, string | number>;
}

/** One input of a step card: a number, or a choice among the schema's options. */
export type StepFieldInput = { name: string; kind: 'number'; min?: number; max?: number } | { name: string; kind: 'choice'; options: readonly string[] };

/** The schema under `.default()`, `.optional()` and friends. */
function innermost(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  return inner;
}

const shapeOf = (spec: WorkflowStepSpec): Record<string, z.ZodType> => (spec.fields instanceof z.ZodObject ? (spec.fields.shape as Record<string, z.ZodType>) : {});

/** The step's own workflow defaults (spec section 9), read from its declaration: the fields a card shows. */
export function stepDefaults(spec: WorkflowStepSpec): Record<string, string | number> {
  const parsed = (spec.fields as z.ZodType<Record<string, unknown>>).parse({});
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
}

/** The card's inputs, in the declaration's order; fields without a default (docking's own pocket) are not on the card. */
export function stepFieldInputs(spec: WorkflowStepSpec): StepFieldInput[] {
  const defaults = stepDefaults(spec);
  return Object.entries(shapeOf(spec))
    .filter(([name]) => name in defaults)
    .map(([name, schema]): StepFieldInput => {
      const inner = innermost(schema);
      if (inner instanceof z.ZodEnum) return { name, kind: 'choice', options: inner.options.map(String) };
      const bounds = inner instanceof z.ZodNumber ? { min: inner.minValue ?? undefined, max: inner.maxValue ?? undefined } : {};
      return { name, kind: 'number', ...bounds };
    });
}

let nextKey = 1;
/** A new card for the module, with its workflow defaults. */
export function newStep(module: string, specs: StepModules = STEP_MODULES): StepDraft {
  const spec = specs.get(module)?.workflowStep;
  return { key: nextKey++, module, fields: spec ? stepDefaults(spec) : {} };
}

/** What the workflow's inputs give before any step: a chosen pocket, a reference ligand (assumed possible while adding). */
export interface WorkflowInputs {
  hasPocket: boolean;
  hasReference: boolean;
}

const problemText = (problem: { zh: string; en: string } | null, english: boolean) => (problem ? (english ? problem.en : problem.zh) : null);

/**
 * Why the steps cannot run in this order, in the page's language (the spec's words: 亲和力预测3D模块不能放在首位！ …),
 * or null. The same check the server runs on submit.
 */
export function orderProblem(steps: readonly Pick<StepDraft, 'module'>[], inputs: WorkflowInputs, english: boolean, specs: StepModules = STEP_MODULES): string | null {
  return problemText(planProblem(steps, givenPorts({ pockets: inputs.hasPocket ? ['chosen'] : [] }, inputs.hasReference), specs), english);
}

/** Why a step's fields are refused (its module's own message), or null. */
export function fieldsProblem(steps: readonly StepDraft[], english: boolean, specs: StepModules = STEP_MODULES): string | null {
  const parsed = parseStepFields(steps.map((s) => ({ module: s.module, ...s.fields })), specs);
  if (!('problem' in parsed)) return null;
  return renderMessage(parsed.problem, english ? 'en' : 'zh');
}

/** Whether the plan needs the workflow's reference ligand: a step needs one and nothing before it gives it (a pharmacophore step with no docking before). */
export function needsReference(steps: readonly Pick<StepDraft, 'module'>[], specs: StepModules = STEP_MODULES): boolean {
  let given = false;
  for (const step of steps) {
    const spec = specs.get(step.module)?.workflowStep;
    if (!spec) continue;
    if (spec.needs.includes('reference') && !given) return true;
    if (spec.gives.includes('reference')) given = true;
  }
  return false;
}

/** The steps as the spec's form sends them: `modules[i][module]`, `modules[i][filter]` … */
export function appendSteps(body: FormData, steps: readonly StepDraft[]): void {
  steps.forEach((step, i) => {
    body.set(`modules[${i}][module]`, step.module);
    for (const [name, value] of Object.entries(step.fields)) body.set(`modules[${i}][${name}]`, String(value));
  });
}
