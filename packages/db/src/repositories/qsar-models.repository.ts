import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { qsarModels, taskFiles, tasks } from '../schema.ts';

/** The module whose succeeded tasks are the registry's models (packages/modules/qsartuna). */
const BUILD_MODULE = 'qsartuna';

/** One model of a user's registry: its build task's id (the `tuna_id`), name, card and file. */
export interface QsarModelRecord {
  tunaId: number;
  /** The user's name for it, else the build's task name. */
  name: string;
  params: unknown;
  /** The build's result: the model card. */
  card: unknown;
  createdAt: Date;
  endedAt: Date | null;
}

const selected = {
  tunaId: tasks.id,
  renamed: qsarModels.name,
  taskName: tasks.name,
  params: tasks.params,
  card: tasks.result,
  createdAt: tasks.createdAt,
  endedAt: tasks.endedAt,
};

/** A user's succeeded builds, without those the user deleted. */
const ownModels = (userId: number) =>
  and(eq(tasks.userId, userId), eq(tasks.module, BUILD_MODULE), eq(tasks.state, 'succeeded'), isNull(tasks.parentId), isNull(qsarModels.deletedAt));

function record({ renamed, taskName, ...rest }: { renamed: string | null; taskName: string } & Omit<QsarModelRecord, 'name'>): QsarModelRecord {
  return { ...rest, name: renamed ?? taskName };
}

/** The user's models, newest first. */
export async function listQsarModels(db: Db, userId: number): Promise<QsarModelRecord[]> {
  const rows = await db.select(selected).from(tasks).leftJoin(qsarModels, eq(qsarModels.taskId, tasks.id)).where(ownModels(userId)).orderBy(desc(tasks.id));
  return rows.map(record);
}

/** One of the user's models; undefined for another user's, a deleted one, or an id that is no model. */
export async function getQsarModel(db: Db, userId: number, tunaId: number): Promise<QsarModelRecord | undefined> {
  const [row] = await db
    .select(selected)
    .from(tasks)
    .leftJoin(qsarModels, eq(qsarModels.taskId, tasks.id))
    .where(and(eq(tasks.id, tunaId), ownModels(userId)));
  return row && record(row);
}

/** Where the model's file is stored: the build's output of that name. */
export async function qsarModelFile(db: Db, tunaId: number, fileName: string): Promise<{ storageKey: string; size: number } | undefined> {
  const [row] = await db
    .select({ storageKey: taskFiles.storageKey, size: taskFiles.size })
    .from(taskFiles)
    .where(and(eq(taskFiles.taskId, tunaId), eq(taskFiles.role, 'output'), eq(taskFiles.name, fileName)));
  return row;
}

/** Renames one of the user's models (the caller has checked it is theirs). */
export async function renameQsarModel(db: Db, tunaId: number, name: string): Promise<void> {
  await db.insert(qsarModels).values({ taskId: tunaId, name }).onConflictDoUpdate({ target: qsarModels.taskId, set: { name } });
}

/** Takes a model out of the registry; its build stays in the task history. */
export async function deleteQsarModel(db: Db, tunaId: number): Promise<void> {
  const deletedAt = new Date();
  await db.insert(qsarModels).values({ taskId: tunaId, deletedAt }).onConflictDoUpdate({ target: qsarModels.taskId, set: { deletedAt } });
}
