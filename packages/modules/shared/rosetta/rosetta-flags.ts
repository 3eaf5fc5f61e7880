import { messageRef, type LangText } from '@yunyao/contract';
import { ROSETTA_MESSAGES } from './rosetta.messages.ts';

/** The two Rosetta applications the platform runs: Minimize (`minimize`) and Packer (`fixbb`). */
export type RosettaModule = 'minimizer' | 'packer';

/** The uploaded files an input option of the flags may name (their names as uploaded). */
export interface RosettaUploads {
  protein: string;
  movemap?: string;
  resfile?: string;
}

/** What an option's value must be. */
type ValueRule =
  | { kind: 'bool' }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'real'; min: number; max: number }
  | { kind: 'choice'; choices: readonly string[] }
  /** A plain word (an output suffix): letters, digits, `_`, `.` and `-`. */
  | { kind: 'word'; many?: boolean }
  /** One of the task's uploads, which the platform passes itself (so the user's value is only checked). */
  | { kind: 'upload'; upload: keyof RosettaUploads };

interface OptionRule {
  /** Rosetta's full name, namespaces joined by `:`. */
  name: string;
  /** The short names Rosetta also takes for it. */
  aliases: readonly string[];
  value: ValueRule;
  /** The modules it applies to; both when absent. */
  only?: RosettaModule;
}

const bool: ValueRule = { kind: 'bool' };

/** The score functions of Rosetta's database (`database/scoring/weights`), by name. */
export const ROSETTA_WEIGHTS = [
  'ref2015', 'ref2015_cart', 'ref2015_soft', 'ref2015_cst', 'beta_nov16', 'beta_nov16_cart', 'beta_genpot', 'beta_genpot_cart',
  'talaris2014', 'talaris2014_cart', 'talaris2014_cst', 'talaris2013', 'talaris2013_cart', 'score12', 'score12prime', 'score13',
  'soft_rep', 'soft_rep_design', 'score0', 'score1', 'score2', 'score3', 'score5',
] as const;

/** The minimiser flavours `-run:min_type` takes (core/optimization/Minimizer.cc). */
export const ROSETTA_MIN_TYPES = [
  'linmin', 'dfpmin', 'dfpmin_armijo', 'dfpmin_armijo_nonmonotone', 'dfpmin_atol', 'dfpmin_armijo_atol', 'dfpmin_armijo_nonmonotone_atol',
  'lbfgs', 'lbfgs_armijo', 'lbfgs_armijo_atol', 'lbfgs_armijo_nonmonotone', 'lbfgs_armijo_nonmonotone_atol',
] as const;

/** How many structures a task may ask for: each is a full run of the application. */
export const NSTRUCT_MAX = 10;

/**
 * The options a flags file may set: what Minimize and Packer need (inputs, extra rotamers, score
 * function, minimiser, output naming) and nothing that reads or writes other files.
 */
