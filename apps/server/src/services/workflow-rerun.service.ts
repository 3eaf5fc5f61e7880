import { ApiError, errors } from '@yunyao/contract';
import { SERVER_MESSAGES } from '../server.messages.ts';
import { getTaskFiles } from '@yunyao/db';
import { getModule, type GroupParams } from '@yunyao/modules';
import type { ServerDeps } from '../deps.ts';
import { submitTask } from './submission.service.ts';
import { ownTask } from './task-access.ts';

/**
 * "Run again" of a workflow: its plan on the inputs it stored (the protein and molecules as they were
 * then, whatever source they came from), submitted as a new workflow — validated, costed and held anew.
 */
export async function rerunWorkflow(deps: ServerDeps, userId: number, taskId: number): Promise<number> {
  const task = await ownTask(deps.database.db, taskId, userId);
  const mod = getModule(task.module);
  if (!mod?.runsChildren) throw new ApiError(errors.validation, { code: SERVER_MESSAGES.onlyWorkflowsRerun });
  const params = task.params as GroupParams;
  const inputs = (await getTaskFiles(deps.database.db, task.id)).filter((f) => f.role === 'input' && f.field);
  const files = await Promise.all(inputs.map(async (f) => ({ field: f.field!, filename: f.name, data: await deps.storage.get(f.storageKey) })));
  const fields: Record<string, string> = {
    protein_source: 'file',
    mole_type: 'file',
    modules: JSON.stringify(params.modules.map((step) => ({ module: step.module, ...step.fields }))),
    ...(params.pockets?.[0] ? { pockets: JSON.stringify(params.pockets[0]) } : {}),
  };
  return submitTask(deps, userId, mod, { fields, files });
}
