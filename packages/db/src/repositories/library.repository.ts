import { and, asc, between, count, eq, gt, ilike, inArray, isNotNull, isNull, sql, sum, type SQL } from 'drizzle-orm';
import type { LibraryMoleculeRow } from '@yunyao/contract';
import type { Db } from '../client.ts';
import { libraryImports, libraryMolecules } from '../schema.ts';

export interface LibraryFilter {
  source: string;
  tpsa?: [number, number];
  logp?: [number, number];
  n_ring?: [number, number];
  n_rot?: [number, number];
  mw?: [number, number];
  hbd?: [number, number];
  hba?: [number, number];
  /** Leave out molecules with a metal atom (and those imported before the flag was computed). */
  no_metal?: boolean;
  /** Leave out molecules matching a PAINS alert (and those imported before the flag was computed). */
  no_pains?: boolean;
  /** Names containing this text, case-insensitive. */
  name?: string;
}

const columns = {
  tpsa: libraryMolecules.tpsa,
  logp: libraryMolecules.logp,
  n_ring: libraryMolecules.nRing,
  n_rot: libraryMolecules.nRot,
  mw: libraryMolecules.mw,
  hbd: libraryMolecules.hbd,
  hba: libraryMolecules.hba,
} as const;

/**
 * Integer ranges up to this many values become `IN (list)`: the (source, n_ring, n_rot, tpsa) index then runs
 * one narrow scan per value pair (see schema.ts). Wider ranges stay BETWEEN.
 */
const MAX_LISTED_VALUES = 64;

/** `%`, `_` and `\` typed in a name are literal characters, not LIKE wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Inclusive ranges, the precomputed flags and the name; a missing range is no bound. */
export function libraryWhere(filter: LibraryFilter): SQL {
  const m = libraryMolecules;
  const conditions: SQL[] = [eq(m.source, filter.source)];
  for (const [key, column] of Object.entries(columns) as [keyof typeof columns, (typeof columns)[keyof typeof columns]][]) {
    const range = filter[key];
    if (!range) continue;
    const [lo, hi] = [Math.ceil(range[0]), Math.floor(range[1])];
    if ((key === 'n_ring' || key === 'n_rot') && hi - lo < MAX_LISTED_VALUES) {
      conditions.push(inArray(column, Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i)));
    } else {
      conditions.push(between(column, range[0], range[1]));
    }
  }
  // A molecule whose flags were never computed (has_metal null) cannot be vouched for, so a flag filter leaves it out.
  if (filter.no_metal) conditions.push(eq(m.hasMetal, false));
  if (filter.no_pains) conditions.push(and(isNull(m.pains), isNotNull(m.hasMetal))!);
  if (filter.name) conditions.push(ilike(m.name, `%${likeLiteral(filter.name)}%`));
  return and(...conditions)!;
}

/** The columns a result row shows, by their API names. */
export const libraryRowColumns = {
  name: libraryMolecules.name,
  smiles: libraryMolecules.smiles,
  ...columns,
  has_metal: libraryMolecules.hasMetal,
  pains: libraryMolecules.pains,
};

export async function countLibraryMolecules(db: Db, filter: LibraryFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(libraryMolecules).where(libraryWhere(filter));
  return row?.n ?? 0;
}

/** Molecules in import order, `offset` of them skipped. */
export function filterLibraryMolecules(db: Db, filter: LibraryFilter, limit: number, offset = 0): Promise<LibraryMoleculeRow[]> {
  return db.select(libraryRowColumns).from(libraryMolecules).where(libraryWhere(filter)).orderBy(asc(libraryMolecules.id)).limit(limit).offset(offset);
}

/** These molecules, in import order. */
export async function libraryMoleculesById(db: Db, ids: readonly number[]): Promise<LibraryMoleculeRow[]> {
  if (ids.length === 0) return [];
  return db.select(libraryRowColumns).from(libraryMolecules).where(inArray(libraryMolecules.id, [...ids])).orderBy(asc(libraryMolecules.id));
}

/**
 * The molecules a `mole_query` (contract `moleQuerySchema`, the "database screening" molecule source) stands
 * for: the first `limit` in import order, as GET /api/molecule/filter lists them.
 */
export async function resolveMoleQuery(db: Db, query: LibraryFilter & { limit: number }): Promise<{ name: string; smiles: string }[]> {
  const { limit, ...filter } = query;
  return (await filterLibraryMolecules(db, filter, limit)).map(({ name, smiles }) => ({ name, smiles }));
}

/** Molecules per source, from the import bookkeeping (no scan of the molecule table). */
export async function listLibrarySources(db: Db): Promise<{ source: string; count: number }[]> {
  const rows = await db
    .select({ source: libraryImports.source, count: sum(libraryImports.accepted).mapWith(Number) })
    .from(libraryImports)
    .groupBy(libraryImports.source)
    .having(gt(sum(libraryImports.accepted), 0))
    .orderBy(asc(libraryImports.source));
  return rows.map((r) => ({ source: r.source, count: r.count ?? 0 }));
}

/** Rows whose `pattern_fp` holds every bit of the pattern's (or that have none, imported before the fingerprints). */
export function patternScreen(patternFp: string): SQL {
  const fp = libraryMolecules.patternFp;
  return sql`(${fp} is null or ${fp} & ${patternFp}::bit varying = ${patternFp}::bit varying)`;
}

/**
 * The molecules within the filter that pass the fingerprint screen, in import order: at most `cap` + 1, so a
 * caller learns that there are more than `cap` without reading them all.
 */
export function screenLibraryMolecules(db: Db, filter: LibraryFilter, patternFp: string, cap: number): Promise<{ id: number; smiles: string }[]> {
  const m = libraryMolecules;
  return db
    .select({ id: m.id, smiles: m.smiles })
    .from(m)
    .where(and(libraryWhere(filter), patternScreen(patternFp)))
    .orderBy(asc(m.id))
    .limit(cap + 1);
}
