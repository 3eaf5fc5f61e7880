import { PDB_ID_PATTERN } from '@yunyao/contract';
import { z } from 'zod';

/**
 * The protein viewer's query parameters (spec document 2, "Protein viewer"):
 * `/calculate/molecule?pdbId=5DPV&loadPdbIds=5DT0,6C83&url=/api/stream/download/?task_id=…&config={…}`.
 * Parsing never throws: a bad parameter is left out and named in `problems` (an i18n key with its
 * values), so a half-wrong link still shows what it can.
 */

const xyz = z.tuple([z.number(), z.number(), z.number()]);

/** Which representations are on. Every key is optional; the defaults are DEFAULT_DISPLAY. */
export const viewerConfigSchema = z.object({
  cartoon: z.boolean().optional(),
  surface: z.boolean().optional(),
  /** Surface opacity, 0–1. */
  surfaceOpacity: z.number().min(0).max(1).optional(),
  ligand: z.boolean().optional(),
  /** `true`: residues around the ligands; a box: that docking box and the residues inside it. */
  pocket: z.union([z.boolean(), z.object({ center: xyz, size: xyz.refine((s) => s.every((v) => v > 0)) })]).optional(),
});

export interface PocketBox {
  center: [number, number, number];
  size: [number, number, number];
}

export interface DisplayOptions {
  cartoon: boolean;
  surface: boolean;
  surfaceOpacity: number;
  ligand: boolean;
  pocket: boolean;
}

export const DEFAULT_DISPLAY: DisplayOptions = { cartoon: true, surface: false, surfaceOpacity: 0.6, ligand: true, pocket: false };

/** A platform file the viewer may fetch with the user's token: a task output, a data-center file or an archive entry. */
export type PlatformFile = { kind: 'taskFile'; taskId: number; file: string } | { kind: 'dataFile'; id: number } | { kind: 'pdbEntry'; pdbId: string };

export interface ViewerProblem {
  key: 'badPdbId' | 'badUrl' | 'badConfig' | 'tooManyPdbIds';
  values?: Record<string, string | number>;
}

export interface ViewerParams {
  pdbIds: string[];
  file: PlatformFile | null;
  display: DisplayOptions;
  pocketBox: PocketBox | null;
  problems: ViewerProblem[];
}

/** More entries overlaid in one scene than this cannot be read any more. */
export const MAX_PDB_IDS = 6;

const TASK_FILE_PATH = '/api/stream/download/';
const DATA_FILE_PATH = /^\/api\/files\/(\d+)\/download$/;
const PDB_ENTRY_PATH = /^\/api\/protein\/pdb\/([^/]+)$/;

/**
 * A `url` the viewer accepts: one of the platform's own file downloads, on this origin. Anything
 * else (another site, another API route) is refused, so a shared link cannot send the user's
 * token elsewhere or call an action.
 */
export function platformFileOf(raw: string): PlatformFile | null {
  // Tests run without a page: any origin stands for "this one" there.
  const origin = typeof location === 'undefined' ? 'http://platform.invalid' : location.origin;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (path === TASK_FILE_PATH || path === TASK_FILE_PATH.slice(0, -1)) {
    const taskId = Number(url.searchParams.get('task_id'));
    const file = url.searchParams.get('file');
    return Number.isInteger(taskId) && taskId > 0 && file ? { kind: 'taskFile', taskId, file } : null;
  }
  const dataFile = DATA_FILE_PATH.exec(path);
  if (dataFile) return { kind: 'dataFile', id: Number(dataFile[1]) };
  const entry = PDB_ENTRY_PATH.exec(path);
  if (entry && PDB_ID_PATTERN.test(entry[1]!)) return { kind: 'pdbEntry', pdbId: entry[1]!.toUpperCase() };
  return null;
}

/** The URL of a task's output file, as `url` takes it. */
export const taskFileUrl = (taskId: number, file: string): string => `${TASK_FILE_PATH}?${new URLSearchParams({ task_id: String(taskId), file })}`;

function parsePdbIds(pdbId: string | null, loadPdbIds: string | null, problems: ViewerProblem[]): string[] {
  const typed = [pdbId ?? '', ...(loadPdbIds ?? '').split(',')].map((id) => id.trim()).filter(Boolean);
  const ids: string[] = [];
  for (const id of typed) {
    if (!PDB_ID_PATTERN.test(id)) problems.push({ key: 'badPdbId', values: { id } });
    else if (!ids.includes(id.toUpperCase())) ids.push(id.toUpperCase());
  }
  if (ids.length > MAX_PDB_IDS) problems.push({ key: 'tooManyPdbIds', values: { max: MAX_PDB_IDS } });
  return ids.slice(0, MAX_PDB_IDS);
}

function parseConfig(raw: string | null, problems: ViewerProblem[]): Pick<ViewerParams, 'display' | 'pocketBox'> {
  const fallback = { display: DEFAULT_DISPLAY, pocketBox: null };
  if (!raw) return fallback;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push({ key: 'badConfig' });
    return fallback;
  }
  const parsed = viewerConfigSchema.safeParse(json);
  if (!parsed.success) {
    problems.push({ key: 'badConfig' });
    return fallback;
  }
  const { pocket, ...rest } = parsed.data;
  const pocketBox = typeof pocket === 'object' ? pocket : null;
  return { display: { ...DEFAULT_DISPLAY, ...rest, pocket: pocket !== undefined && pocket !== false }, pocketBox };
}

export function parseViewerParams(query: URLSearchParams): ViewerParams {
  const problems: ViewerProblem[] = [];
  const pdbIds = parsePdbIds(query.get('pdbId'), query.get('loadPdbIds'), problems);
  const rawUrl = query.get('url');
  const file = rawUrl ? platformFileOf(rawUrl) : null;
  if (rawUrl && !file) problems.push({ key: 'badUrl' });
  return { pdbIds, file, ...parseConfig(query.get('config'), problems), problems };
}

/** A link into the viewer: what other pages (the docking result, the free-energy form) open. */
export function viewerLink({ pdbId, url, config }: { pdbId?: string; url?: string; config?: z.input<typeof viewerConfigSchema> }): string {
  const query = new URLSearchParams();
  if (pdbId) query.set('pdbId', pdbId);
  if (url) query.set('url', url);
  if (config) query.set('config', JSON.stringify(config));
  const text = query.toString();
  return text ? `/calculate/molecule?${text}` : '/calculate/molecule';
}
