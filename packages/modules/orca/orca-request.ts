/**
 * `POST /api/orca`: the ORCA simple-input line (`keyword`), the `extration` tags and the optional
 * fields become a QmJob; `buildOrcaLine` is the inverse the ORCA form shows as its preview.
 * Problems are thrown as `QmInputError` (Chinese first, English twin).
 */
import {
  approximationAllowed,
  keywordContradiction,
  knownSolvent,
  METHOD_LABELS,
  methodForApproximation,
  NMR_METHODS,
  ORCA_DEFAULTS,
  ORCA_LIMITS,
  ORCA_METHOD_KEYWORDS,
  ORCA_METHODS,
  QmInputError,
  readOrcaKeywordLine,
  BASIS_SETS,
  type Bilingual,
  type NmrMethod,
  type OrcaLineWords,
  type OrcaMethod,
  type QmJob,
  type QmProperties,
  type QmSolvent,
  type QmTask,
} from '@yunyao/quantum';
import type { OrcaFormState } from './form-rules/state.ts';
import { MEMORY_EXCEEDED_MESSAGE, NROOTS_MESSAGE } from './form-rules/validate.ts';

/** The multipart fields of `POST /api/orca` (strings from a form, numbers from JSON clients). */
export interface OrcaRequestInput {
  keyword: string;
  /** Comma-joined tags among SOL, NOSOL, NMR, UVVIS, IR, Mulliken, Dipole, HOMO, LOMO (LUMO also accepted). */
  extration?: string;
  charge?: string | number;
  /** Spin multiplicity. */
  spinm?: string | number;
  nprocs?: string | number;
  /** Memory per core, MB. */
  maxcore?: string | number;
  solvent?: string;
  nmr_method?: string;
  nroots?: string | number;
  ir_min?: string | number;
  ir_max?: string | number;
}

const EXTRATION_TAGS = ['SOL', 'NOSOL', 'NMR', 'UVVIS', 'IR', 'MULLIKEN', 'DIPOLE', 'HOMO', 'LOMO', 'LUMO'] as const;
type ExtrationTag = (typeof EXTRATION_TAGS)[number];

export function parseOrcaRequest(input: OrcaRequestInput): QmJob {
  const words = readOrcaKeywordLine(input.keyword);
  const tags = readExtration(input.extration ?? '');
  const method = resolveMethod(words);
  if (words.basis === undefined) {
    throw new QmInputError({ zh: `关键词行缺少基组（可选：${BASIS_SETS.join('、')}）。`, en: `the keyword line names no basis set (one of ${BASIS_SETS.join(', ')}).` });
  }
  const approximation = words.approximation ?? 'none';
  if (!approximationAllowed(method, approximation)) {
    throw keywordContradiction(`${approximation} 不能与 ${METHOD_LABELS[method]} 一起使用`, `${approximation} cannot be used with ${METHOD_LABELS[method]}`);
  }
  const task = resolveTask(words.tasks);
  const properties = resolveProperties(input, words, tags, task);
  const cores = resolveCores(input.nprocs, words.cores);
  const memoryPerCoreMb = integerField(input.maxcore, ORCA_DEFAULTS.maxcore, 'maxcore', ORCA_LIMITS.maxcoreMin, ORCA_LIMITS.maxcoreMax);
  if (cores > 1 && cores * memoryPerCoreMb > ORCA_LIMITS.maxTotalMemoryMb) throw new QmInputError(MEMORY_EXCEEDED_MESSAGE);

  const job: QmJob = {
    task,
    method,
    basis: words.basis,
    approximation,
    charge: integerField(input.charge, ORCA_DEFAULTS.charge, 'charge', -Infinity, Infinity),
    multiplicity: integerField(input.spinm, ORCA_DEFAULTS.multiplicity, 'spinm', 1, Infinity),
    properties,
    cores,
    memoryPerCoreMb,
  };
  const solvent = resolveSolvent(input.solvent, words.solvent, tags);
  if (solvent !== undefined) job.solvent = solvent;
  return job;
}

