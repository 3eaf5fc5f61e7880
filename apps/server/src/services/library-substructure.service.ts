import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ApiError, errors, SUBSTRUCTURE_CANDIDATE_LIMIT } from '@yunyao/contract';
import { screenLibraryMolecules, type Db, type LibraryFilter } from '@yunyao/db';
import { runServerStep, stepJson, type PythonConfig } from './server-step.ts';

/**
 * Substructure search where the database has no RDKit cartridge (the embedded PGlite): the SQL screen keeps the
 * molecules whose stored pattern fingerprint holds every bit of the pattern's, and `python -m
 * yunyao.library.substructure` matches those exactly with RDKit. It runs in the request rather than as a
 * worker task: it is free and interactive (the page's live count asks it), bounded by
 * SUBSTRUCTURE_CANDIDATE_LIMIT candidates (a few seconds of RDKit at most) and a time limit, and a few at a time.
 */
const STEP_TIME_LIMIT_SECONDS = 60;
/** The page asks the count and then the rows of one query; both reuse one match for this long. */
const MATCH_CACHE_MS = 60_000;

const patternSchema = z.object({ kind: z.enum(['smiles', 'smarts']), pattern_fp: z.string().regex(/^[01]+$/) });
const idsSchema = z.array(z.number());

const patterns = new LRUCache<string, string>({ max: 200 });
/**
 * The matches are row ids of one database, so each database has its own cache: one process may serve
 * several (the API tests start a platform per file in one shared module graph), and another database's
 * ids for the same filter and pattern would name other molecules.
 */
const matchesByDatabase = new WeakMap<Db, LRUCache<string, number[]>>();

function matchCache(db: Db): LRUCache<string, number[]> {
  let cache = matchesByDatabase.get(db);
  if (!cache) {
    cache = new LRUCache<string, number[]>({ max: 50, ttl: MATCH_CACHE_MS });
    matchesByDatabase.set(db, cache);
  }
  return cache;
}

async function runMatcher(config: PythonConfig, args: string[]): Promise<string> {
  const res = await runServerStep(config, { name: 'library-substructure', program: 'library.substructure', args, timeLimitSeconds: STEP_TIME_LIMIT_SECONDS });
  if (res.failure?.kind === 'input') throw new ApiError(errors.substructureInvalid);
  if (res.failure) {
    console.error(`[library] substructure step failed: ${res.failure.reason}`);
    throw new ApiError(errors.substructureSearchFailed);
  }
  return res.stdout;
}

/** The pattern's RDKit pattern fingerprint as a '0'/'1' string; refuses a pattern that is neither SMILES nor SMARTS. */
async function patternFingerprint(config: PythonConfig, pattern: string): Promise<string> {
  const known = patterns.get(pattern);
  if (known) return known;
  const answer = stepJson(patternSchema, await runMatcher(config, ['query', pattern]));
  if (!answer) throw new ApiError(errors.substructureSearchFailed);
  patterns.set(pattern, answer.pattern_fp);
  return answer.pattern_fp;
}

/** The ids, in import order, of the molecules within `filter` that contain `pattern`. */
export async function substructureMatches(config: PythonConfig, db: Db, filter: LibraryFilter, pattern: string): Promise<number[]> {
  const matches = matchCache(db);
  const key = JSON.stringify([filter, pattern]);
  const cached = matches.get(key);
  if (cached) return cached;
  const candidates = await screenLibraryMolecules(db, filter, await patternFingerprint(config, pattern), SUBSTRUCTURE_CANDIDATE_LIMIT);
  if (candidates.length > SUBSTRUCTURE_CANDIDATE_LIMIT) throw new ApiError(errors.substructureTooBroad);
  let ids: number[] = [];
  if (candidates.length > 0) {
    const dir = await mkdtemp(join(tmpdir(), 'yunyao-substructure-'));
    try {
      const file = join(dir, 'candidates.tsv');
      await writeFile(file, candidates.map((c) => `${c.id}\t${c.smiles}\n`).join(''));
      ids = stepJson(idsSchema, await runMatcher(config, ['match', pattern, file])) ?? [];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  matches.set(key, ids);
  return ids;
}
