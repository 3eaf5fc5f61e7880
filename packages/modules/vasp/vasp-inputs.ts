import { messageRef, type LangText } from '@yunyao/contract';
import { VASP_MESSAGES } from './vasp.messages.ts';

/**
 * Readers of VASP's four input files, as VASP reads them, each answering what the result and the
 * checks need or the first problem (an encoded message id naming the line).
 */

class InputProblem extends Error {}

const refuse = (id: string, params: Record<string, string | number | LangText>): never => {
  throw new InputProblem(messageRef(id, params));
};

/** The first problem an input reader threw, or the reader's answer. */
export function readOrProblem<T>(read: () => T): { value: T; problem?: undefined } | { problem: string } {
  try {
    return { value: read() };
  } catch (err) {
    if (err instanceof InputProblem) return { problem: err.message };
    throw err;
  }
}

const lines = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eEdD][-+]?\d+)?$/;
const numbers = (words: readonly string[]) => words.map((w) => (NUMBER.test(w) ? Number(w.replace(/[dD]/, 'e')) : NaN));
const allNumbers = (words: readonly string[]) => words.length > 0 && numbers(words).every(Number.isFinite);

/** INCAR tags whose value must be an integer, with what VASP takes. */
const INTEGER_TAGS: Record<string, { min: number; max: number }> = {
  NSW: { min: 0, max: 100000 },
  IBRION: { min: -1, max: 44 },
  ISIF: { min: 0, max: 8 },
  ISPIN: { min: 1, max: 2 },
  NELM: { min: 1, max: 10000 },
  ISMEAR: { min: -5, max: 100 },
};

/**
 * An INCAR: `TAG = value` statements, several on a line separated by `;`, comments after `#` or `!`.
 * The tags as written (upper case) with their values; integer tags VASP counts with are checked.
 */