const OPTION_RULES: readonly OptionRule[] = [
  { name: 'in:file:s', aliases: ['s'], value: { kind: 'upload', upload: 'protein' } },
  { name: 'in:file:movemap', aliases: ['movemap'], value: { kind: 'upload', upload: 'movemap' }, only: 'minimizer' },
  { name: 'packing:resfile', aliases: ['resfile'], value: { kind: 'upload', upload: 'resfile' }, only: 'packer' },
  { name: 'in:ignore_unrecognized_res', aliases: ['ignore_unrecognized_res'], value: bool },
  { name: 'in:ignore_waters', aliases: ['ignore_waters'], value: bool },
  { name: 'in:ignore_zero_occupancy', aliases: ['ignore_zero_occupancy'], value: bool },
  { name: 'in:file:fullatom', aliases: ['fullatom'], value: bool },
  ...(['ex1', 'ex2', 'ex3', 'ex4', 'ex1aro', 'ex2aro'] as const).map((ex) => ({ name: `packing:${ex}`, aliases: [ex], value: bool })),
  { name: 'packing:extrachi_cutoff', aliases: ['extrachi_cutoff'], value: { kind: 'int', min: 0, max: 1000 } },
  { name: 'packing:use_input_sc', aliases: ['use_input_sc'], value: bool },
  { name: 'packing:no_optH', aliases: ['no_optH'], value: bool },
  { name: 'packing:flip_HNQ', aliases: ['flip_HNQ'], value: bool },
  { name: 'packing:minimize_sidechains', aliases: ['minimize_sidechains'], value: bool, only: 'packer' },
  { name: 'packing:repack_only', aliases: ['repack_only'], value: bool, only: 'packer' },
  { name: 'packing:linmem_ig', aliases: ['linmem_ig'], value: { kind: 'int', min: 1, max: 100 }, only: 'packer' },
  { name: 'packing:ndruns', aliases: ['ndruns'], value: { kind: 'int', min: 1, max: 10 }, only: 'packer' },
  { name: 'out:nstruct', aliases: ['nstruct'], value: { kind: 'int', min: 1, max: NSTRUCT_MAX } },
  { name: 'out:suffix', aliases: ['suffix'], value: { kind: 'word' } },
  { name: 'out:prefix', aliases: ['prefix'], value: { kind: 'word' } },
  { name: 'out:overwrite', aliases: ['overwrite'], value: bool },
  { name: 'score:weights', aliases: ['weights'], value: { kind: 'choice', choices: ROSETTA_WEIGHTS } },
  { name: 'run:min_type', aliases: ['min_type'], value: { kind: 'choice', choices: ROSETTA_MIN_TYPES }, only: 'minimizer' },
  { name: 'run:min_tolerance', aliases: ['min_tolerance'], value: { kind: 'real', min: 1e-10, max: 1 }, only: 'minimizer' },
  ...(['chi_move', 'bb_move', 'jump_move'] as const).map((move) => ({ name: `relax:${move}`, aliases: [move], value: bool, only: 'minimizer' as const })),
  { name: 'run:constant_seed', aliases: ['constant_seed'], value: bool },
  { name: 'run:jran', aliases: ['jran'], value: { kind: 'int', min: 0, max: 2 ** 31 - 1 } },
  { name: 'mute', aliases: [], value: { kind: 'word', many: true } },
  { name: 'unmute', aliases: [], value: { kind: 'word', many: true } },
];

/** Options the platform sets itself in every run: where Rosetta reads its database and writes. */
const PLATFORM_OPTION = /^(?:in:path(?::|$)|database$|out:path(?::|$)|out:file:scorefile$|scorefile$)/;

/** The words of the supported options, for the page's list. */
export function supportedOptions(module: RosettaModule): string[] {
  return OPTION_RULES.filter((rule) => !rule.only || rule.only === module).map((rule) => `-${rule.name}`);
}

/** One option of a checked flags file: Rosetta's full name and its values as written. */
export interface RosettaOption {
  name: string;
  values: string[];
  line: number;
}

/** A checked flags file, or the first problem with it (an encoded message id). */
export type FlagsReading = { options: RosettaOption[]; problem?: undefined } | { problem: string; options?: undefined };

class FlagsProblem extends Error {}

const refuse = (id: string, params: Record<string, string | number | LangText>): never => {
  throw new FlagsProblem(messageRef(id, params));
};

const MODULE_NAMES: Record<RosettaModule, LangText> = { minimizer: { zh: 'Rosetta 能量最小化', en: 'Rosetta Minimize' }, packer: { zh: 'Rosetta 侧链优化', en: 'Rosetta Packer' } };
const WORD = /^[A-Za-z0-9_.-]{1,40}$/;
/** A value that names something outside the task folder: a path, a home folder, a parent. */
const PATHLIKE = /[\\/]|^~|^\.\.$/;
const BOOLEAN_WORDS = ['true', 'false', '1', '0'];

/** `-in::file::s`, `--s`: one leading dash or two, namespaces joined by `:` or `::`. */
function optionName(token: string): string {
  return token.replace(/^--?/, '').replace(/::/g, ':');
}

const isOptionToken = (token: string) => /^--?[A-Za-z]/.test(token);

function ruleFor(name: string): OptionRule | undefined {
  return OPTION_RULES.find((rule) => rule.name === name || rule.aliases.includes(name));
}

function expected(rule: ValueRule): LangText {
  switch (rule.kind) {
    case 'bool':
      return { zh: ' true 或 false（或省略）', en: 'true or false (or nothing)' };
    case 'int':
      return { zh: ` ${rule.min}–${rule.max} 之间的整数`, en: `an integer from ${rule.min} to ${rule.max}` };
    case 'real':
      return { zh: ` ${rule.min}–${rule.max} 之间的数`, en: `a number from ${rule.min} to ${rule.max}` };
    case 'choice':
      return { zh: `以下之一：${rule.choices.join('、')}`, en: `one of ${rule.choices.join(', ')}` };
    case 'word':
      return { zh: '由字母、数字、_、.、- 组成的名称', en: 'a name of letters, digits, _, . and -' };
    case 'upload':
      return { zh: '本次上传的文件名', en: 'the name of a file uploaded with the task' };
  }
}

