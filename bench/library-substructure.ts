/**
 * Substructure search speed on the molecule library: the fingerprint screen in SQL plus the exact RDKit match
 * (the embedded database's path), and on PostgreSQL also the RDKit cartridge, over rdkit-data's NCI 5K set and
 * the fda library (the approved drugs under YUNYAO_DATASETS), for a benzene ring, a carboxylic acid and a rare
 * scaffold. Prints a table; docs/benchmarks.md keeps the numbers.
 *
 *   npx tsx bench/library-substructure.ts
 *   DATABASE_URL=postgres://... npx tsx bench/library-substructure.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { libraryStructureSearchAvailable, openPglite, openPostgres, screenLibraryMolecules, type Database } from '@yunyao/db';
import { loadConfig } from '@yunyao/platform';
import { runOpsCommand } from '../apps/server/src/ops/commands.ts';
import { LibrarySearch } from '../apps/server/src/services/library-search.service.ts';
import { datasetPath } from './support/datasets.ts';

const QUERIES = [
  { label: 'benzene ring', pattern: 'c1ccccc1' },
  { label: 'carboxylic acid', pattern: '[CX3](=O)[OX2H1]' },
  { label: 'adamantane (rare)', pattern: 'C1C2CC3CC1CC(C2)C3' },
];
/** Queries with new ranges each time, so the match cache never answers: the pattern is known, the match runs. */
const REPEATS = 3;

datasetPath('approved-drugs');
const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'yunyao-bench-sub-')), LIBRARY_SEED_FILE: '' });
const database: Database = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite();
const { db } = database;

const imports = [
  ['nci', ['library:import', '--source', 'nci', '/usr/share/RDKit/Data/NCI/first_5K.smi']],
  ['fda', ['library:import-dataset', 'fda']],
] as const;
for (const [source, command] of imports) {
  const res = await runOpsCommand(database, config, [...command]);
  if (res.code !== 0) throw new Error(res.lines.join('\n'));
  console.log(`import ${source}: ${res.lines.filter((l) => !l.startsWith('rejected record')).at(-1)}`);
}

const cartridge = await libraryStructureSearchAvailable(db);
const engines = [{ name: 'fingerprint screen + RDKit match', search: new LibrarySearch(db, config, false) }];
if (cartridge) engines.push({ name: 'RDKit cartridge', search: new LibrarySearch(db, config, true) });

const ms = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const noStructure = { similar_to: undefined, similarity: 0.7 };

console.log(`\ndatabase: ${database.kind}; times in ms (first query: pattern fingerprint + screen + match; new ranges: screen + match; cached: the page's rows after its count)\n`);
console.log('| engine | library | query | screened candidates | matches | first query | new ranges (median) | rows, cached |');
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const { name, search } of engines) {
  for (const source of ['nci', 'fda']) {
    for (const { label, pattern } of QUERIES) {
      const structure = { substructure: pattern, ...noStructure };
      let matches = 0;
      const first = await ms(async () => (matches = await search.count({ source }, structure)));
      const again: number[] = [];
      for (let i = 1; i <= REPEATS; i++) again.push(await ms(() => search.count({ source, mw: [0, 5000 + i] }, structure)));
      const cached = await ms(() => search.find({ source, mw: [0, 5000 + REPEATS] }, structure, 2000, 0));
      const fp = await fingerprintOf(pattern);
      const candidates = (await screenLibraryMolecules(db, { source }, fp, 1_000_000)).length;
      console.log(`| ${name} | ${source} | ${label} \`${pattern}\` | ${candidates} | ${matches} | ${first.toFixed(0)} | ${median(again).toFixed(0)} | ${cached.toFixed(0)} |`);
    }
  }
}
await database.close();

/** The pattern's fingerprint as the screen uses it (the Python step's `query` answer). */
async function fingerprintOf(pattern: string): Promise<string> {
  const { pythonCommand, runStep } = await import('@yunyao/steps');
  const res = await runStep({ name: 'bench-fp', ...pythonCommand(config, 'library.substructure', ['query', pattern], 1), cwd: tmpdir(), cores: 1, timeLimitSeconds: 60 });
  return (JSON.parse(res.stdout) as { pattern_fp: string }).pattern_fp;
}
