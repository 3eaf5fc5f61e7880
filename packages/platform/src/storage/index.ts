import type { StorageConfig } from '../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export { attachmentDisposition, PART_SIZE, type Storage, type UploadedPart } from './storage.ts';

export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? new S3Storage(config) : new LocalStorage(config.root);
}
