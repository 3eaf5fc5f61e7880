/**
 * The ORCA form's molecule blocks: each block is one molecule, pasted as XYZ text or read from
 * an uploaded .xyz file. Pure logic only (naming, parsing, the files the form posts, the
 * preview inputs), so the page stays thin and this can be unit-tested.
 */
import {
  ADAPTERS,
  chooseEngine,
  countAtoms,
  EMPTY_GEOMETRY_MESSAGE,
  parseXyz,
  QmInputError,
  toXyz,
  type Bilingual,
  type Engine,
  type EngineSettings,
  type Geometry,
  type QmJob,
} from '@yunyao/quantum';

export interface MoleculeBlock {
  /** Stable React key. */
  id: number;
  kind: 'paste' | 'file';
  /** The uploaded file's name (file blocks only). */
  fileName?: string;
  text: string;
}

/** The spec's batch limits (`xyzs[]`: at most 20 files, each under 20 MB). */
export const MAX_BLOCKS = 20;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Placeholder path used only to render an ORCA preview; the server fills in the real one. */
const PREVIEW_ORCA_PATH = '/opt/orca/orca';

let nextId = 1;
export function newBlock(kind: 'paste' | 'file' = 'paste', text = '', fileName?: string): MoleculeBlock {
  return { id: nextId++, kind, text, ...(fileName !== undefined ? { fileName } : {}) };
}

/** 1-based number of a pasted block among the pasted blocks (`粘贴的分子 N`, `mol_N.xyz`); 0 for file blocks. */
export function pasteNumber(blocks: readonly MoleculeBlock[], block: MoleculeBlock): number {
  if (block.kind !== 'paste') return 0;
  return blocks.filter((b) => b.kind === 'paste').indexOf(block) + 1;
}

/**
 * The file name each block is posted under: an uploaded block keeps its name, a pasted block is
 * `mol_<n>.xyz`. Clashing names get `_2`, `_3` … so no molecule overwrites another on the server.
 */
export function blockFileNames(blocks: readonly MoleculeBlock[]): string[] {
  const used = new Set<string>();
  let pasted = 0;
  return blocks.map((block) => {
    const wanted = block.kind === 'file' && block.fileName ? block.fileName : `mol_${++pasted}.xyz`;
    const dot = wanted.toLowerCase().lastIndexOf('.xyz');
    const stem = dot > 0 ? wanted.slice(0, dot) : wanted;
    let name = wanted;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${stem}_${i}.xyz`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** A block read as a molecule: the geometry, or why it cannot be read. */
export type ParsedBlock = { ok: true; geometry: Geometry } | { ok: false; error: Bilingual };

export function parseBlock(text: string, fileName: string): ParsedBlock {
  try {
    return { ok: true, geometry: parseXyz(text, fileName.replace(/\.xyz$/i, '')) };
  } catch (error) {
    if (error instanceof QmInputError) return { ok: false, error: error.bilingual };
    throw error;
  }
}

/** The count shown on a block: the parsed atoms when the text reads, else the spec's quick count (lines starting with a letter). */
export function blockAtomCount(text: string): number {
  const parsed = parseBlock(text, 'mol.xyz');
  return parsed.ok ? parsed.geometry.atoms.length : countAtoms(text);
}

/** Whether the text is a standard XYZ file (atom count on its first non-blank line). */
function isStandardXyz(text: string): boolean {
  const first = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '');
  return first !== undefined && /^\s*\d+\s*$/.test(first);
}

/** What one block is posted as: a standard file is sent as is, bare atom lines become a proper XYZ with `toXyz`. */
export function blockFileText(block: MoleculeBlock, geometry: Geometry): string {
  if (block.kind === 'file' || isStandardXyz(block.text)) return block.text;
  return toXyz(geometry);
}

export interface BlocksRead {
  /** One entry per block, in order. */
  names: string[];
  parsed: ParsedBlock[];
}

export function readBlocks(blocks: readonly MoleculeBlock[]): BlocksRead {
  const names = blockFileNames(blocks);
  return { names, parsed: blocks.map((block, i) => parseBlock(block.text, names[i]!)) };
}

/**
 * The first geometry problem of the batch, or null: no molecule (or an empty block) is the
 * spec's empty-geometry message; a block that does not read says which block and why.
 */
export function blocksProblem(blocks: readonly MoleculeBlock[], read: BlocksRead = readBlocks(blocks)): Bilingual | null {
  if (blocks.length === 0 || blocks.some((b) => b.text.trim() === '')) return EMPTY_GEOMETRY_MESSAGE;
  for (const [i, result] of read.parsed.entries()) {
    if (!result.ok) {
      const name = read.names[i]!;
      return { zh: `分子 ${name}：${result.error.zh}`, en: `molecule ${name}: ${result.error.en}` };
    }
  }
  return null;
}

/** The multipart files of `POST /api/orca`, one per block; call only after `blocksProblem` returned null. */
export function blocksToFiles(blocks: readonly MoleculeBlock[], read: BlocksRead = readBlocks(blocks)): File[] {
  return blocks.map((block, i) => {
    const parsed = read.parsed[i]!;
    if (!parsed.ok) throw new QmInputError(parsed.error);
    return new File([blockFileText(block, parsed.geometry)], read.names[i]!, { type: 'chemical/x-xyz' });
  });
}

/** Engine settings as the browser knows them: only whether ORCA is configured. */
export function previewSettings(orcaConfigured: boolean): EngineSettings {
  return orcaConfigured ? { orcaPath: PREVIEW_ORCA_PATH } : {};
}

export interface PreviewInput {
  name: string;
  /** The generated input file's name and text, or why it could not be generated. */
  file?: string;
  text?: string;
  error?: Bilingual;
}

/** The input file the chosen engine would run for each block (the preview modal's tabs). */
export function previewInputs(job: QmJob, blocks: readonly MoleculeBlock[], orcaConfigured: boolean): { engine: Engine; inputs: PreviewInput[] } {
  const settings = previewSettings(orcaConfigured);
  const engine = chooseEngine(job, settings);
  const read = readBlocks(blocks);
  const inputs = blocks.map((_, i): PreviewInput => {
    const name = read.names[i]!;
    const parsed = read.parsed[i]!;
    if (!parsed.ok) return { name, error: parsed.error };
    try {
      const rendered = ADAPTERS[engine].render(job, parsed.geometry, settings);
      return { name, file: rendered.input, text: rendered.files[rendered.input] ?? '' };
    } catch (error) {
      if (error instanceof QmInputError) return { name, error: error.bilingual };
      return { name, error: { zh: `无法生成输入文件：${String(error)}`, en: `cannot generate the input: ${String(error)}` } };
    }
  });
  return { engine, inputs };
}
