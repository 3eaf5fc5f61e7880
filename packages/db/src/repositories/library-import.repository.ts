import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { libraryImports, libraryMolecules } from '../schema.ts';

export type LibraryImportRecord = typeof libraryImports.$inferSelect;
export type LibraryMoleculeInsert = Omit<typeof libraryMolecules.$inferInsert, 'id' | 'createdAt' | 'importId' | 'source'>;

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

/** Molecules imported before the flags existed (migration 0009), in id order after `afterId`. */
export function unannotatedLibraryMolecules(db: Db, afterId: number, limit: number): Promise<{ id: number; smiles: string }[]> {
  const m = libraryMolecules;
  return db
    .select({ id: m.id, smiles: m.smiles })
    .from(m)
    .where(and(isNull(m.hasMetal), gt(m.id, afterId)))
    .orderBy(asc(m.id))
    .limit(limit);
}

export interface LibraryFlags {
  id: number;
  hasMetal: boolean;
  pains: string | null;
  patternFp: string;
}

/** Writes the flags of one batch of molecules, in one transaction. */
export function annotateLibraryMolecules(db: Db, flags: readonly LibraryFlags[]): Promise<void> {
  return db.transaction(async (tx) => {
    for (const { id, ...values } of flags) await tx.update(libraryMolecules).set(values).where(eq(libraryMolecules.id, id));
  });
}
