/**
 * Molecule-library speed: import throughput of the real import path, and the
 * latency of the filter count (GET /api/molecule/count) over large libraries of
 * synthetic rows, on PGlite or, with DATABASE_URL, on PostgreSQL.
 *
 *   npx tsx bench/library-count.ts [rows,rows,...]        (default 1000000,2660069)
 *   DATABASE_URL=postgres://... npx tsx bench/library-count.ts
 */
import { sql } from 'drizzle-orm';
import { countLibraryMolecules, openPglite, openPostgres, type Database } from '@yunyao/db';
import { loadConfig } from '@yunyao/platform';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOpsCommand } from '../apps/server/src/ops/commands.ts';

const sizes = (process.argv[2] ?? '1000000,2660069').split(',').map(Number);
const REPEATS = 20;
/** The spec's default ranges, the count a user sees first. */
const DEFAULT_RANGES = { tpsa: [30, 60], logp: [0, 5], n_ring: [2, 3], n_rot: [2, 3], mw: [150, 500], hbd: [0, 5], hba: [0, 5] } as const;
const NCI = '/usr/share/RDKit/Data/NCI/first_5K.smi';

const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'yunyao-bench-lib-')) });
const database: Database = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite();
const { db } = database;
console.log(`database: ${database.kind}`);

const imported = await runOpsCommand(database, config, ['library:import', '--source', 'bench-nci', NCI]);
console.log(`import (real path, ${NCI}): ${imported.lines.find((l) => l.includes('records/s')) ?? imported.lines.at(-1)}`);

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

for (const rows of sizes) {
  const source = `bench-${rows}`;
  const t0 = performance.now();
  await db.execute(sql`insert into library_imports (source, file_path, file_size, sha256, records_done, accepted, rejected, status)
    values (${source}, 'synthetic', 0, ${source}, ${rows}, ${rows}, 0, 'done')`);
  // Synthetic descriptors spread over the slider ranges, so the default filter keeps a realistic few per cent.
  await db.execute(sql`insert into library_molecules (import_id, source, name, smiles, tpsa, logp, n_ring, n_rot, mw, hbd, hba)
    select (select id from library_imports where source = ${source}), ${source}, 'm' || g, 'C',
      random() * 200, random() * 10 - 2, floor(random() * 7), floor(random() * 12), 100 + random() * 600, floor(random() * 6), floor(random() * 11)
    from generate_series(1, ${rows}) g`);
  // As the import does: the visibility map lets the covering indexes answer counts without the table.
  await db.execute(sql`vacuum analyze library_molecules`);
  const loadSeconds = (performance.now() - t0) / 1000;
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    count = await countLibraryMolecules(db, { source, ...DEFAULT_RANGES } as Parameters<typeof countLibraryMolecules>[1]);
    times.push(performance.now() - start);
  }
  console.log(
    `${rows.toLocaleString('en')} rows (loaded in ${loadSeconds.toFixed(1)} s): default-range count ${count.toLocaleString('en')}; ` +
      `latency p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms over ${REPEATS} runs`,
  );
}
await database.close();
