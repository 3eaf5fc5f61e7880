import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { LIBRARY_SOURCE_PATTERN } from '@yunyao/contract';
import { commitLibraryBatch, libraryStructureSearchAvailable, startLibraryImport, type Database, type LibraryMoleculeInsert, type RejectedRecord } from '@yunyao/db';
import type { Config } from '@yunyao/platform';
import { pythonCommand, runStep } from '@yunyao/steps';
import type { OpsResult } from './ops-result.ts';
import { annotateLibrary, LIBRARY_ANNOTATE_USAGE } from './library-annotate.ts';
import { datasetImportArgs, LIBRARY_DATASET_USAGE } from './library-datasets.ts';

export const LIBRARY_USAGE = [
  '  library:import --source <name> <file> [--batch <n>] [--name-column <column>] [--keep <column>~<text>]',
  '                                         import a SMILES/CSV/SDF file (.gz too) into the molecule library;',
  '                                         resumable and idempotent per (source, file content)',
  ...LIBRARY_DATASET_USAGE,
  ...LIBRARY_ANNOTATE_USAGE,
];

const SAMPLE_LIMIT = 20;
const DEFAULT_BATCH = 1000;
/** A progress line every this many records. */
const PROGRESS_EVERY = 10_000;
/** Generous for the largest public libraries; an import stopped by it keeps what it committed and resumes. */
const IMPORT_TIME_LIMIT_SECONDS = 24 * 3600;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The file argument: the first argument that is neither an option nor an option's value. */
function fileArgument(rest: string[]): { index: number; value: string } | undefined {
  for (let i = 0; i < rest.length; i++) {
    if (rest[i]!.startsWith('--')) {
      i++;
      continue;
    }
    return { index: i, value: rest[i]! };
  }
  return undefined;
}

/**
 * The CLI resolves the file against its own working directory before the
 * arguments travel to a running platform, whose working directory may differ.
 */