export function readIncar(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  lines(text).forEach((raw, i) => {
    const line = i + 1;
    for (const statement of raw.replace(/[#!].*/, '').split(';').map((s) => s.trim()).filter(Boolean)) {
      const match = /^([A-Za-z][A-Za-z0-9_]*)\s*=\s*(.+)$/.exec(statement);
      if (!match) refuse(VASP_MESSAGES.incarLine, { line, text: raw.trim() });
      const tag = match![1]!.toUpperCase();
      const value = match![2]!.trim();
      const bounds = INTEGER_TAGS[tag];
      if (bounds && !(/^[-+]?\d+$/.test(value) && Number(value) >= bounds.min && Number(value) <= bounds.max)) {
        refuse(VASP_MESSAGES.incarValue, { line, tag, value, expected: { zh: ` ${bounds.min}–${bounds.max} 之间的整数`, en: `an integer from ${bounds.min} to ${bounds.max}` } });
      }
      tags[tag] = value;
    }
  });
  if (!Object.keys(tags).length) refuse(VASP_MESSAGES.incarEmpty, {});
  return tags;
}

/** A POSCAR's species (absent in the VASP 4 format, which takes them from the POTCAR) and counts. */
export interface Poscar {
  comment: string;
  species: string[] | null;
  counts: number[];
  atoms: number;
  coordinates: 'direct' | 'cartesian';
}

const poscarProblem = (line: number, zh: string, en: string): never => refuse(VASP_MESSAGES.poscarLine, { line, reason: { zh, en } });

/**
 * A POSCAR (VASP 5 with a species line, or VASP 4 without): comment, scale (one number, or three),
 * three lattice vectors, species, counts, optional `Selective dynamics`, `Direct` or `Cartesian`, and
 * one line of three coordinates per atom.
 */
export function readPoscar(text: string): Poscar {
  const all = lines(text);
  const words = (i: number) => (all[i] ?? '').trim().split(/\s+/).filter(Boolean);
  const scale = numbers(words(1));
  if (!(scale.length === 1 || scale.length === 3) || !scale.every(Number.isFinite) || scale.some((s) => s === 0)) {
    poscarProblem(2, '缩放系数应为一个或三个非零数', 'the scaling factor must be one or three non-zero numbers');
  }
  for (let i = 2; i <= 4; i++) {
    const vector = words(i).slice(0, 3);
    if (vector.length < 3 || !allNumbers(vector)) poscarProblem(i + 1, '晶格矢量应为三个数', 'a lattice vector is three numbers');
  }
  let at = 5;
  let species: string[] | null = null;
  if (!allNumbers(words(at))) {
    species = words(at);
    if (!species.length || !species.every((s) => /^[A-Z][a-z]?([_./][A-Za-z0-9_.]*)?$/.test(s))) poscarProblem(at + 1, '元素行应为元素符号，如 Si O', 'the species line lists element symbols such as Si O');
    at += 1;
  }
  const counts = words(at).map(Number);
  if (!counts.length || !counts.every((n) => Number.isInteger(n) && n > 0)) poscarProblem(at + 1, '原子数应为正整数', 'the atom counts are positive integers');
  if (species && species.length !== counts.length) poscarProblem(at + 1, `元素行有 ${species.length} 种元素，原子数有 ${counts.length} 个`, `the species line names ${species.length} species but ${counts.length} counts follow`);
  at += 1;
  if (/^s/i.test((all[at] ?? '').trim())) at += 1; // Selective dynamics
  const mode = (all[at] ?? '').trim();
  if (!/^[dDcCkK]/.test(mode)) poscarProblem(at + 1, '坐标类型应为 Direct 或 Cartesian', 'the coordinate mode is Direct or Cartesian');
  const atoms = counts.reduce((a, b) => a + b, 0);
  for (let i = 0; i < atoms; i++) {
    const xyz = words(at + 1 + i).slice(0, 3);
    if (xyz.length < 3 || !allNumbers(xyz)) poscarProblem(at + 2 + i, `第 ${i + 1} 个原子的坐标应为三个数（共 ${atoms} 个原子）`, `atom ${i + 1} of ${atoms} needs three coordinates`);
  }
  return { comment: (all[0] ?? '').trim(), species, counts, atoms, coordinates: /^[dD]/.test(mode) ? 'direct' : 'cartesian' };
}

/** How a KPOINTS file gives its k-points. */
export type KpointsMode = 'automatic' | 'gamma' | 'monkhorst-pack' | 'explicit' | 'line';

const kpointsProblem = (line: number, zh: string, en: string): never => refuse(VASP_MESSAGES.kpointsLine, { line, reason: { zh, en } });

/**
 * A KPOINTS file: fully automatic (0, `Auto`, a length), a Gamma or Monkhorst-Pack grid (0, the scheme,
 * three subdivisions, an optional shift), line mode for band structures, or an explicit list of N points
 * with weights.
 */
export function readKpoints(text: string): { mode: KpointsMode; grid?: number[]; points?: number } {
  const all = lines(text);
  const words = (i: number) => (all[i] ?? '').trim().split(/\s+/).filter(Boolean);
  const count = Number(words(1)[0]);
  if (!Number.isInteger(count) || count < 0) kpointsProblem(2, 'k 点数应为非负整数（0 表示自动生成）', 'the number of k-points is a non-negative integer (0: generated)');
  const scheme = (all[2] ?? '').trim();
  if (/^l/i.test(scheme)) {
    if (count < 1) kpointsProblem(2, '线模式需给出每段的 k 点数', 'line mode needs the points per segment');
    return { mode: 'line', points: count };
  }
  if (count === 0) {
    if (/^a/i.test(scheme)) {
      if (!allNumbers(words(3).slice(0, 1))) kpointsProblem(4, '全自动模式需给出长度参数', 'fully automatic mode needs a length');
      return { mode: 'automatic' };
    }
    if (!/^[gGmM]/.test(scheme)) kpointsProblem(3, '自动生成应为 Gamma 或 Monkhorst-Pack', 'the generation scheme is Gamma or Monkhorst-Pack');
    const grid = words(3).slice(0, 3).map(Number);
    if (grid.length < 3 || !grid.every((n) => Number.isInteger(n) && n > 0)) kpointsProblem(4, '网格应为三个正整数', 'the grid is three positive integers');
    if (words(4).length && !allNumbers(words(4).slice(0, 3))) kpointsProblem(5, '平移应为三个数', 'the shift is three numbers');
    return { mode: /^[gG]/.test(scheme) ? 'gamma' : 'monkhorst-pack', grid };
  }
  if (!/^[cCkKrR]/.test(scheme)) kpointsProblem(3, '坐标类型应为 Reciprocal 或 Cartesian', 'the coordinate mode is Reciprocal or Cartesian');
  for (let i = 0; i < count; i++) {
    if (!allNumbers(words(3 + i).slice(0, 4)) || words(3 + i).length < 4) kpointsProblem(4 + i, `第 ${i + 1} 个 k 点应为三个坐标和权重（共 ${count} 个）`, `k-point ${i + 1} of ${count} needs three coordinates and a weight`);
  }
  return { mode: 'explicit', points: count };
}

/** One dataset of a POTCAR: its title (`PAW_PBE Si 05Jan2001`) and element (`Si`, from `Si_pv`, `H.75`). */
export interface PotcarDataset {
  title: string;
  element: string;
}

/**
 * A POTCAR's datasets in order, from each `TITEL = …` line (a dataset's own title); refused when there
 * is none, which also catches a file that is no POTCAR.
 */
export function readPotcar(text: string): PotcarDataset[] {
  const datasets = [...text.matchAll(/^\s*TITEL\s*=\s*(.+?)\s*$/gm)].map((m) => {
    const title = m[1]!;
    const symbol = title.split(/\s+/)[1] ?? '';
    return { title, element: symbol.split(/[_.]/)[0] ?? symbol };
  });
  if (!datasets.length || datasets.some((d) => !/^[A-Z][a-z]?$/.test(d.element))) refuse(VASP_MESSAGES.potcarTitles, {});
  return datasets;
}

/** The POSCAR's species against the POTCAR's datasets: as many, and in the same order (VASP pairs them by position). */
export function speciesProblem(poscar: Poscar, datasets: readonly PotcarDataset[]): string | null {
  const titles = datasets.map((d) => d.title).join('; ');
  if (poscar.counts.length !== datasets.length) return messageRef(VASP_MESSAGES.speciesCount, { poscar: poscar.counts.length, potcar: datasets.length, titles });
  if (!poscar.species) return null;
  const element = (species: string) => species.split(/[_./]/)[0];
  const same = poscar.species.every((s, i) => element(s) === datasets[i]!.element);
  return same ? null : messageRef(VASP_MESSAGES.speciesOrder, { poscar: poscar.species.join(' '), potcar: datasets.map((d) => d.element).join(' ') });
}