/** An approximation alone implies its method, as in the form (RI-JK forces HF, ...). */
function resolveMethod(words: OrcaLineWords): OrcaMethod {
  if (words.method !== undefined) return words.method;
  if (words.approximation !== undefined && words.approximation !== 'none') return methodForApproximation(words.approximation, 'B3LYP');
  const methods = ORCA_METHODS.map((method) => METHOD_LABELS[method]).join('、');
  throw new QmInputError({ zh: `关键词行缺少计算方法（可选：${methods}）。`, en: `the keyword line names no method (one of ${methods.replaceAll('、', ', ')}).` });
}

function resolveTask(tasks: Set<QmTask>): QmTask {
  if (tasks.has('SP') && tasks.size > 1) throw keywordContradiction('SP（单点）不能与 Opt 或 Freq 同时出现', 'SP cannot be combined with Opt or Freq');
  if (tasks.has('Opt') && tasks.has('Freq')) return 'OptFreq';
  if (tasks.has('Opt')) return 'Opt';
  if (tasks.has('Freq')) return 'Freq';
  return 'SP';
}

function readExtration(extration: string): Set<ExtrationTag> {
  const tags = new Set<ExtrationTag>();
  for (const raw of extration.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '')) {
    const tag = EXTRATION_TAGS.find((known) => known === raw.toUpperCase());
    if (!tag) {
      throw new QmInputError({
        zh: `无法识别的计算项“${raw}”，可选：SOL、NOSOL、NMR、UVVIS、IR、Mulliken、Dipole、HOMO、LOMO。`,
        en: `unknown extration tag "${raw}"; use SOL, NOSOL, NMR, UVVIS, IR, Mulliken, Dipole, HOMO, LOMO.`,
      });
    }
    tags.add(tag);
  }
  if (tags.has('SOL') && tags.has('NOSOL')) throw keywordContradiction('SOL 与 NOSOL 不能同时选择', 'SOL and NOSOL together');
  return tags;
}

function resolveProperties(input: OrcaRequestInput, words: OrcaLineWords, tags: Set<ExtrationTag>, task: QmTask): QmProperties {
  const wantsNmr = words.nmr || tags.has('NMR');
  const spectroscopies = [wantsNmr, tags.has('UVVIS'), tags.has('IR')].filter(Boolean).length;
  if (spectroscopies > 1) throw keywordContradiction('NMR、UV-Vis、IR 每次只能选择一项', 'NMR, UV-Vis and IR are mutually exclusive');

  const properties: QmProperties = {
    mulliken: tags.has('MULLIKEN'),
    dipole: tags.has('DIPOLE'),
    homo: tags.has('HOMO'),
    lumo: tags.has('LOMO') || tags.has('LUMO'),
  };
  if (wantsNmr) properties.nmr = knownNmrMethod(input.nmr_method);
  if (tags.has('UVVIS')) {
    const nroots = Number(input.nroots ?? ORCA_DEFAULTS.nroots);
    if (!Number.isInteger(nroots) || nroots < ORCA_LIMITS.nrootsMin || nroots > ORCA_LIMITS.nrootsMax) throw new QmInputError(NROOTS_MESSAGE);
    properties.uvvis = { nroots };
  }
  if (tags.has('IR')) {
    if (task !== 'OptFreq' && task !== 'Freq') throw keywordContradiction('IR 需要频率计算，请使用“Opt Freq”', 'IR needs a frequency calculation: use "Opt Freq"');
    const min = Number(input.ir_min ?? ORCA_DEFAULTS.irMin);
    const max = Number(input.ir_max ?? ORCA_DEFAULTS.irMax);
    if (!(min >= 0 && max > min)) throw new QmInputError({ zh: 'IR 范围无效：最小值须不小于 0 且小于最大值。', en: 'invalid IR range: the minimum must be ≥ 0 and below the maximum.' });
    properties.ir = { min, max };
  }
  return properties;
}