export function absoluteLibraryArgs(args: string[]): string[] {
  if (args[0] !== 'library:import') return args;
  const rest = args.slice(1);
  const file = fileArgument(rest);
  if (file) rest[file.index] = resolve(file.value);
  return [args[0], ...rest];
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface DescriptorLine {
  i?: number;
  name?: string;
  smiles?: string;
  tpsa?: number;
  logp?: number;
  n_ring?: number;
  n_rot?: number;
  mw?: number;
  hbd?: number;
  hba?: number;
  has_metal?: boolean;
  pains?: string | null;
  pattern_fp?: string;
  skipped?: boolean;
  error?: string;
  end?: boolean;
  records?: number;
}

const skippedNote = (skipped: number) => (skipped > 0 ? `, ${skipped} skipped by --keep` : '');

/** Molecule-library commands; undefined for other commands. */
export async function runLibraryCommand(
  database: Database,
  config: Config,
  command: string | undefined,
  rest: string[],
  progress?: (line: string) => void,
): Promise<OpsResult | undefined> {
  if (command === 'library:annotate') return annotateLibrary(database, config);
  if (command === 'library:import-dataset') {
    const dataset = datasetImportArgs(config, rest[0]);
    if ('error' in dataset) return { code: 2, lines: [dataset.error, ...LIBRARY_DATASET_USAGE] };
    return runLibraryCommand(database, config, 'library:import', dataset.args, progress);
  }
  if (command !== 'library:import') return undefined;
  const source = option(rest, '--source')?.trim();
  const file = fileArgument(rest)?.value;
  const batchSize = Number(option(rest, '--batch') ?? DEFAULT_BATCH);
  const nameColumn = option(rest, '--name-column');
  const keep = option(rest, '--keep');
  if (keep !== undefined && !/^[^~]+~.+$/.test(keep)) return { code: 2, lines: [`--keep needs <column>~<text>, not ${keep}`] };
  const csvOptions = [...(nameColumn ? ['--name-column', nameColumn] : []), ...(keep ? ['--keep', keep] : [])];
  if (!source || !file || !Number.isInteger(batchSize) || batchSize < 1) return { code: 2, lines: ['library:import needs --source <name> <file>', ...LIBRARY_USAGE] };
  if (!LIBRARY_SOURCE_PATTERN.test(source)) return { code: 2, lines: [`invalid source name ${source}: lower-case letters, digits, . _ - (at most 64)`] };
  const path = resolve(file);
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return { code: 1, lines: [`${path} is not a file`] };
    size = st.size;
  } catch {
    return { code: 1, lines: [`no such file ${path}`] };
  }

  const lines: string[] = [];
  const say = (line: string) => (progress ? progress(line) : lines.push(line));
  const started = Date.now();
  const sha = await sha256Of(path);
  const { db } = database;
  let imp = await startLibraryImport(db, source, path, size, sha);
  const structures = await libraryStructureSearchAvailable(db);
  const rejectReport = (samples: RejectedRecord[], total: number) => [
    ...samples.map((r) => `rejected record ${r.i + 1}${r.name ? ` (${r.name})` : ''}: ${r.reason}`),
    ...(total > samples.length ? [`... and ${total - samples.length} more rejected records`] : []),
  ];
  if (imp.status === 'done') {
    return {
      code: 0,
      lines: [
        `already imported into ${source} (import ${imp.id}, same content as ${imp.filePath}): ${imp.accepted} molecules, ${imp.rejected} rejected; nothing added`,
        ...rejectReport(imp.rejectedSamples as RejectedRecord[], imp.rejected),
      ],
    };
  }
  const startAt = imp.recordsDone;
  say(startAt > 0 ? `resuming import ${imp.id} of ${path} into ${source} after record ${startAt}` : `importing ${path} into ${source} (import ${imp.id})`);

  let molecules: LibraryMoleculeInsert[] = [];
  let rejected: RejectedRecord[] = [];
  let samples = [...(imp.rejectedSamples as RejectedRecord[])];
  let done = startAt;
  let pending = 0;
  let lastProgress = startAt;
  let ended = false;
  let accepted = imp.accepted;
  let rejectedTotal = imp.rejected;

  const flush = async (recordsDone: number, finished: boolean) => {
    const ok = await commitLibraryBatch(db, imp, done, { molecules, rejected, recordsDone, samples, finished }, structures);
    if (!ok) throw new Error(`import ${imp.id} moved on elsewhere (another library:import of the same file is running?)`);
    accepted += molecules.length;
    rejectedTotal += rejected.length;
    done = recordsDone;
    molecules = [];
    rejected = [];
    pending = 0;
    if (done - lastProgress >= PROGRESS_EVERY || finished) {
      lastProgress = done;
      const secs = (Date.now() - started) / 1000;
      say(`${done} records: ${accepted} molecules, ${rejectedTotal} rejected (${Math.round((done - startAt) / Math.max(secs, 0.001))} records/s)`);
    }
  };

  const takeLine = async (text: string) => {
    if (!text.trim()) return;
    const row = JSON.parse(text) as DescriptorLine;
    if (row.end) {
      await flush(row.records ?? done + pending, true);
      ended = true;
      return;
    }
    if (row.i === undefined) return;
    if (row.skipped) {
      // A row --keep leaves out: consumed, neither a molecule nor a rejection.
    } else if (row.error !== undefined) {
      const r: RejectedRecord = { i: row.i, reason: row.error, ...(row.name ? { name: row.name } : {}) };
      rejected.push(r);
      if (samples.length < SAMPLE_LIMIT) samples.push(r);
    } else {
      molecules.push({
        name: row.name ?? '',
        smiles: row.smiles!,
        tpsa: row.tpsa!,
        logp: row.logp!,
        nRing: row.n_ring!,
        nRot: row.n_rot!,
        mw: row.mw!,
        hbd: row.hbd!,
        hba: row.hba!,
        hasMetal: row.has_metal!,
        pains: row.pains ?? null,
        patternFp: row.pattern_fp!,
      });
    }
    pending = row.i + 1 - done;
    if (pending >= batchSize) await flush(row.i + 1, false);
  };

  // Each line waits for its batch to commit, so a slow database slows the reader rather than filling memory.
  const res = await runStep({
    name: 'library-import',
    ...pythonCommand(config, 'library.descriptors', [path, '--start', String(startAt), ...csvOptions], 1),
    cwd: tmpdir(),
    cores: 1,
    timeLimitSeconds: IMPORT_TIME_LIMIT_SECONDS,
    stdout: { eachLine: takeLine },
  });
  if (!ended || res.failure) {
    const reason = res.failure?.reason ?? 'the descriptor program stopped before the end of the file';
    return { code: 1, lines: [...lines, `import stopped after record ${done} (committed; run the same command again to resume): ${reason}`] };
  }
  imp = { ...imp, accepted, rejected: rejectedTotal };
  // Fresh statistics and visibility map, so range counts can run as index-only scans.
  await database.sql.executeSql('vacuum analyze library_molecules');
  const secs = (Date.now() - started) / 1000;
  return {
    code: 0,
    lines: [
      ...lines,
      `imported ${path} into ${source}: ${accepted} molecules, ${rejectedTotal} rejected${skippedNote(done - accepted - rejectedTotal)}, ${done} records in ${secs.toFixed(1)} s (${Math.round((done - startAt) / Math.max(secs, 0.001))} records/s)`,
      ...rejectReport(samples, rejectedTotal),
    ],
  };
}
