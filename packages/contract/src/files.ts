import { z } from 'zod';
import { serialIdSchema } from './ids.ts';
import { CSV_PREVIEW_PAGE_SIZE } from './constants.ts';
import { DATA_FILE_TYPES, type DataFileType } from './file-types.ts';

export { DATA_FILE_TYPES, fileFormatRefusal, fileTooLargeRefusal, UPLOAD_SLICE_BYTES, type DataFileType } from './file-types.ts';

export const dataFileTypeSchema = z.enum(Object.keys(DATA_FILE_TYPES) as [DataFileType, ...DataFileType[]]);

export const dataFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: dataFileTypeSchema,
  filename: z.string(),
  size: z.number(),
  url: z.string(),
  created_at: z.string(),
});
export type DataFile = z.infer<typeof dataFileSchema>;

export const DATA_FILE_MAX_BYTES = 100 * 1024 * 1024;

export const smilesFileBodySchema = z.object({
  name: z.string().trim().min(1, '请上传或输入文件！').max(100),
  smiles: z.string().trim().min(1, '请上传或输入文件！').max(5_000_000),
});
export const renameBodySchema = z.object({
  id: serialIdSchema,
  name: z.string().trim().min(1, '请输入文件名称！').max(100),
});
export const csvPageQuerySchema = z.object({
  id: serialIdSchema,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(CSV_PREVIEW_PAGE_SIZE),
});
export const fileListQuerySchema = z.object({ type: dataFileTypeSchema.optional() });

/** POST /api/files: one file and the data-center type it is filed under. */
export const uploadFormSchema = z.object({ type: dataFileTypeSchema, file: z.file() });

export const smilesRowSchema = z.object({ ID: z.string(), SMILES: z.string() });
export type SmilesRow = z.infer<typeof smilesRowSchema>;

/** GET /api/files/csvpage */
export const csvPageSchema = z.object({ total: z.number(), page: z.number(), page_size: z.number(), rows: z.array(smilesRowSchema) });
export type CsvPage = z.infer<typeof csvPageSchema>;

/**
 * Slice uploads (docs/storage.md): the spec's cloud storage token, without temporary credentials.
 * POST /api/files/uploads opens one for a file the user names; the answer says where each 5 MiB
 * slice goes (presigned object-storage URLs, or the API's part route on a local install) until
 * `expiredTime`; POST /api/files/uploads/complete files the joined object in the data center.
 */
export const uploadSessionBodySchema = z.object({
  type: dataFileTypeSchema,
  filename: z.string().trim().min(1).max(255),
  size: z.number().int().positive(),
});
export const uploadSessionSchema = z.object({
  /** The session itself (signed, opaque): named by every slice sent to the API and by the completion. */
  upload: z.string(),
  /** Where the file will lie: under the user's own folder, chosen by the server. */
  key: z.string(),
  part_size: z.number().int(),
  /** When the slice URLs and the session lapse, in Unix seconds (the spec's name, as COS's credentials answer it). */
  expiredTime: z.number().int(),
  /** `storage`: PUT each slice's bytes to its URL as they are; `api`: POST it to the URL as a form (`upload`, `part_number`, `file`) with the login. */
  target: z.enum(['storage', 'api']),
  parts: z.array(z.object({ part_number: z.number().int(), url: z.string() })),
});
export type UploadSession = z.infer<typeof uploadSessionSchema>;
export const uploadPartFormSchema = z.object({ upload: z.string(), part_number: z.coerce.number().int().min(1), file: z.file() });
export const uploadPartSchema = z.object({ etag: z.string() });
export const uploadCompleteBodySchema = z.object({
  upload: z.string().min(1),
  /** Every slice, with the ETag its upload answered. */
  parts: z.array(z.object({ part_number: z.number().int().min(1), etag: z.string().min(1).max(200) })).min(1).max(10_000),
});
