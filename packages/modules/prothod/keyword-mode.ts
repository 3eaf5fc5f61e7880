/**
 * `POST /api/prothod`, the keyword mode: `opt DFTB`, `sp PM3`, `freq B3LYP 6-31G*` plus `soft`,
 * `charge`, `spinm`, `compute` become a QmJob. Also the keyword table's pure helpers
 * (target; a default method, or a common method plus a basis) and the upload limits.
 *
 * Decisions:
 * - `freq` means Opt+Freq: frequencies are only meaningful at a stationary point and the keyword
 *   mode offers no separate optimisation, so `Freq` on an uploaded (unoptimised) geometry would
 *   report spurious imaginary modes.
 * - `DFTB` runs GFN2-xTB (xtb): DFTB+ is not packaged here, so the job's method says GFN2-xTB and
 *   `notice` tells the user; nothing is labelled DFTB that was not DFTB.
 * - `PM3` runs PM3 (the engine registry sends it to MOPAC); `soft` stays `ORCA` for it as the spec
 *   says ("DFTB selects DFTB software, otherwise ORCA").
 */
import { basisFromToken, BASIS_SETS, methodFromToken, ORCA_DEFAULTS, QmInputError, type Bilingual, type OrcaMethod, type QmJob, type QmTask } from '@yunyao/quantum';

export const KEYWORD_TARGETS = ['sp', 'opt', 'freq'] as const;
export type KeywordTarget = (typeof KEYWORD_TARGETS)[number];
export const DEFAULT_METHODS = ['PM3', 'DFTB'] as const;
export type DefaultMethod = (typeof DEFAULT_METHODS)[number];
export type ProthodSoftware = 'DFTB' | 'ORCA';

export const TARGET_TASKS: Record<KeywordTarget, QmTask> = { sp: 'SP', opt: 'Opt', freq: 'OptFreq' };

/** Keyword mode uploads: `.xyz` only, at most 20 files, each under 20 MB. */
export const KEYWORD_MODE_UPLOAD_LIMITS = { maxFiles: 20, maxFileBytes: 20 * 1024 * 1024, extension: '.xyz' } as const;

export const DFTB_NOTICE: Bilingual = {
  zh: '关键词 DFTB 使用 GFN2-xTB（xtb 程序）计算：本平台未安装 DFTB+，结果标注为 GFN2-xTB。',
  en: 'keyword DFTB runs as GFN2-xTB (the xtb program): DFTB+ is not installed here, and results are labelled GFN2-xTB.',
};

export interface ProthodRequestInput {
  soft?: string;
  keyword: string;
  charge?: string | number;
  spinm?: string | number;
  compute?: string;
}

export interface ProthodRequest {
  job: QmJob;
  soft: ProthodSoftware;
  /** Compute site; the spec's default is `beijing`. */
  compute: string;
  /** Shown to the user when the engine differs from the keyword's name. */
  notice?: Bilingual;
}

export function parseProthodRequest(input: ProthodRequestInput): ProthodRequest {
  const state = readKeywordLine(input.keyword);
  const soft = softwareFor(state);
  if (input.soft !== undefined && input.soft.trim() !== '' && input.soft.trim().toUpperCase() !== soft) {
    throw new QmInputError({
      zh: `软件“${input.soft}”与关键词不符：DFTB 使用 DFTB，其余方法使用 ORCA。`,
      en: `software "${input.soft}" does not match the keyword: DFTB uses DFTB, everything else ORCA.`,
    });
  }
  const job: QmJob = {
    task: TARGET_TASKS[state.target],
    method: state.defaultMethod === 'DFTB' ? 'GFN2-xTB' : state.defaultMethod === 'PM3' ? 'PM3' : state.method!,
    approximation: 'none',
    charge: integer(input.charge, ORCA_DEFAULTS.charge, 'charge', -Infinity),
    multiplicity: integer(input.spinm, ORCA_DEFAULTS.multiplicity, 'spinm', 1),
    properties: { mulliken: false, dipole: false, homo: false, lumo: false },
    cores: ORCA_DEFAULTS.nprocs,
    memoryPerCoreMb: ORCA_DEFAULTS.maxcore,
  };
  if (state.basis !== null) job.basis = state.basis;
  const request: ProthodRequest = { job, soft, compute: input.compute?.trim() || 'beijing' };
  if (state.defaultMethod === 'DFTB') request.notice = DFTB_NOTICE;
  return request;
}

interface CompleteKeywordState extends KeywordTableState {
  target: KeywordTarget;
}

