import { and, asc, between, count, eq, gt, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { LibraryMoleculeRow } from '@yunyao/contract';
import { selectRows, type Db } from '../client.ts';
import { libraryImports, libraryMolecules } from '../schema.ts';

export type LibraryImportRecord = typeof libraryImports.$inferSelect;
export type LibraryMoleculeInsert = Omit<typeof libraryMolecules.$inferInsert, 'id' | 'createdAt' | 'importId' | 'source'>;

export interface LibraryFilter {
  source: string;
  tpsa?: [number, number];
  logp?: [number, number];
  n_ring?: [number, number];
  n_rot?: [number, number];
  mw?: [number, number];
  hbd?: [number, number];
  hba?: [number, number];
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

/** Inclusive ranges; a missing range is no bound. */
function where(filter: LibraryFilter): SQL | undefined {
  const conditions: SQL[] = [eq(libraryMolecules.source, filter.source)];
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
  return and(...conditions);
}

/**
 * Structure conditions, answered by the RDKit cartridge's library_structures table (migration 0004), which
 * exists only on PostgreSQL servers with the cartridge: check `libraryStructureSearchAvailable` first.
 */
export interface LibraryStructureFilter {
  /** Substructure pattern, parsed as SMILES when it is one (as chemists type them), else as SMARTS. */
  substructure?: { pattern: string; kind: SubstructureKind };
  /** Tanimoto similarity of Morgan radius-2 fingerprints (the cartridge's `morganbv_fp`) to this SMILES, at least `threshold`. */
  similarTo?: { smiles: string; threshold: number };
}
export type SubstructureKind = 'smiles' | 'smarts';

export async function libraryStructureSearchAvailable(db: Db): Promise<boolean> {
  const [row] = await selectRows<{ ok: boolean }>(db, sql`select to_regclass('library_structures') is not null as ok`);
  return row?.ok ?? false;
}

/** How the cartridge reads a substructure pattern; undefined when it is neither SMILES nor SMARTS. */
export async function parseSubstructure(db: Db, pattern: string): Promise<SubstructureKind | undefined> {
  const [row] = await selectRows<{ smiles: boolean; smarts: boolean }>(
    db,
    sql`select mol_from_smiles(${pattern}::cstring) is not null as smiles, qmol_from_smarts(${pattern}::cstring) is not null as smarts`,
  );
  return row?.smiles ? 'smiles' : row?.smarts ? 'smarts' : undefined;
}

export async function isValidSmiles(db: Db, smiles: string): Promise<boolean> {
  const [row] = await selectRows<{ ok: boolean }>(db, sql`select mol_from_smiles(${smiles}::cstring) is not null as ok`);
  return row?.ok ?? false;
}

const hasStructure = (structure?: LibraryStructureFilter): structure is LibraryStructureFilter => Boolean(structure?.substructure || structure?.similarTo);

// Scalar sub-selects, so the pattern and the fingerprint are computed once per query and the GiST indexes can use them.
const queryFingerprint = (smiles: string) => sql`(select morganbv_fp(mol_from_smiles(${smiles}::cstring), 2))`;

function structureWhere(filter: LibraryFilter, structure: LibraryStructureFilter): SQL {
  const conditions = [where(filter)!];
  const sub = structure.substructure;
  if (sub) {
    const query = sub.kind === 'smiles' ? sql`(select mol_from_smiles(${sub.pattern}::cstring))` : sql`(select qmol_from_smarts(${sub.pattern}::cstring))`;
    conditions.push(sql`s.mol @> ${query}`);
  }
  // `%` is the cartridge's indexable "Tanimoto at least rdkit.tanimoto_threshold", set per transaction by `withThreshold`.
  if (structure.similarTo) conditions.push(sql`s.mfp % ${queryFingerprint(structure.similarTo.smiles)}`);
  return and(...conditions)!;
}

function withThreshold<T>(db: Db, structure: LibraryStructureFilter, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (structure.similarTo) await tx.execute(sql`select set_config('rdkit.tanimoto_threshold', ${String(structure.similarTo.threshold)}, true)`);
    return run(tx as unknown as Db);
  });
}

