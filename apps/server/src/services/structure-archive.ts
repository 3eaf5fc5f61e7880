import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, errors, message, PDB_ID_PATTERN, PDB_SUGGESTION_LIMIT, UNIPROT_ID_PATTERN } from '@yunyao/contract';
import { SERVER_MESSAGES } from '../server.messages.ts';
import type { Config } from '@yunyao/platform';

/**
 * PDB entries (RCSB) and AlphaFold models, read from a local mirror first and
 * from the public archives otherwise; every download is cached in the mirror.
 *
 * Mirror layout (STRUCTURE_MIRROR_DIR, default <DATA_DIR>/structures):
 *   pdb/<ID>.pdb                          upper-case id (a lower-case file name is read too)
 *   alphafold/AF-<UNIPROT>-F1-model_v4.pdb upper-case accession
 */

type ArchiveConfig = Pick<Config, 'structures'>;

export type StructureSource = 'mirror' | 'remote';

export interface StructureFile {
  id: string;
  text: string;
  source: StructureSource;
}

const ALPHAFOLD_VERSION = 'v4';
/** Autocomplete must feel instant: the remote search gets at most this long. */
const SEARCH_TIMEOUT_MS = 3000;

export const alphafoldFileName = (uniprotId: string): string => `AF-${uniprotId}-F1-model_${ALPHAFOLD_VERSION}.pdb`;

export function normalizePdbId(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (!id) throw new ApiError(errors.pdbIdMissing);
  if (!PDB_ID_PATTERN.test(id)) throw new ApiError(errors.pdbIdInvalid);
  return id.toUpperCase();
}

export function normalizeUniprotId(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (!id) throw new ApiError(errors.pdbIdMissing);
  if (!UNIPROT_ID_PATTERN.test(id)) throw new ApiError(errors.uniprotIdInvalid);
  return id.toUpperCase();
}

const archiveDown = (archive: 'RCSB' | 'AlphaFold') =>
  new ApiError(errors.structureArchiveUnavailable, message(SERVER_MESSAGES.archiveDown, { archive }));

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Temp file + rename, so a concurrent reader never sees half a structure. */
async function writeAtomically(path: string, dir: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** A body that holds at least one atom record: a proxy's HTML error page must not be cached as a structure. */
const looksLikePdb = (text: string): boolean => /^(ATOM  |HETATM)/m.test(text);

/**
 * GET url with the archive timeout covering connection and body. Resolves to the
 * text, or `null` on 404/410; anything else (network, timeout, 5xx, junk) is the
 * archive being unavailable.
 */
async function download(url: string, timeoutMs: number, archive: 'RCSB' | 'AlphaFold'): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'chemical/x-pdb, text/plain, */*' } });
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw archiveDown(archive);
    }
    const text = await res.text();
    if (!looksLikePdb(text)) throw archiveDown(archive);
    return text;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw archiveDown(archive);
  }
}

async function fromMirrorOrRemote(
  dir: string,
  names: string[],
  url: string,
  timeoutMs: number,
  archive: 'RCSB' | 'AlphaFold',
): Promise<{ text: string; source: StructureSource } | null> {
  for (const name of names) {
    const text = await readIfExists(join(dir, name));
    if (text !== undefined) return { text, source: 'mirror' };
  }
  const text = await download(url, timeoutMs, archive);
  if (text === null) return null;
  // A full disk or read-only mirror must not cost the user the structure just fetched.
  await writeAtomically(join(dir, names[0]!), dir, text).catch(() => undefined);
  return { text, source: 'remote' };
}

export async function fetchPdbEntry(config: ArchiveConfig, rawId: string): Promise<StructureFile> {
  const id = normalizePdbId(rawId);
  const s = config.structures;
  const dir = join(s.mirrorDir, 'pdb');
  const found = await fromMirrorOrRemote(dir, [`${id}.pdb`, `${id.toLowerCase()}.pdb`], `${s.rcsbDownloadUrl}/${id}.pdb`, s.fetchTimeoutMs, 'RCSB');
  if (!found) throw new ApiError(errors.pdbEntryNotFound, message(SERVER_MESSAGES.pdbEntryNotFound, { id }));
  return { id, ...found };
}

export async function fetchAlphafoldModel(config: ArchiveConfig, rawId: string): Promise<StructureFile> {
  const id = normalizeUniprotId(rawId);
  const s = config.structures;
  const dir = join(s.mirrorDir, 'alphafold');
  const name = alphafoldFileName(id);
  const found = await fromMirrorOrRemote(dir, [name], `${s.alphafoldUrl}/${name}`, s.fetchTimeoutMs, 'AlphaFold');
  if (!found) throw new ApiError(errors.alphafoldModelNotFound, message(SERVER_MESSAGES.alphafoldModelNotFound, { id }));
  return { id, ...found };
}

async function mirrorIds(dir: string, prefix: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = new Set<string>();
  for (const name of names) {
    const m = /^([0-9][A-Za-z0-9]{3})\.pdb$/i.exec(name);
    if (m && m[1]!.toUpperCase().startsWith(prefix)) ids.add(m[1]!.toUpperCase());
  }
  return [...ids].sort();
}

/**
 * RCSB's search has no id-prefix operator; a full-text query for the typed
 * characters returns entries that mention them, and only ids that really start
 * with the prefix are kept. Best effort: any failure yields no suggestions.
 */
async function remoteIds(url: string, prefix: string, timeoutMs: number): Promise<string[]> {
  const query = {
    query: { type: 'terminal', service: 'full_text', parameters: { value: prefix } },
    return_type: 'entry',
    request_options: { paginate: { start: 0, rows: 50 }, results_content_type: ['experimental'] },
  };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(query),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status === 204 || !res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return [];
    }
    const body = (await res.json()) as { result_set?: { identifier?: unknown }[] };
    const ids: string[] = [];
    for (const r of body.result_set ?? []) {
      if (typeof r.identifier !== 'string') continue;
      const id = r.identifier.toUpperCase();
      if (PDB_ID_PATTERN.test(id) && id.startsWith(prefix)) ids.push(id);
    }
    return ids;
  } catch {
    return [];
  }
}

/** Up to 10 PDB ids starting with `prefix`: mirror entries first, then the remote search. Never throws for the remote. */
export async function searchPdbIds(config: ArchiveConfig, rawPrefix: string | undefined): Promise<string[]> {
  const prefix = (rawPrefix ?? '').trim().toUpperCase();
  if (!/^[0-9][A-Z0-9]{0,3}$/.test(prefix)) return [];
  const s = config.structures;
  const out = await mirrorIds(join(s.mirrorDir, 'pdb'), prefix);
  if (out.length < PDB_SUGGESTION_LIMIT) {
    for (const id of await remoteIds(s.rcsbSearchUrl, prefix, Math.min(SEARCH_TIMEOUT_MS, s.fetchTimeoutMs))) {
      if (!out.includes(id)) out.push(id);
    }
  }
  return out.slice(0, PDB_SUGGESTION_LIMIT);
}
