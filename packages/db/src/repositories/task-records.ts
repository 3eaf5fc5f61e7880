import type { taskFiles, tasks } from '../schema.ts';

/* The task shapes every task-writing repository shares (tasks, holds, workflow), apart from any of them so none imports another for a type. */

export type TaskRecord = typeof tasks.$inferSelect;
export type TaskFileRecord = typeof taskFiles.$inferSelect;

export interface NewTask {
  userId: number;
  module: string;
  moduleVersion: string;
  name: string;
  /** The name in English (the module's `taskName` makes both). */
  nameEn?: string;
  params: unknown;
  parentId?: number;
}

export interface NewTaskFile {
  role: 'input' | 'output' | 'log';
  field?: string;
  name: string;
  storageKey: string;
  size: number;
}
