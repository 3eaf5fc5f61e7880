import { getTask } from '@yunyao/db';
import { getModule, type OrchestrationDeps } from '@yunyao/modules';

/**
 * Moves a task that runs child tasks (a workflow) on by one event through its module's `advance` hook,
 * found in the registry: the worker knows no module by name. Nothing for a task of any other module.
 */
export async function advanceTask(deps: OrchestrationDeps, taskId: number): Promise<void> {
  const task = await getTask(deps.database.db, taskId);
  const advance = task && getModule(task.module)?.advance;
  if (advance) await advance(deps, taskId);
}
