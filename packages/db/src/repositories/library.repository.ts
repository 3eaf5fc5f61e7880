import { and, asc, between, count, eq, gt, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
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

/** Inclusive ranges; a missing range is no bound. */
function where(filter: LibraryFilter): SQL | undefined {
  const conditions: SQL[] = [eq(libraryMolecules.source, filter.source)];
  for (const [key, column] of Object.entries(columns) as [keyof typeof columns, (typeof columns)[keyof typeof columns]][]) {
    const range = filter[key];
    if (range) conditions.push(between(column, range[0], range[1]));
  }
  return and(...conditions);
}

export async function countLibraryMolecules(db: Db, filter: LibraryFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(libraryMolecules).where(where(filter));
  return row?.n ?? 0;
}

export async function filterLibraryMolecules(db: Db, filter: LibraryFilter, limit: number): Promise<{ name: string; smiles: string }[]> {
  return db
    .select({ name: libraryMolecules.name, smiles: libraryMolecules.smiles })
    .from(libraryMolecules)
    .where(where(filter))
    .orderBy(asc(libraryMolecules.id))
    .limit(limit);
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
      await tx.insert(libraryMolecules).values(batch.molecules.map((m) => ({ ...m, importId: imp.id, source: imp.source })));
    }
    return true;
  });
}