function readKeywordLine(line: string): CompleteKeywordState {
  const [targetWord, ...rest] = line.trim().split(/\s+/);
  const target = KEYWORD_TARGETS.find((known) => known === targetWord?.toLowerCase());
  if (!target) throw new QmInputError({ zh: `关键词须以计算目标开头（sp、opt 或 freq），实际为“${line}”。`, en: `the keyword must start with a target (sp, opt or freq), got "${line}".` });

  const defaultMethod = rest.length === 1 ? DEFAULT_METHODS.find((known) => known === rest[0]!.toUpperCase()) : undefined;
  if (defaultMethod) return { target, defaultMethod, method: null, basis: null };

  const method = rest[0] === undefined ? undefined : methodFromToken(rest[0]);
  const basis = rest[1] === undefined ? undefined : basisFromToken(rest[1]);
  if (rest.length !== 2 || !method || method.approximation || !basis) {
    throw new QmInputError({
      zh: `无法识别的关键词“${line}”：应为“目标 默认方法”（如 opt DFTB、sp PM3）或“目标 方法 基组”（如 freq B3LYP 6-31G*）；基组可选 ${BASIS_SETS.join('、')}。`,
      en: `cannot read "${line}": use "target default" (opt DFTB, sp PM3) or "target method basis" (freq B3LYP 6-31G*); basis sets: ${BASIS_SETS.join(', ')}.`,
    });
  }
  return { target, defaultMethod: null, method: method.method, basis };
}

function integer(raw: string | number | undefined, fallback: number, name: string, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    const rule = Number.isFinite(min) ? { zh: `不小于 ${min} 的整数`, en: `an integer of at least ${min}` } : { zh: '整数', en: 'an integer' };
    throw new QmInputError({ zh: `${name} 须为${rule.zh}。`, en: `${name} must be ${rule.en}.` });
  }
  return value;
}

/** The keyword table: a target and either a default method or a method plus a basis. */
export interface KeywordTableState {
  target: KeywordTarget | null;
  defaultMethod: DefaultMethod | null;
  method: OrcaMethod | null;
  basis: string | null;
}

export type KeywordTableAction =
  | { type: 'target'; value: KeywordTarget }
  | { type: 'default'; value: DefaultMethod }
  | { type: 'method'; value: OrcaMethod }
  | { type: 'basis'; value: string };

export const EMPTY_KEYWORD_TABLE: KeywordTableState = { target: null, defaultMethod: null, method: null, basis: null };

/** Choosing a default clears method and basis; choosing a method (or basis) clears the default. */
export function keywordTableReducer(state: KeywordTableState, action: KeywordTableAction): KeywordTableState {
  switch (action.type) {
    case 'target':
      return { ...state, target: action.value };
    case 'default':
      return { ...state, defaultMethod: action.value, method: null, basis: null };
    case 'method':
      return { ...state, defaultMethod: null, method: action.value };
    case 'basis':
      return { ...state, defaultMethod: null, basis: action.value };
  }
}

/** DFTB selects DFTB software, otherwise ORCA. */
export function softwareFor(state: KeywordTableState): ProthodSoftware {
  return state.defaultMethod === 'DFTB' ? 'DFTB' : 'ORCA';
}

/** The preview line (`opt DFTB`, `freq B3LYP 6-31G*`), or null while the scheme is incomplete. */
export function buildProthodLine(state: KeywordTableState): string | null {
  if (state.target === null) return null;
  if (state.defaultMethod !== null) return `${state.target} ${state.defaultMethod}`;
  if (state.method !== null && state.basis !== null) return `${state.target} ${state.method} ${state.basis}`;
  return null;
}

/** Checks a keyword-mode batch before upload; returns the first problem or null. */
export function checkKeywordModeUploads(files: readonly { name: string; size: number }[]): Bilingual | null {
  const limits = KEYWORD_MODE_UPLOAD_LIMITS;
  if (files.length === 0) return { zh: '请上传至少一个 .xyz 文件。', en: 'upload at least one .xyz file.' };
  if (files.length > limits.maxFiles) return { zh: `一次最多上传 ${limits.maxFiles} 个文件。`, en: `at most ${limits.maxFiles} files per upload.` };
  for (const file of files) {
    if (!file.name.toLowerCase().endsWith(limits.extension)) return { zh: `文件 ${file.name} 不是 .xyz 文件，仅支持 .xyz。`, en: `${file.name} is not an .xyz file; only .xyz is accepted.` };
    if (file.size >= limits.maxFileBytes) return { zh: `文件 ${file.name} 超过 20 MB。`, en: `${file.name} is 20 MB or larger.` };
  }
  return null;
}
