import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { annotateLibraryMolecules, unannotatedLibraryMolecules, type Database } from '@yunyao/db';
import type { Config } from '@yunyao/platform';
import { pythonCommand, runStep } from '@yunyao/steps';
import type { OpsResult } from './ops-result.ts';

export const LIBRARY_ANNOTATE_USAGE = [
  '  library:annotate                       compute the metal, PAINS and substructure-screen flags of molecules imported before they existed',
];

const BATCH = 2000;
const STEP_TIME_LIMIT_SECONDS = 3600;

const flagsSchema = z.object({ id: z.number(), has_metal: z.boolean(), pains: z.string().nullable(), pattern_fp: z.string().regex(/^[01]+$/) });

/**
 * `library:annotate`: molecules imported before migration 0009 have no flags, so the metal and PAINS filters
 * leave them out and the substructure screen cannot narrow them. This computes the flags batch by batch (RDKit,
 * `python -m yunyao.library.flags`); it resumes where it stopped and does nothing once every molecule has them.
 */
export async function annotateLibrary(database: Database, config: Config): Promise<OpsResult> {
  const dir = await mkdtemp(join(tmpdir(), 'yunyao-annotate-'));
  let afterId = 0;
  let annotated = 0;
  try {
    for (;;) {
      const batch = await unannotatedLibraryMolecules(database.db, afterId, BATCH);
      if (batch.length === 0) break;
      afterId = batch.at(-1)!.id;
      const file = join(dir, 'batch.tsv');
      await writeFile(file, batch.map((m) => `${m.id}\t${m.smiles}\n`).join(''));
      const res = await runStep({ name: 'library-annotate', ...pythonCommand(config, 'library.flags', [file], 1), cwd: dir, cores: 1, timeLimitSeconds: STEP_TIME_LIMIT_SECONDS });
      if (res.failure) return { code: 1, lines: [`annotation stopped after ${annotated} molecules (run it again to resume): ${res.failure.reason}`] };
      const flags = res.stdout
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => flagsSchema.parse(JSON.parse(line)))
        .map((f) => ({ id: f.id, hasMetal: f.has_metal, pains: f.pains, patternFp: f.pattern_fp }));
      await annotateLibraryMolecules(database.db, flags);
      annotated += flags.length;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { code: 0, lines: [annotated > 0 ? `annotated ${annotated} molecules` : 'every molecule has its flags; nothing to do'] };
}
