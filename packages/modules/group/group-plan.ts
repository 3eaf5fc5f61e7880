import type { z } from 'zod';
import { bothLanguages, messageRef } from '@yunyao/contract';
import { GROUP_MESSAGES } from './group.messages.ts';
import type { Bilingual, ModuleForm } from '../types.ts';
import type { PortType, WorkflowStepSpec } from '../shared/workflow-step.ts';

/**
 * A workflow's plan: its steps in order, each a module that declares a workflow step, checked
 * against the ports (data types) each step needs and the ones the steps before it give. Browser-safe:
 * the page checks a plan with exactly what the server checks it with again.
 */

/** A step as submitted: the module and its raw fields (`modules[i][...]`). */
export interface SubmittedStep {
  module: string;
  [field: string]: unknown;
}

/** A step whose fields passed its module's schema. */
export interface PlannedStep {
  module: string;
  fields: Record<string, unknown>;
}

export const MAX_WORKFLOW_STEPS = 8;
// Message ids (group.messages.ts).
export const STEPS_MISSING = GROUP_MESSAGES.stepsMissing;
export const TOO_MANY_STEPS = messageRef(GROUP_MESSAGES.tooManySteps, { max: MAX_WORKFLOW_STEPS });
export const STEP_MODULE_INVALID = GROUP_MESSAGES.stepModuleInvalid;

/** What a port is, for the refusal of a step that lacks it and has no words of its own in the spec. */
const PORT_NAMES: Record<PortType, Bilingual> = {
  protein: { zh: '蛋白质结构', en: 'a protein structure' },
  molecules: { zh: '小分子', en: 'molecules' },
  pocket: { zh: '结合口袋', en: 'a binding pocket' },
  poses: { zh: '对接构象（请放在分子对接步骤之后）', en: 'docked poses (place it after a docking step)' },
  reference: { zh: '参考配体（请上传参考配体，或放在分子对接步骤之后）', en: 'a reference ligand (upload one, or place it after a docking step)' },
};

/** The modules that can be workflow steps, with their declarations, in a form registry. */
export function workflowSteps(forms: ReadonlyMap<string, ModuleForm>): Map<string, ModuleForm & { workflowStep: WorkflowStepSpec }> {
  const steps = new Map<string, ModuleForm & { workflowStep: WorkflowStepSpec }>();
  for (const [code, form] of forms) if (form.workflowStep) steps.set(code, { ...form, workflowStep: form.workflowStep });
  return steps;
}

/** The ports each step sees: what the workflow's inputs give, and what every step before it added. */
export function portsBefore(plan: readonly { module: string }[], given: readonly PortType[], specs: ReadonlyMap<string, { workflowStep: WorkflowStepSpec }>): Set<PortType>[] {
  const seen = new Set(given);
  return plan.map((step) => {
    const before = new Set(seen);
    for (const port of specs.get(step.module)?.workflowStep.gives ?? []) seen.add(port);
    return before;
  });
}

/**
 * The first problem of a plan, in the spec's words where it has them (section 5: 亲和力预测3D模块不能放在首位！ …),
 * else naming the missing port; null when every step has what it needs.
 */
export function planProblem(plan: readonly { module: string }[], given: readonly PortType[], specs: ReadonlyMap<string, ModuleForm & { workflowStep: WorkflowStepSpec }>): Bilingual | null {
  if (plan.length === 0) return bothLanguages(STEPS_MISSING);
  if (plan.length > MAX_WORKFLOW_STEPS) return bothLanguages(TOO_MANY_STEPS);
  const before = portsBefore(plan, given, specs);
  for (const [i, step] of plan.entries()) {
    const form = specs.get(step.module);
    if (!form) return bothLanguages(STEP_MODULE_INVALID);
    const missing = form.workflowStep.needs.find((port) => !before[i]!.has(port));
    if (!missing) continue;
    const { placement } = form.workflowStep;
    if (placement && missing !== 'reference') return i === 0 ? placement.first : placement.after;
    return bothLanguages(messageRef(GROUP_MESSAGES.stepLacksPort, { step: i + 1, module: form.name, port: PORT_NAMES[missing] }));
  }
  return null;
}

/** Each step's fields through its module's step schema: the plan with defaults filled, or the first field's message. */
export function parseStepFields(
  steps: readonly SubmittedStep[],
  specs: ReadonlyMap<string, { workflowStep: WorkflowStepSpec }>,
): { plan: PlannedStep[] } | { problem: string } {
  const plan: PlannedStep[] = [];
  for (const { module, ...raw } of steps) {
    const spec = specs.get(module)?.workflowStep;
    if (!spec) return { problem: STEP_MODULE_INVALID };
    const fields = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '' && v !== undefined));
    const parsed = (spec.fields as z.ZodType<Record<string, unknown>>).safeParse(fields);
    if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? STEP_MODULE_INVALID };
    plan.push({ module, fields: parsed.data });
  }
  return { plan };
}