export async function countLibraryMolecules(db: Db, filter: LibraryFilter, structure?: LibraryStructureFilter): Promise<number> {
  if (hasStructure(structure)) {
    return withThreshold(db, structure, async (tx) => {
      const [row] = await selectRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${libraryMolecules} join library_structures s on s.molecule_id = ${libraryMolecules.id}
          where ${structureWhere(filter, structure)}`,
      );
      return row?.n ?? 0;
    });
  }
  const [row] = await db.select({ n: count() }).from(libraryMolecules).where(where(filter));
  return row?.n ?? 0;
}

/** Molecules in import order, or by decreasing similarity (with its value) for a similarity search. */
export async function filterLibraryMolecules(
  db: Db,
  filter: LibraryFilter,
  limit: number,
  structure?: LibraryStructureFilter,
): Promise<LibraryMoleculeRow[]> {
  if (hasStructure(structure)) {
    const similar = structure.similarTo;
    const m = libraryMolecules;
    return withThreshold(db, structure, (tx) =>
      selectRows<LibraryMoleculeRow>(
        tx,
        sql`select ${m.name} as name, ${m.smiles} as smiles, ${m.tpsa} as tpsa, ${m.logp} as logp, ${m.nRing} as n_ring,
            ${m.nRot} as n_rot, ${m.mw} as mw, ${m.hbd} as hbd, ${m.hba} as hba
            ${similar ? sql`, tanimoto_sml(s.mfp, ${queryFingerprint(similar.smiles)}) as similarity` : sql``}
          from ${libraryMolecules} join library_structures s on s.molecule_id = ${libraryMolecules.id}
          where ${structureWhere(filter, structure)}
          order by ${similar ? sql`similarity desc, ` : sql``}${libraryMolecules.id}
          limit ${limit}`,
      ),
    );
  }
  const m = libraryMolecules;
  return db
    .select({ name: m.name, smiles: m.smiles, tpsa: m.tpsa, logp: m.logp, n_ring: m.nRing, n_rot: m.nRot, mw: m.mw, hbd: m.hbd, hba: m.hba })
    .from(m)
    .where(where(filter))
    .orderBy(asc(m.id))
    .limit(limit);
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

/** The import of this file's content into this source, created when new. */
export async function startLibraryImport(db: Db, source: string, filePath: string, fileSize: number, sha256: string): Promise<LibraryImportRecord> {
  await db.insert(libraryImports).values({ source, filePath, fileSize, sha256 }).onConflictDoNothing();
  const [row] = await db.select().from(libraryImports).where(and(eq(libraryImports.source, source), eq(libraryImports.sha256, sha256)));
  return row!;
}

export interface RejectedRecord {
  i: number;
  name?: string;
  reason: string;
}

/**
 * One batch in one transaction: its molecules and the import's progress, so an
 * interrupted import resumes after the last committed batch. Guarded by the
 * expected `records_done`, so two imports of the same file cannot both commit a batch.
 */
export async function commitLibraryBatch(
  db: Db,
  imp: LibraryImportRecord,
  expectedDone: number,
  batch: { molecules: LibraryMoleculeInsert[]; rejected: RejectedRecord[]; recordsDone: number; samples: RejectedRecord[]; finished: boolean },
  /** Whether library_structures exists (`libraryStructureSearchAvailable`), to fill it with the batch. */
  structures = false,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(libraryImports)
      .set({
        recordsDone: batch.recordsDone,
        accepted: sql`${libraryImports.accepted} + ${batch.molecules.length}`,
        rejected: sql`${libraryImports.rejected} + ${batch.rejected.length}`,
        rejectedSamples: batch.samples,
        status: batch.finished ? 'done' : 'running',
        updatedAt: new Date(),
      })
      .where(and(eq(libraryImports.id, imp.id), eq(libraryImports.recordsDone, expectedDone), eq(libraryImports.status, 'running')))
      .returning({ id: libraryImports.id });
    if (moved.length === 0) return false;
    if (batch.molecules.length > 0) {
      const ids = await tx
        .insert(libraryMolecules)
        .values(batch.molecules.map((m) => ({ ...m, importId: imp.id, source: imp.source })))
        .returning({ id: libraryMolecules.id });
      if (structures) {
        // Ids of one import's batches only grow, and no other import has this import_id, so the id span is this batch.
        const span = ids.map((r) => r.id);
        const [lo, hi] = [span.reduce((a, b) => Math.min(a, b)), span.reduce((a, b) => Math.max(a, b))];
        await tx.execute(sql`insert into library_structures (molecule_id, mol, mfp)
          select id, m, morganbv_fp(m, 2) from (
            select id, mol_from_smiles(smiles::cstring) as m from ${libraryMolecules}
            where import_id = ${imp.id} and id between ${lo} and ${hi}) b
          where m is not null`);
      }
    }
    return true;
  });
}
