/**
 * Words of the ORCA simple-input line (`! B3LYP def2-SVP Opt`) read into what they ask for. Problems
 * are thrown as `QmInputError` (Chinese first, English twin).
 */
import { QmInputError } from '../bilingual.ts';
import type { QmApproximation, QmSolvent, QmTask } from '../job.ts';
import { BASIS_SETS, METHOD_LABELS, ORCA_METHODS, type OrcaMethod } from '../vocabulary.ts';
import {
  approximationFromToken,
  basisFromToken,
  isAuxiliaryBasisToken,
  isReferenceToken,
  looksLikeBasis,
  methodFromToken,
  solventFromName,
  tasksFromToken,
} from './orca-tokens.ts';

/** What the words of an ORCA simple-input line ask for. */
export interface OrcaLineWords {
  method?: OrcaMethod;
  basis?: string;
  approximation?: QmApproximation;
  tasks: Set<QmTask>;
  nmr: boolean;
  cores?: number;
  solvent?: QmSolvent;
}

/** Reads an ORCA simple-input line (`! B3LYP def2-SVP Opt`), refusing unknown or contradictory words. */
export function readOrcaKeywordLine(keyword: string): OrcaLineWords {
  const tokens = keyword
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^!+/, ''))
    .join(' ')
    .split(/\s+/)
    .filter((token) => token !== '');
  if (tokens.length === 0) throw new QmInputError({ zh: '请填写 ORCA 关键词行，例如“! B3LYP def2-SVP Opt”。', en: 'the ORCA keyword line is empty (e.g. "! B3LYP def2-SVP Opt").' });

  const words: OrcaLineWords = { tasks: new Set(), nmr: false };
  for (const token of tokens) readToken(token, words);
  return words;
}

function readToken(token: string, words: OrcaLineWords): void {
  const method = methodFromToken(token);
  if (method) {
    words.method = only(words.method, method.method, '方法', 'method');
    if (method.approximation) words.approximation = only(words.approximation, method.approximation, '近似', 'approximation');
    return;
  }
  const basis = basisFromToken(token);
  if (basis) {
    words.basis = only(words.basis, basis, '基组', 'basis set');
    return;
  }
  const approximation = approximationFromToken(token);
  if (approximation) {
    words.approximation = only(words.approximation, approximation, '近似', 'approximation');
    return;
  }
  const tasks = tasksFromToken(token);
  if (tasks) {
    for (const task of tasks) words.tasks.add(task);
    return;
  }
  const pal = /^pal(\d+)$/i.exec(token);
  if (pal) {
    words.cores = only(words.cores, Number(pal[1]), '并行核数', 'core count');
    return;
  }
  const cpcm = /^cpcm(?:\((.*)\))?$/i.exec(token);
  if (cpcm) {
    if (cpcm[1] !== undefined) words.solvent = only(words.solvent, knownSolvent(cpcm[1]), '溶剂', 'solvent');
    return;
  }
  if (token.toLowerCase() === 'nmr') {
    words.nmr = true;
    return;
  }
  // TightSCF is what the renderer always writes; aux bases and RHF/UKS-style words are decided by the renderer and multiplicity.
  if (token.toLowerCase() === 'tightscf' || isAuxiliaryBasisToken(token) || isReferenceToken(token)) return;
  throw unknownWord(token);
}

function unknownWord(token: string): QmInputError {
  if (looksLikeBasis(token)) {
    return new QmInputError({ zh: `不支持的基组“${token}”，可选：${BASIS_SETS.join('、')}。`, en: `unsupported basis set "${token}"; choose one of ${BASIS_SETS.join(', ')}.` });
  }
  const methods = ORCA_METHODS.map((method) => METHOD_LABELS[method]).join(', ');
  return new QmInputError({
    zh: `无法识别的关键词“${token}”。支持的方法：${methods}；任务：SP、Opt、Freq、Opt Freq；另可用 RIJCOSX、RIJK、RI-MP2、RI-CC、CPCM(溶剂)、NMR、TightSCF、PALn。`,
    en: `unknown keyword "${token}". Methods: ${methods}; tasks: SP, Opt, Freq, Opt Freq; also RIJCOSX, RIJK, RI-MP2, RI-CC, CPCM(solvent), NMR, TightSCF, PALn.`,
  });
}

/** A keyword given twice must agree with itself (`! B3LYP PBE0` is a contradiction, not a choice). */
function only<T>(current: T | undefined, next: T, zhWhat: string, enWhat: string): T {
  if (current !== undefined && current !== next) throw keywordContradiction(`${zhWhat}出现两次：“${String(current)}”与“${String(next)}”`, `two different ${enWhat}s: "${String(current)}" and "${String(next)}"`);
  return next;
}

export function keywordContradiction(zh: string, en: string): QmInputError {
  return new QmInputError({ zh: `关键词相互矛盾：${zh}。`, en: `contradictory keywords: ${en}.` });
}

export function knownSolvent(raw: string): QmSolvent {
  const solvent = solventFromName(raw);
  if (!solvent) throw new QmInputError({ zh: `不支持的溶剂“${raw}”，可选：Water、Ethanol、Acetonitrile、DiethylEther。`, en: `unsupported solvent "${raw}"; use Water, Ethanol, Acetonitrile or DiethylEther.` });
  return solvent;
}
