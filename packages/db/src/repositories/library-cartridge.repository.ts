import { and, sql, type SQL } from 'drizzle-orm';
import type { LibraryMoleculeRow } from '@yunyao/contract';
import { selectRows, type Db } from '../client.ts';
import { libraryMolecules } from '../schema.ts';
import { libraryWhere, type LibraryFilter } from './library.repository.ts';

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

// Scalar sub-selects, so the pattern and the fingerprint are computed once per query and the GiST indexes can use them.
const queryFingerprint = (smiles: string) => sql`(select morganbv_fp(mol_from_smiles(${smiles}::cstring), 2))`;

function structureWhere(filter: LibraryFilter, structure: LibraryStructureFilter): SQL {
  const conditions = [libraryWhere(filter)];
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

export function countLibraryStructures(db: Db, filter: LibraryFilter, structure: LibraryStructureFilter): Promise<number> {
  return withThreshold(db, structure, async (tx) => {
    const [row] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${libraryMolecules} join library_structures s on s.molecule_id = ${libraryMolecules.id}
        where ${structureWhere(filter, structure)}`,
    );
    return row?.n ?? 0;
  });
}

/** Molecules in import order, or by decreasing similarity (with its value) for a similarity search. */
export function filterLibraryStructures(db: Db, filter: LibraryFilter, structure: LibraryStructureFilter, limit: number, offset = 0): Promise<LibraryMoleculeRow[]> {
  const similar = structure.similarTo;
  const m = libraryMolecules;
  return withThreshold(db, structure, (tx) =>
    selectRows<LibraryMoleculeRow>(
      tx,
      sql`select ${m.name} as name, ${m.smiles} as smiles, ${m.tpsa} as tpsa, ${m.logp} as logp, ${m.nRing} as n_ring,
          ${m.nRot} as n_rot, ${m.mw} as mw, ${m.hbd} as hbd, ${m.hba} as hba, ${m.hasMetal} as has_metal, ${m.pains} as pains
          ${similar ? sql`, tanimoto_sml(s.mfp, ${queryFingerprint(similar.smiles)}) as similarity` : sql``}
        from ${m} join library_structures s on s.molecule_id = ${m.id}
        where ${structureWhere(filter, structure)}
        order by ${similar ? sql`similarity desc, ` : sql``}${m.id}
        limit ${limit} offset ${offset}`,
    ),
  );
}
