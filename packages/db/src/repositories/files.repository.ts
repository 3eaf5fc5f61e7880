import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { dataFiles } from '../schema.ts';

export type DataFileRecord = typeof dataFiles.$inferSelect;

export async function insertDataFile(db: Db, file: Omit<typeof dataFiles.$inferInsert, 'id' | 'createdAt'>): Promise<DataFileRecord> {
  const [row] = await db.insert(dataFiles).values(file).returning();
  return row!;
}

export async function listDataFiles(db: Db, userId: number, type?: string): Promise<DataFileRecord[]> {
  return db
    .select()
    .from(dataFiles)
    .where(type ? and(eq(dataFiles.userId, userId), eq(dataFiles.type, type)) : eq(dataFiles.userId, userId))
    .orderBy(desc(dataFiles.id));
}

export async function getDataFile(db: Db, id: number): Promise<DataFileRecord | undefined> {
  const [row] = await db.select().from(dataFiles).where(eq(dataFiles.id, id));
  return row;
}

export async function deleteDataFile(db: Db, id: number): Promise<void> {
  await db.delete(dataFiles).where(eq(dataFiles.id, id));
}

export async function renameDataFile(db: Db, id: number, name: string): Promise<void> {
  await db.update(dataFiles).set({ name }).where(eq(dataFiles.id, id));
}
