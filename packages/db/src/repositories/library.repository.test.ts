import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../client.ts';
import { countLibraryMolecules, resolveMoleQuery } from './library.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await openPglite();
  await database.db.execute(sql`insert into library_imports (id, source, file_path, file_size, sha256, status) values (1, 'lib', 'f', 0, 'x', 'done')`);
  // Ten molecules m0..m9 with n_ring = i % 4, n_rot = i, tpsa = 10 i.
  await database.db.execute(sql`insert into library_molecules (import_id, source, name, smiles, tpsa, logp, n_ring, n_rot, mw, hbd, hba)
    select 1, 'lib', 'm' || i, 'C' || i, 10 * i, 1, i % 4, i, 200, 1, 1 from generate_series(0, 9) i`);
});
afterAll(() => database?.close());

describe('resolveMoleQuery', () => {
  it('answers the first molecules in import order within the ranges', async () => {
    const names = async (q: Parameters<typeof resolveMoleQuery>[1]) => (await resolveMoleQuery(database.db, q)).map((r) => r.name);
    expect(await names({ source: 'lib', limit: 3 })).toEqual(['m0', 'm1', 'm2']);
    expect(await names({ source: 'lib', n_ring: [1, 2], tpsa: [15, 100], limit: 2000 })).toEqual(['m2', 'm5', 'm6', 'm9']);
    expect(await resolveMoleQuery(database.db, { source: 'lib', n_rot: [7, 7], limit: 10 })).toEqual([{ name: 'm7', smiles: 'C7' }]);
    expect(await names({ source: 'other', limit: 10 })).toEqual([]);
  });

  it('reads integer ranges with fractional or very wide bounds as BETWEEN does', async () => {
    const count = (n_rot: [number, number]) => countLibraryMolecules(database.db, { source: 'lib', n_rot });
    expect(await count([2.5, 4.5])).toBe(2);
    expect(await count([2.2, 2.8])).toBe(0);
    expect(await count([-1000, 1000])).toBe(10);
    expect(await count([3, 3])).toBe(1);
  });
});
