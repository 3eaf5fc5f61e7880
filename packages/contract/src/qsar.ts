import { z } from 'zod';
import { serialIdSchema, taskIdSchema } from './ids.ts';

/**
 * The QSAR model registry and the build form's table reading (`/api/qsartuna/...`). A model's
 * `tuna_id` is the id of the build task that made it; its card is that task's result.
 */

/** POST /api/qsartuna/headers and /inspect: the training table, uploaded (`file`) or from the data center (`smiles_cos`). */
export const qsarTableFormSchema = z.object({ file: z.file().optional(), smiles_cos: serialIdSchema.optional() });

/** One column of a training table, with what the form needs to propose the SMILES and label columns and the mode. */
export const qsarColumnSchema = z.object({
  name: z.string(),
  /** Share of non-empty cells that read as numbers, 0–1. */
  numeric: z.number(),
  /** Distinct non-empty values. */
  distinct: z.number(),
  /** Share of the first non-empty cells RDKit reads as SMILES, 0–1. */
  smiles: z.number(),
  example: z.string().nullable(),
});

export const QSAR_TABLE_FORMATS = ['csv', 'sdf'] as const;

/** What python/yunyao/qsar/inspect.py reads of a table: its columns and the form's proposals. */
export const qsarTableSchema = z.object({
  format: z.enum(QSAR_TABLE_FORMATS),
  rows: z.number(),
  columns: z.array(qsarColumnSchema),
  smiles_col: z.string().nullable(),
  labels_col: z.string().nullable(),
  mode: z.enum(['regression', 'classification']).nullable(),
});
export type QsarTable = z.infer<typeof qsarTableSchema>;

export const tunaIdParamsSchema = z.object({ id: taskIdSchema });

/** One model of the user's registry. `card` is the build's model card (python/yunyao/qsar/build.py `card`). */
export const qsarModelSchema = z.object({
  tuna_id: z.number(),
  name: z.string(),
  mode: z.string(),
  label: z.string(),
  algorithm: z.string().nullable(),
  descriptors: z.array(z.string()),
  /** The held-out test metrics and the cross-validated score, as the card states them. */
  card: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type QsarModel = z.infer<typeof qsarModelSchema>;

export const QSAR_MODEL_NAME_MAX = 100;
export const qsarModelRenameSchema = z.object({ id: taskIdSchema, name: z.string().trim().min(1, '请输入模型名称！').max(QSAR_MODEL_NAME_MAX) });