function valueProblem(rule: ValueRule, values: readonly string[]): string | undefined {
  const [value] = values;
  if (rule.kind === 'bool') return values.length > 1 || (value !== undefined && !BOOLEAN_WORDS.includes(value.toLowerCase())) ? values.join(' ') : undefined;
  if (rule.kind === 'word' && rule.many) return values.length === 0 ? '' : values.find((v) => !WORD.test(v));
  if (values.length !== 1 || value === undefined) return values.join(' ');
  switch (rule.kind) {
    case 'int': {
      const n = Number(value);
      return /^-?\d+$/.test(value) && n >= rule.min && n <= rule.max ? undefined : value;
    }
    case 'real': {
      const n = Number(value);
      return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) && n >= rule.min && n <= rule.max ? undefined : value;
    }
    case 'choice':
      return rule.choices.includes(value.replace(/\.wts$/, '')) ? undefined : value;
    case 'word':
      return WORD.test(value) ? undefined : value;
    case 'upload':
      return undefined;
  }
}

function checkOption(option: RosettaOption, module: RosettaModule, uploads: RosettaUploads): void {
  const { name, values, line } = option;
  const shown = `-${name}`;
  if (PLATFORM_OPTION.test(name)) refuse(ROSETTA_MESSAGES.flagsPlatform, { line, option: shown });
  const outside = values.find((v) => PATHLIKE.test(v) || v.split(/[\\/]/).includes('..'));
  if (outside !== undefined) refuse(ROSETTA_MESSAGES.flagsPath, { line, option: shown, value: outside });
  const rule = ruleFor(name);
  if (!rule) return refuse(ROSETTA_MESSAGES.flagsUnknown, { line, option: shown });
  if (rule.only && rule.only !== module) refuse(ROSETTA_MESSAGES.flagsWrongModule, { line, option: shown, module: MODULE_NAMES[module] });
  const bad = valueProblem(rule.value, values);
  if (bad !== undefined) refuse(ROSETTA_MESSAGES.flagsValue, { line, option: shown, value: bad, expected: expected(rule.value) });
  if (rule.value.kind === 'upload') {
    const upload = uploads[rule.value.upload];
    if (values[0] !== upload) refuse(ROSETTA_MESSAGES.flagsInputName, { line, option: shown, value: values[0] ?? '', name: upload ?? '' });
  }
  option.name = rule.name;
}

/** The options of a flags file, token by token: Rosetta reads newlines as spaces, `#` starts a comment. */
function tokenize(text: string): RosettaOption[] {
  const options: RosettaOption[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    for (const token of raw.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean)) {
      if (token.startsWith('@')) refuse(ROSETTA_MESSAGES.flagsInclude, { line, text: token });
      if (isOptionToken(token)) options.push({ name: optionName(token), values: [], line });
      else if (options.length) options[options.length - 1]!.values.push(token);
      else refuse(ROSETTA_MESSAGES.flagsStray, { line, text: token });
    }
  });
  return options;
}

/**
 * Reads a Rosetta flags file the way Rosetta would and keeps it only if every option is one the
 * platform supports, with a valid value, naming no file but the task's own uploads: the first
 * problem is named with its line.
 */
export function readRosettaFlags(text: string, fileName: string, module: RosettaModule, uploads: RosettaUploads): FlagsReading {
  try {
    const options = tokenize(text);
    if (!options.length) refuse(ROSETTA_MESSAGES.flagsEmpty, { file: fileName });
    const seen = new Set<string>();
    for (const option of options) {
      checkOption(option, module, uploads);
      if (seen.has(option.name)) refuse(ROSETTA_MESSAGES.flagsRepeated, { line: option.line, option: `-${option.name}` });
      seen.add(option.name);
    }
    return { options };
  } catch (err) {
    if (err instanceof FlagsProblem) return { problem: err.message };
    throw err;
  }
}

/** The user's options as flags-file lines, without the inputs (the platform names the staged files itself). */
export function userFlagLines(options: readonly RosettaOption[]): string[] {
  return options.filter((o) => ruleFor(o.name)?.value.kind !== 'upload').map((o) => [`-${o.name}`, ...o.values].join(' '));
}

/** How many structures the flags ask for (`-nstruct`, 1 by default). */
export function nstructOf(options: readonly RosettaOption[]): number {
  const value = options.find((o) => o.name === 'out:nstruct')?.values[0];
  return value === undefined ? 1 : Number(value);
}
