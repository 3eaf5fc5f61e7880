import { extname } from 'node:path';
import { ApiError, errors, type DataFile } from '@yunyao/contract';
import { deleteDataFile, getDataFile, insertDataFile, listDataFiles, renameDataFile, type DataFileRecord, type Db } from '@yunyao/db';
import type { Storage } from '@yunyao/platform';
import { formatDate } from '../format.ts';

/** The data center's files (`/api/files`): the user's own uploads, stored under their folder. */

function present(f: DataFileRecord): DataFile {
  return {
    id: f.id,
    name: f.name,
    type: f.type as DataFile['type'],
    filename: f.filename,
    size: f.size,
    url: `/api/files/${f.id}/download`,
    created_at: formatDate(f.createdAt),
  };
}

/** What a route needs of a file it serves or changes: its id, its names and where its bytes are. */
export type OwnDataFile = Pick<DataFileRecord, 'id' | 'filename' | 'storageKey'>;

/** Loads a data file for its owner: 404 when missing, 403 when it belongs to someone else. */
export async function ownDataFile(db: Db, id: number, userId: number): Promise<OwnDataFile> {
  const file = await getDataFile(db, id);
  if (!file) throw new ApiError(errors.fileNotFound);
  if (file.userId !== userId) throw new ApiError(errors.forbidden);
  return file;
}

export const userDataFiles = async (db: Db, userId: number, type?: string): Promise<DataFile[]> => (await listDataFiles(db, userId, type)).map(present);

export async function saveDataFile(db: Db, storage: Storage, userId: number, file: { type: string; name: string; filename: string; data: Buffer }): Promise<DataFile> {
  const key = `users/${userId}/files/${Date.now()}-${Math.random().toString(36).slice(2, 8)}${extname(file.filename).toLowerCase()}`;
  const size = await storage.put(key, file.data);
  return present(await insertDataFile(db, { userId, type: file.type, name: file.name, filename: file.filename, storageKey: key, size }));
}

export async function removeDataFile(db: Db, storage: Storage, file: OwnDataFile): Promise<void> {
  await deleteDataFile(db, file.id);
  await storage.delete(file.storageKey);
}

export const renameOwnDataFile = (db: Db, file: OwnDataFile, name: string): Promise<void> => renameDataFile(db, file.id, name);
