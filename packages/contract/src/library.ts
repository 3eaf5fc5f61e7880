import { z } from 'zod';

/**
 * The small-molecule library (pool page and the "database" molecule source):
 * sources, the filter sliders' bounds and defaults, and the query schemas of
 * GET /api/molecule/count, /api/molecule/filter and /api/molecule/sources.
 */

/** The spec's databases with the sizes it shows as labels (the real counts come from /api/molecule/sources). */
export const LIBRARY_SOURCES = [
  { source: 'lead-like', label: 'lead-like', specCount: 2_660_069 },
  { source: 'fda', label: 'fda', specCount: 1_615 },
  { source: 'nature-products', label: 'nature-products', specCount: 70_305 },
  { source: 'drugbank', label: 'drugbank', specCount: 9_468 },
  { source: 'chembl', label: 'chembl', specCount: 2_372_674 },
] as const;
export const DEFAULT_LIBRARY_SOURCE = 'lead-like';
/** Kept results: default and maximum. */
export const LIBRARY_RESULT_LIMIT = 2000;
/** A source name as the import command accepts it. */
export const LIBRARY_SOURCE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const LIBRARY_FILTER_FIELDS = ['tpsa', 'logp', 'n_ring', 'n_rot', 'mw', 'hbd', 'hba'] as const;
export type LibraryFilterField = (typeof LIBRARY_FILTER_FIELDS)[number];

/**
 * Slider bounds and default ranges (spec: TPSA 0-280 (30-60); LOGP "2-20" (0-5);
 * N_RING, N_ROT 0-20 (2-3); MW 50-1500 (150-500); HBD, HBA 0-20 (0-5)). The
 * spec's LOGP lower bound "2" would exclude its own default 0-5; it is read as
 * -2 (a lost minus sign, like the ADMET logP slider's -2).
 */
export const LIBRARY_SLIDERS: Record<LibraryFilterField, { label: string; min: number; max: number; default: [number, number]; integer: boolean }> = {
  tpsa: { label: 'TPSA', min: 0, max: 280, default: [30, 60], integer: false },
  logp: { label: 'LOGP', min: -2, max: 20, default: [0, 5], integer: false },
  n_ring: { label: 'N_RING', min: 0, max: 20, default: [2, 3], integer: true },
  n_rot: { label: 'N_ROT', min: 0, max: 20, default: [2, 3], integer: true },
  mw: { label: 'MW', min: 50, max: 1500, default: [150, 500], integer: false },
  hbd: { label: 'HBD', min: 0, max: 20, default: [0, 5], integer: true },
  hba: { label: 'HBA', min: 0, max: 20, default: [0, 5], integer: true },
};

export type Range = [number, number];

/** "min,max" → [min, max]; an empty or missing value means no bound. */
function rangeSchema(field: LibraryFilterField) {
  const label = LIBRARY_SLIDERS[field].label;
  return z
    .string()
    .optional()
    .transform((value, ctx): Range | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const parts = value.split(',').map((p) => p.trim());
      const nums = parts.map((p) => (p === '' ? Number.NaN : Number(p)));
      if (parts.length !== 2 || nums.some((n) => !Number.isFinite(n))) {
        ctx.addIssue({ code: 'custom', message: `${label} 范围格式错误，应为“最小值,最大值”，例如 ${LIBRARY_SLIDERS[field].default.join(',')}` });
        return z.NEVER;
      }
      const [min, max] = nums as Range;
      if (min > max) {
        ctx.addIssue({ code: 'custom', message: `${label} 范围的最小值不能大于最大值` });
        return z.NEVER;
      }
      return [min, max];
    });
}

const rangeFields = {
  tpsa: rangeSchema('tpsa'),
  logp: rangeSchema('logp'),
  n_ring: rangeSchema('n_ring'),
  n_rot: rangeSchema('n_rot'),
  mw: rangeSchema('mw'),
  hbd: rangeSchema('hbd'),
  hba: rangeSchema('hba'),
};

const sourceSchema = z
  .string()
  .trim()
  .default(DEFAULT_LIBRARY_SOURCE)
  .refine((s) => LIBRARY_SOURCE_PATTERN.test(s), { message: '数据库名称无效！' });

/** GET /api/molecule/count */
export const moleculeCountQuerySchema = z.object({ source: sourceSchema, ...rangeFields });
export type MoleculeCountQuery = z.infer<typeof moleculeCountQuerySchema>;

/** GET /api/molecule/filter */
export const moleculeFilterQuerySchema = z.object({
  source: sourceSchema,
  ...rangeFields,
  limit: z.coerce
    .number({ message: '保留结果数量必须是数字' })
    .int('保留结果数量必须是整数')
    .min(1, '保留结果数量至少为 1')
    .max(LIBRARY_RESULT_LIMIT, `保留结果数量不能超过 ${LIBRARY_RESULT_LIMIT}`)
    .default(LIBRARY_RESULT_LIMIT),
  type: z.enum(['json', 'csv']).default('json'),
});
export type MoleculeFilterQuery = z.infer<typeof moleculeFilterQuerySchema>;

export interface LibraryMoleculeRow {
  name: string;
  smiles: string;
}
export interface LibrarySourceCount {
  source: string;
  count: number;
}
