import { z } from 'zod';
import { CSV_PREVIEW_PAGE_SIZE } from './constants.ts';

/** Data-center file types and the extensions each accepts (spec document 2, section 5). */
export const DATA_FILE_TYPES = {
  protein: ['.pdb'],
  ligand: ['.sdf', '.mol2', '.pdb'],
  ligands: ['.zip'],
  pocket: ['.mol2'],
  fasta: ['.fasta'],
  smiles: ['.csv'],
} as const;
export type DataFileType = keyof typeof DATA_FILE_TYPES;
export const dataFileTypeSchema = z.enum(Object.keys(DATA_FILE_TYPES) as [DataFileType, ...DataFileType[]]);

export const DATA_FILE_MAX_BYTES = 100 * 1024 * 1024;

export interface DataFile {
  id: number;
  name: string;
  type: DataFileType;
  filename: string;
  size: number;
  url: string;
  created_at: string;
}

export const smilesFileBodySchema = z.object({
  name: z.string().trim().min(1, '请上传或输入文件！').max(100),
  smiles: z.string().trim().min(1, '请上传或输入文件！').max(5_000_000),
});
export const renameBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1, '请输入文件名称！').max(100),
});
export const csvPageQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(CSV_PREVIEW_PAGE_SIZE),
});
export const fileListQuerySchema = z.object({ type: dataFileTypeSchema.optional() });

export interface SmilesRow {
  ID: string;
  SMILES: string;
}

/** GET /api/files/csvpage */
export interface CsvPage {
  total: number;
  page: number;
  page_size: number;
  rows: SmilesRow[];
}
