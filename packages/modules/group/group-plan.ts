import type { z } from 'zod';
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
export const STEPS_MISSING = '请添加至少一个工作流步骤！';
export const TOO_MANY_STEPS = `工作流最多 ${MAX_WORKFLOW_STEPS} 个步骤！`;
export const STEP_MODULE_INVALID = '工作流步骤的模块无效，请重新添加！';

export const WORKFLOW_PLAN_MESSAGES_EN: Readonly<Record<string, string>> = {
  [STEPS_MISSING]: 'Please add at least one workflow step.',
  [TOO_MANY_STEPS]: `A workflow has at most ${MAX_WORKFLOW_STEPS} steps.`,
  [STEP_MODULE_INVALID]: 'A workflow step names no valid module; please add it again.',
};

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
  if (plan.length === 0) return { zh: STEPS_MISSING, en: WORKFLOW_PLAN_MESSAGES_EN[STEPS_MISSING]! };
  if (plan.length > MAX_WORKFLOW_STEPS) return { zh: TOO_MANY_STEPS, en: WORKFLOW_PLAN_MESSAGES_EN[TOO_MANY_STEPS]! };
  const before = portsBefore(plan, given, specs);
  for (const [i, step] of plan.entries()) {
    const form = specs.get(step.module);
    if (!form) return { zh: STEP_MODULE_INVALID, en: WORKFLOW_PLAN_MESSAGES_EN[STEP_MODULE_INVALID]! };
    const missing = form.workflowStep.needs.find((port) => !before[i]!.has(port));
    if (!missing) continue;
    const { placement } = form.workflowStep;
    if (placement && missing !== 'reference') return i === 0 ? placement.first : placement.after;
    return {
      zh: `第 ${i + 1} 步“${form.name.zh}”缺少${PORT_NAMES[missing].zh}！`,
      en: `Step ${i + 1} (${form.name.en}) has no ${PORT_NAMES[missing].en}.`,
    };
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