function knownNmrMethod(raw: string | undefined): NmrMethod {
  if (raw === undefined || raw.trim() === '') return 'GIAO';
  const method = NMR_METHODS.find((known) => known.toLowerCase() === raw.trim().toLowerCase());
  if (!method) throw new QmInputError({ zh: `不支持的 NMR 方法“${raw}”，可选：${NMR_METHODS.join('、')}。`, en: `unknown NMR method "${raw}"; use ${NMR_METHODS.join(', ')}.` });
  return method;
}

/** SOL needs a named solvent (no silent default); NOSOL forbids one. */
function resolveSolvent(field: string | undefined, fromLine: QmSolvent | undefined, tags: Set<ExtrationTag>): QmSolvent | undefined {
  const fromField = field !== undefined && field.trim() !== '' ? knownSolvent(field.trim()) : undefined;
  if (fromField && fromLine && fromField !== fromLine) throw keywordContradiction(`溶剂字段为 ${fromField}，关键词行为 CPCM(${fromLine})`, `solvent field says ${fromField} but the line says CPCM(${fromLine})`);
  const solvent = fromField ?? fromLine;
  if (tags.has('NOSOL') && solvent) throw keywordContradiction('选择了 NOSOL（气相）却指定了溶剂', 'NOSOL (gas phase) with a solvent');
  if (tags.has('SOL') && !solvent) throw new QmInputError({ zh: '已选择溶剂化（SOL），请指定溶剂，例如 CPCM(Water)。', en: 'SOL was chosen: name the solvent, e.g. CPCM(Water).' });
  return solvent;
}

function resolveCores(field: string | number | undefined, fromLine: number | undefined): number {
  const fromField = field === undefined || field === '' ? undefined : integerField(field, 1, 'nprocs', ORCA_LIMITS.nprocsMin, ORCA_LIMITS.nprocsMax);
  if (fromField !== undefined && fromLine !== undefined && fromField !== fromLine) throw keywordContradiction(`nprocs=${fromField} 与 PAL${fromLine} 不一致`, `nprocs=${fromField} but PAL${fromLine}`);
  const cores = fromField ?? fromLine ?? ORCA_DEFAULTS.nprocs;
  if (!Number.isInteger(cores) || cores < ORCA_LIMITS.nprocsMin || cores > ORCA_LIMITS.nprocsMax) throw rangeError('nprocs', ORCA_LIMITS.nprocsMin, ORCA_LIMITS.nprocsMax);
  return cores;
}

function integerField(raw: string | number | undefined, fallback: number, name: string, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw rangeError(name, min, max);
  return value;
}

function rangeError(name: string, min: number, max: number): QmInputError {
  const range: Bilingual = Number.isFinite(min) && Number.isFinite(max)
    ? { zh: `${min}–${max} 之间的整数`, en: `an integer from ${min} to ${max}` }
    : Number.isFinite(min)
      ? { zh: `不小于 ${min} 的整数`, en: `an integer of at least ${min}` }
      : { zh: '整数', en: 'an integer' };
  return new QmInputError({ zh: `${name} 须为${range.zh}。`, en: `${name} must be ${range.en}.` });
}

const TASK_WORDS: Record<OrcaFormState['jobType'], string> = { SP: 'SP', Opt: 'Opt', OptFreq: 'Opt Freq' };

/** The ORCA form's preview line, e.g. `! B3LYP def2-SVP RIJCOSX Opt Freq CPCM(Water) PAL4`. */
export function buildOrcaLine(state: OrcaFormState): string {
  const words = [state.approximation === 'RI-MP2' ? 'RI-MP2' : ORCA_METHOD_KEYWORDS[state.method], state.basis];
  if (state.approximation === 'RIJCOSX') words.push('RIJCOSX');
  if (state.approximation === 'RI-JK') words.push('RIJK');
  if (state.approximation === 'RI-CC') words.push('RI-CC');
  words.push(TASK_WORDS[state.jobType]);
  if (state.nmr) words.push('NMR');
  if (state.solvent) words.push(`CPCM(${state.solvent})`);
  if (state.parallel && state.nprocs > 1) words.push(`PAL${state.nprocs}`);
  return `! ${words.join(' ')}`;
}
