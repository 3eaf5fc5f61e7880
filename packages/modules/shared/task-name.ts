import type { Bilingual, StagedInput } from '../types.ts';
import { typedMoleculeLines } from './molecule-source.ts';
import { filesOf } from './python-step.ts';

/**
 * Task names in both languages: a module's `taskName` makes both at submission, the task keeps
 * both (`name`, `name_en`), and the task lists show the reader's. File and molecule names stay as
 * the user gave them; only the platform's own words are translated.
 */

/** A name with no words of the platform's own (a file name, a sequence): the same in both. */
export const sameName = (name: string): Bilingual => ({ zh: name, en: name });

/** `3 个分子` / `3 molecules`: a count of things as each language writes it. */
export function counted(n: number, noun: { zh: string; en: string; enPlural?: string }): Bilingual {
  return { zh: `${n} 个${noun.zh}`, en: `${n} ${n === 1 ? noun.en : (noun.enPlural ?? `${noun.en}s`)}` };
}

/** `label（detail）` / `label (detail)`: each language's brackets. */
export function withDetail(label: Bilingual, detail: Bilingual): Bilingual {
  return { zh: `${label.zh}（${detail.zh}）`, en: `${label.en} (${detail.en})` };
}

/** `a × b` in both languages. */
export const crossed = (a: Bilingual, b: Bilingual): Bilingual => ({ zh: `${a.zh} × ${b.zh}`, en: `${a.en} × ${b.en}` });

/** What the stored name column holds at most. */
export const TASK_NAME_MAX = 200;

export const clipName = (name: Bilingual): Bilingual => ({ zh: name.zh.slice(0, TASK_NAME_MAX), en: name.en.slice(0, TASK_NAME_MAX) });

const PROTEIN: Bilingual = { zh: '蛋白', en: 'protein' };

/** An uploaded file's name, or the platform's word for what is missing. */
export const fileOr = (file: StagedInput | undefined, fallback: Bilingual): Bilingual => (file ? sameName(file.originalName) : fallback);

/** The protein side of a name: its uploaded file, or 蛋白 / protein. */
export const proteinName = (file: StagedInput | undefined): Bilingual => fileOr(file, PROTEIN);

/**
 * The molecules side of a name on a form with the shared molecule source: the count of typed
 * molecules, the uploaded table's name, or 数据库筛选 / library screen.
 */
export function moleculeSourceName(params: { mole_type?: string; molecules?: string }, inputs: Record<string, StagedInput[]>): Bilingual {
  if (params.mole_type === 'molecule') return counted(typedMoleculeLines(params.molecules).length, { zh: '分子', en: 'molecule' });
  return fileOr(filesOf(inputs, 'smiles')[0], { zh: '数据库筛选', en: 'library screen' });
}
