/**
 * XYZ geometry reading and writing. Accepts a standard XYZ file (atom count, comment, atoms)
 * and the ORCA form's paste box (atom lines only). Errors are Chinese first, carry the
 * 1-based line number and are thrown as `QmInputError`.
 */
import { QmInputError, type Bilingual } from './bilingual.ts';
import type { Atom, Geometry } from './job.ts';
import { normaliseElement } from './periodic-table.ts';

export const EMPTY_GEOMETRY_MESSAGE: Bilingual = {
  zh: '请提供有效的分子几何结构（XYZ）！',
  en: 'please provide valid molecular geometry (XYZ)!',
};

/**
 * Parses one molecule. `name` becomes `Geometry.name` (the caller passes the file name
 * without `.xyz`, or `mol_<n>` for pasted blocks).
 */
export function parseXyz(text: string, name: string): Geometry {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  if (firstIndex < 0) throw new QmInputError(EMPTY_GEOMETRY_MESSAGE);

  const declared = lines[firstIndex]!.trim();
  if (/^\d+$/.test(declared)) return parseStandard(lines, firstIndex, Number(declared), name);
  return { name, comment: '', atoms: parseAtomLines(lines, firstIndex) };
}

function parseStandard(lines: string[], countIndex: number, count: number, name: string): Geometry {
  if (count === 0) throw new QmInputError(EMPTY_GEOMETRY_MESSAGE, countIndex + 1);
  const comment = (lines[countIndex + 1] ?? '').trim();
  const atoms = parseAtomLines(lines, countIndex + 2);
  if (atoms.length !== count) {
    throw new QmInputError(
      {
        zh: `第 ${countIndex + 1} 行声明了 ${count} 个原子，但实际读到 ${atoms.length} 个原子行，请检查 XYZ 文件是否完整。`,
        en: `line ${countIndex + 1} declares ${count} atoms but ${atoms.length} atom lines follow; is the XYZ file complete?`,
      },
      countIndex + 1,
    );
  }
  return { name, comment, atoms };
}

/** Every non-blank line from `start` on must be an atom line. */
function parseAtomLines(lines: string[], start: number): Atom[] {
  const atoms: Atom[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line !== '') atoms.push(parseAtomLine(line, i + 1));
  }
  if (atoms.length === 0) throw new QmInputError(EMPTY_GEOMETRY_MESSAGE);
  return atoms;
}

function parseAtomLine(line: string, lineNumber: number): Atom {
  const fields = line.split(/[\s,]+/);
  if (fields.length < 4) {
    throw new QmInputError(
      {
        zh: `第 ${lineNumber} 行格式错误：应为“元素 x y z”，实际为“${line}”。`,
        en: `line ${lineNumber}: expected "element x y z", got "${line}".`,
      },
      lineNumber,
    );
  }
  const element = normaliseElement(fields[0]!);
  if (element === null) {
    throw new QmInputError(
      {
        zh: `第 ${lineNumber} 行：无法识别的元素符号“${fields[0]}”。`,
        en: `line ${lineNumber}: unknown element symbol "${fields[0]}".`,
      },
      lineNumber,
    );
  }
  const [x, y, z] = fields.slice(1, 4).map(Number) as [number, number, number];
  if (![x, y, z].every(Number.isFinite)) {
    throw new QmInputError(
      {
        zh: `第 ${lineNumber} 行：坐标必须是数字（单位 Å），实际为“${fields.slice(1, 4).join(' ')}”。`,
        en: `line ${lineNumber}: coordinates must be numbers (Å), got "${fields.slice(1, 4).join(' ')}".`,
      },
      lineNumber,
    );
  }
  return { element, x, y, z };
}

/**
 * The spec's atom count shown next to the paste box: lines whose first non-blank character
 * is a letter. It is a quick display count; a standard file's comment line that starts with
 * a letter is counted too, so use `parseXyz(...).atoms.length` where exactness matters.
 */
export function countAtoms(text: string): number {
  return text.split(/\r\n|\r|\n/).filter((line) => /^\s*[A-Za-z]/.test(line)).length;
}

/** Standard XYZ text (count, comment, one atom per line, 8 decimals), newline-terminated. */
export function toXyz(geometry: Geometry): string {
  const atomLines = geometry.atoms.map(
    (atom) => `${atom.element.padEnd(2)} ${[atom.x, atom.y, atom.z].map((v) => v.toFixed(8).padStart(14)).join(' ')}`,
  );
  return [String(geometry.atoms.length), geometry.comment.replace(/[\r\n]+/g, ' '), ...atomLines, ''].join('\n');
}

const MAX_TITLE_LENGTH = 80;

/**
 * The molecule's name from an XYZ comment line, or null when the line is no name: blank, only
 * numbers (an energy or a frame index), an engine's `energy: …` / `E=…` stamp, or too long to be one.
 */
export function moleculeTitle(comment: string): string | null {
  const title = comment.trim();
  if (title === '' || title.length > MAX_TITLE_LENGTH) return null;
  if (/^[-+\d.eE\s,;:]+$/.test(title) || /^(energy|E)\s*[:=]/i.test(title)) return null;
  return title;
}

/** Batch upload accepts `.xyz` files only (case-insensitive extension). */
export function isXyzFileName(fileName: string): boolean {
  return /\.xyz$/i.test(fileName);
}
