import { extname } from 'node:path';
import { ApiError, DATA_FILE_MAX_BYTES, DATA_FILE_TYPES, errors, fileFormatRefusal, fileTooLargeRefusal, type DataFile, type DataFileType } from '@yunyao/contract';
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

/**
 * What every data-center file must pass, however it came (one request or slices): an extension its
 * type accepts and at most DATA_FILE_MAX_BYTES.
 */
export function checkDataUpload(type: DataFileType, filename: string, size: number): void {
  const allowed: readonly string[] = DATA_FILE_TYPES[type];
  if (!allowed.includes(extname(filename).toLowerCase())) throw new ApiError(errors.fileFormat, fileFormatRefusal(filename, allowed));
  if (size > DATA_FILE_MAX_BYTES) throw new ApiError(errors.fileTooLarge, fileTooLargeRefusal(filename, DATA_FILE_MAX_BYTES));
}

/** The user's own folder: every data-center file lies under it, and no session may name a key outside it. */
export const dataFilePrefix = (userId: number) => `users/${userId}/files/`;

/** A fresh key under the user's folder, with the file's extension (the spec's "timestamp and file name", less the name a user chose). */
export const newDataFileKey = (userId: number, filename: string) => `${dataFilePrefix(userId)}${Date.now()}-${Math.random().toString(36).slice(2, 8)}${extname(filename).toLowerCase()}`;

/** Files an object already stored at `storageKey` as the user's data-center file. */
export async function registerDataFile(db: Db, userId: number, file: { type: string; name: string; filename: string; storageKey: string; size: number }): Promise<DataFile> {
  return present(await insertDataFile(db, { userId, ...file }));
}

export async function saveDataFile(db: Db, storage: Storage, userId: number, file: { type: string; name: string; filename: string; data: Buffer }): Promise<DataFile> {
  const storageKey = newDataFileKey(userId, file.filename);
  const size = await storage.put(storageKey, file.data);
  return registerDataFile(db, userId, { type: file.type, name: file.name, filename: file.filename, storageKey, size });
}

export async function removeDataFile(db: Db, storage: Storage, file: OwnDataFile): Promise<void> {
  await deleteDataFile(db, file.id);
  await storage.delete(file.storageKey);
}

export const renameOwnDataFile = (db: Db, file: OwnDataFile, name: string): Promise<void> => renameDataFile(db, file.id, name);
