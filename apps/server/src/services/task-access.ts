import { ApiError, errors } from '@yunyao/contract';
import { getTask, type Db, type TaskRecord } from '@yunyao/db';

/** Loads a task for its owner: 404 when missing, 403 when it belongs to someone else. */
export async function ownTask(db: Db, id: number, userId: number): Promise<TaskRecord> {
  const task = Number.isSafeInteger(id) ? await getTask(db, id) : undefined;
  if (!task) throw new ApiError(errors.notFound);
  if (task.userId !== userId) throw new ApiError(errors.forbidden);
  return task;
}
