import { attemptOf, finishTask, getTask, getTaskFiles, insertChildTask, workflowChildren, type NewTaskFile, type TaskOutcome, type TaskRecord } from '@yunyao/db';
import { asMessage, decodeMessage, messageRef, type Message, type MessageParam } from '@yunyao/contract';
import type { Bilingual, ModuleDefinition, OrchestrationDeps } from '../../types.ts';
import { GROUP_MESSAGES } from '../group.messages.ts';
import { measureInputs } from '../../shared/input-measure.ts';
import { moduleCost } from '../../shared/module-cost.ts';
import { clipName } from '../../shared/task-name.ts';
import { stepModule, stepParams } from '../group-cost.ts';
import type { GroupParams } from '../group-form.ts';
import { replayChain } from './chain-state.ts';
import { stepFiles } from './step-inputs.ts';
import { workflowSummary } from './summary.ts';

type StepRegistry = ReadonlyMap<string, ModuleDefinition>;

const stepLabel = (steps: StepRegistry, index: number, module: string) => `第 ${index + 1} 步（${steps.get(module)?.name.zh ?? module}）`;

/** A message about step `index` of the workflow (`step` and `module` filled in), as a failure reason. */
function stepReason(steps: StepRegistry, code: string, index: number, module: string, more: Record<string, MessageParam> = {}): string {
  return messageRef(code, { step: index + 1, module: steps.get(module)?.name ?? { zh: module, en: module }, ...more });
}

/** A child's failure reason as a parameter: its message where it kept one, else its text. */
function childReason(child: TaskRecord): MessageParam {
  return (child.errorMessage as Message | null) ?? child.error ?? '';
}

/** A module's preflight problem (a message id, encoded, or a text) as a parameter. */
function problemParam(problem: string): MessageParam {
  return asMessage(problem) ?? decodeMessage(problem) ?? problem;
}

/** A step child's name: its step in the workflow, then what its module calls the task, in both languages. */
function stepTaskName(steps: StepRegistry, index: number, module: string, name: Bilingual): Bilingual {
  const moduleName = steps.get(module)?.name ?? { zh: module, en: module };
  return clipName({ zh: `${stepLabel(steps, index, module)} ${name.zh}`, en: `Step ${index + 1} (${moduleName.en}) ${name.en}` });
}

/** Ends the workflow itself; it ran no engine, so it is charged nothing, and the rest of its hold goes back to the balance. */
async function endWorkflow(deps: OrchestrationDeps, group: TaskRecord, outcome: Omit<TaskOutcome, 'cpuSeconds' | 'priceFenPerCoreHour'>): Promise<void> {
  await finishTask(deps.database.db, attemptOf(group), { ...outcome, cpuSeconds: 0, priceFenPerCoreHour: 0 } as TaskOutcome);
}

/**
 * Moves a running workflow on by one event: starts its next step as a child task, or ends it when
 * its last step finished (with the summary) or a step failed (with that step's reason). Idempotent
 * and safe to call from any worker at any time (after a child ends, from the sweep after a crash):
 * every decision is re-derived from the stored children, and creating a step is refused to all but one caller.
 * `steps` is the registry of the modules a plan may name.
 */
export async function advanceWorkflow(deps: OrchestrationDeps, steps: StepRegistry, groupId: number): Promise<void> {
  const { database, storage, queue } = deps;
  const group = await getTask(database.db, groupId);
  if (!group || group.state !== 'running') return;
  const params = group.params as GroupParams;
  const children = await workflowChildren(database.db, groupId);
  const last = children.at(-1);
  if (last && (last.state === 'queued' || last.state === 'running')) return;
  if (last && last.state !== 'succeeded') {
    const code = last.state === 'cancelled' ? GROUP_MESSAGES.stepCancelled : GROUP_MESSAGES.stepFailed;
    const failureKind = last.failureKind === 'spending_cap' ? 'spending_cap' : 'engine';
    await endWorkflow(deps, group, { state: 'failed', failureKind, error: stepReason(steps, code, children.length - 1, last.module, { reason: childReason(last) }) });
    return;
  }
  const mods = params.modules.map((step) => stepModule(steps, step));
  const state = await replayChain(database, storage, params.modules, mods.map((m) => m.workflowStep), children, params.pockets?.[0]);
  if (children.length === params.modules.length) {
    const summary = await workflowSummary(storage, group, mods, children, state);
    await endWorkflow(deps, group, { state: 'succeeded', ...summary });
    return;
  }
  const index = children.length;
  if (state.molecules && state.molecules.length === 0) {
    await endWorkflow(deps, group, { state: 'failed', failureKind: 'engine', error: stepReason(steps, GROUP_MESSAGES.noMoleculesLeft, index - 1, last!.module) });
    return;
  }
  const mod = mods[index]!;
  const step = params.modules[index]!;
  const groupInputs = (await getTaskFiles(database.db, groupId)).filter((f) => f.role === 'input');
  const files = await stepFiles(storage, mod.workflowStep, state, groupInputs);
  const childParams = stepParams(mod, step, state.pocket);
  const problem = mod.preflight?.(childParams, files, deps.config.licensedEngines);
  if (problem) {
    await endWorkflow(deps, group, { state: 'failed', failureKind: 'input', error: stepReason(steps, GROUP_MESSAGES.stepCannotStart, index, step.module, { reason: problemParam(problem) }) });
    return;
  }
  const cost = moduleCost(mod, childParams, measureInputs(files));
  const staged = Object.fromEntries(files.map((f) => [f.field, [{ path: f.name, originalName: f.name }]]));
  const name = stepTaskName(steps, index, step.module, mod.taskName(childParams, staged, files));
  // Stored before the child exists (under the workflow's own prefix), so the child and its inputs appear in one transaction.
  const records: NewTaskFile[] = [];
  for (const [i, f] of files.entries()) {
    const storageKey = `tasks/${groupId}/steps/${index}/input/${i}`;
    records.push({ role: 'input', field: f.field, name: f.name, storageKey, size: await storage.put(storageKey, f.data) });
  }
  const task = { userId: group.userId, module: mod.code, moduleVersion: mod.version, name: name.zh, nameEn: name.en, params: childParams };
  const inserted = await insertChildTask(database.db, groupId, index, task, cost, records);
  if ('child' in inserted) {
    await queue.enqueue(inserted.child.id);
    return;
  }
  if (inserted.refused === 'budget') {
    await endWorkflow(deps, group, {
      state: 'failed',
      failureKind: 'spending_cap',
      error: stepReason(steps, GROUP_MESSAGES.budgetReached, index, step.module),
    });
  }
}
