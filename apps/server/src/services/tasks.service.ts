import { ApiError, errors, type Lang, type TaskFile, type TaskRow } from '@yunyao/contract';
import { cancelTask, cancelWorkflowSteps, childTasks, getTaskFiles, getTaskRows, lastTasksOfModule, listTasks, type Db, type TaskFileRecord } from '@yunyao/db';
import { getModule, modules } from '@yunyao/modules';
import { ownTask } from './task-access.ts';
import { toTaskRow } from './task-presenter.ts';

/** The task list and one task's rows, files and cancellation, below the task routes. */

/** The `file` a single-file download names: the file's key below its task, looked up, never joined into a path. */
const relativeKey = (taskId: number, f: TaskFileRecord) => f.storageKey.slice(`tasks/${taskId}/`.length);

function toTaskFile(taskId: number, f: TaskFileRecord): TaskFile {
  return { name: f.name, filename: f.name, file: relativeKey(taskId, f) };
}

/** A stored file of a task: its download name and where its bytes are. */
export type StoredTaskFile = Pick<TaskFileRecord, 'name' | 'storageKey'>;

/** A page of top-level tasks, each with its child tasks (a workflow's steps); failure reasons in `lang`. */
export async function taskPage(db: Db, query: Parameters<typeof listTasks>[1], lang: Lang = 'zh'): Promise<{ total: number; data: TaskRow[] }> {
  const { total, rows } = await listTasks(db, query);
  const children = await childTasks(db, rows.map((r) => r.id));
  return { total, data: rows.map((r) => toTaskRow(r, children.filter((c) => c.parentId === r.id), lang)) };
}

export const recentTasks = async (db: Db, userId: number, module: string, limit: number, lang: Lang = 'zh'): Promise<TaskRow[]> =>
  (await lastTasksOfModule(db, userId, module, limit)).map((r) => toTaskRow(r, [], lang));

/** The user's own task as a row, with its steps when it is a workflow. */
export async function ownTaskRow(db: Db, id: number, userId: number, lang: Lang = 'zh'): Promise<TaskRow> {
  const task = await ownTask(db, id, userId);
  return toTaskRow(task, await childTasks(db, [task.id]), lang);
}

/** One page of a task's result rows (1-based page). */
export const taskRowPage = (db: Db, taskId: number, page: number, limit: number) => getTaskRows(db, taskId, (page - 1) * limit, limit);

export async function taskFileList(db: Db, taskId: number): Promise<{ inputs: TaskFile[]; outputs: TaskFile[] }> {
  const files = await getTaskFiles(db, taskId);
  return {
    inputs: files.filter((f) => f.role === 'input').map((f) => toTaskFile(taskId, f)),
    outputs: files.filter((f) => f.role !== 'input').map((f) => toTaskFile(taskId, f)),
  };
}

export const taskOutputFiles = async (db: Db, taskId: number): Promise<StoredTaskFile[]> => (await getTaskFiles(db, taskId)).filter((f) => f.role !== 'input');

/** The task's file that a download names by its key below the task, if there is one. */
export const taskFileByKey = async (db: Db, taskId: number, file: string): Promise<StoredTaskFile | undefined> =>
  (await getTaskFiles(db, taskId)).find((f) => relativeKey(taskId, f) === file);

/** The user's workflows: tasks of the module that runs child tasks, found in the registry rather than named. */
export async function workflowPage(db: Db, query: Omit<Parameters<typeof listTasks>[1], 'module'>, lang: Lang = 'zh'): Promise<{ total: number; data: TaskRow[] }> {
  const workflow = [...modules.values()].find((m) => m.runsChildren);
  if (!workflow) return { total: 0, data: [] };
  return taskPage(db, { ...query, module: workflow.code }, lang);
}

/** Cancels the user's own task, and a workflow's steps with it. */
export async function cancelOwnTask(db: Db, id: number, userId: number): Promise<void> {
  const task = await ownTask(db, id, userId);
  if (!(await cancelTask(db, task.id, userId))) throw new ApiError(errors.taskNotCancellable);
  if (getModule(task.module)?.runsChildren) await cancelWorkflowSteps(db, task.id);
}
