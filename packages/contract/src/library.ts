import { z } from 'zod';
import { commaRangeSchema } from './ranges.ts';

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
/**
 * Substructure search without the RDKit cartridge screens fingerprints in SQL, then matches each remaining
 * candidate exactly with RDKit (about 15 µs each with the SMILES parse, see docs/benchmarks.md); a pattern
 * that leaves more candidates than this is refused rather than keeping the page waiting.
 */
export const SUBSTRUCTURE_CANDIDATE_LIMIT = 50_000;
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

/** "min,max" → [min, max]; an empty or missing value means no bound. */
function rangeSchema(field: LibraryFilterField) {
  return commaRangeSchema(LIBRARY_SLIDERS[field].label, LIBRARY_SLIDERS[field].default);
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

/** Similarity threshold bounds and default (Tanimoto on Morgan radius-2 fingerprints). */
export const LIBRARY_SIMILARITY = { min: 0.1, max: 1, default: 0.7 } as const;

const structureText = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label}过长`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A yes/no filter: `true`/`false` (also 1/0, yes/no); absent means no. */
const flagSchema = (label: string) => z.stringbool({ error: `“${label}”只能是 true 或 false` }).optional();

/**
 * Precomputed flags (at import) and the name: `no_metal` drops molecules with a metal atom, `no_pains` those
 * matching an RDKit PAINS (A/B/C) alert, `name` keeps names containing the text (case-insensitive).
 */
const annotationFields = {
  no_metal: flagSchema('排除含金属'),
  no_pains: flagSchema('排除 PAINS'),
  name: z
    .string()
    .trim()
    .max(200, '名称过长')
    .optional()
    .transform((v) => (v ? v : undefined)),
};

/**
 * Structure search: `substructure` is a SMILES or SMARTS pattern (every database: the RDKit cartridge on
 * PostgreSQL, else a fingerprint screen and an exact RDKit match), `similar_to` a SMILES with its `similarity`
 * threshold (PostgreSQL with the cartridge only; GET /api/molecule/features says whether it is there).
 */
const structureFields = {
  substructure: structureText('子结构'),
  similar_to: structureText('相似性检索的 SMILES'),
  similarity: z.coerce
    .number({ message: '相似度阈值必须是数字' })
    .min(LIBRARY_SIMILARITY.min, `相似度阈值不能小于 ${LIBRARY_SIMILARITY.min}`)
    .max(LIBRARY_SIMILARITY.max, `相似度阈值不能大于 ${LIBRARY_SIMILARITY.max}`)
    .default(LIBRARY_SIMILARITY.default),
};

/** GET /api/molecule/count */
export const moleculeCountQuerySchema = z.object({ source: sourceSchema, ...rangeFields, ...annotationFields, ...structureFields });
export type MoleculeCountQuery = z.infer<typeof moleculeCountQuerySchema>;

const limitSchema = z.coerce
  .number({ message: '保留结果数量必须是数字' })
  .int('保留结果数量必须是整数')
  .min(1, '保留结果数量至少为 1')
  .max(LIBRARY_RESULT_LIMIT, `保留结果数量不能超过 ${LIBRARY_RESULT_LIMIT}`)
  .default(LIBRARY_RESULT_LIMIT);

/** GET /api/molecule/filter */
export const moleculeFilterQuerySchema = z.object({
  source: sourceSchema,
  ...rangeFields,
  ...annotationFields,
  ...structureFields,
  limit: limitSchema,
  /** Matching molecules to skip first (pages through a larger result). */
  offset: z.coerce.number({ message: '跳过的结果数量必须是数字' }).int('跳过的结果数量必须是整数').min(0, '跳过的结果数量不能为负').default(0),
  type: z.enum(['json', 'csv']).default('json'),
});
export type MoleculeFilterQuery = z.infer<typeof moleculeFilterQuerySchema>;

const moleQueryFieldsSchema = z.object({ source: sourceSchema, ...rangeFields, ...annotationFields, limit: limitSchema });

/**
 * `mole_query`, the "database screening" molecule source of docking and workflows: a query string of source,
 * tpsa, logp, n_ring, n_rot, mw, hbd, hba, no_metal, no_pains, name and limit with the pool page's syntax, e.g.
 * `source=lead-like&tpsa=30,60&n_ring=2,3&limit=100` (a leading `?` is allowed). Missing ranges are no bound,
 * as on the pool page; the molecules are the ones GET /api/molecule/filter lists for the same query.
 */
export const moleQuerySchema = z.string({ message: '数据库筛选条件必须是查询字符串' }).transform((text, ctx) => {
  const parsed = moleQueryFieldsSchema.safeParse(Object.fromEntries(new URLSearchParams(text.trim().replace(/^\?/, ''))));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
export type MoleQuery = z.infer<typeof moleQuerySchema>;

export const libraryMoleculeRowSchema = z.object({
  name: z.string(),
  smiles: z.string(),
  /** The descriptors the ranges filter on (RDKit, computed at import), so a chemist sees why a molecule matched. */
  tpsa: z.number(),
  logp: z.number(),
  n_ring: z.number(),
  n_rot: z.number(),
  mw: z.number(),
  hbd: z.number(),
  hba: z.number(),
  /** Whether the molecule has a metal atom (counter-ions included); null for molecules imported before the flags existed. */
  has_metal: z.boolean().nullable(),
  /** The first RDKit PAINS alert it matches (e.g. `catechol_A(92)`), or null. */
  pains: z.string().nullable(),
  /** Tanimoto similarity to `similar_to`, in a similarity search only. */
  similarity: z.number().optional(),
});
export type LibraryMoleculeRow = z.infer<typeof libraryMoleculeRowSchema>;

/** GET /api/molecule/features */
export const libraryFeaturesSchema = z.object({
  /** How substructure search runs: the RDKit cartridge, or a fingerprint screen in SQL and an exact RDKit match. */
  substructure_engine: z.enum(['cartridge', 'fingerprint-screen']),
  /** Similarity search (PostgreSQL deployment with the RDKit cartridge). */
  similarity_search: z.boolean(),
});
export type LibraryFeatures = z.infer<typeof libraryFeaturesSchema>;

export const librarySourceCountSchema = z.object({ source: z.string(), count: z.number() });
export type LibrarySourceCount = z.infer<typeof librarySourceCountSchema>;

/** GET /api/molecule/unimported: a spec library not imported yet, with the staff command that imports it. */
export const unimportedLibrarySchema = z.object({
  source: z.string(),
  command: z.string(),
  /** For a public dataset the platform imports itself: whether its file is under YUNYAO_DATASETS here; null for the others. */
  dataset_found: z.boolean().nullable(),
});
export type UnimportedLibrary = z.infer<typeof unimportedLibrarySchema>;
