import { z } from 'zod';
import { serialIdSchema } from './ids.ts';
import { CSV_PREVIEW_PAGE_SIZE } from './constants.ts';
import { DATA_FILE_TYPES, type DataFileType } from './file-types.ts';

export { DATA_FILE_TYPES, fileFormatRefusal, fileTooLargeRefusal, type DataFileType } from './file-types.ts';

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
