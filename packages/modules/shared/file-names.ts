import { z } from 'zod';
import { messageRef } from '@yunyao/contract';
import { SHARED_MESSAGES } from './shared.messages.ts';

export const MB = 1024 * 1024;

/** Lower-case extension without the dot (`Result.MOL2` → `mol2`); '' when there is none. */
export function extOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export const OUTPUT_NAME_MAX = 100;

export interface OutputNameOptions {
  /** Allowed extensions, lower-case, without the dot. */
  extensions: readonly string[];
  /** Shown when the name is missing, empty, or has no allowed extension: a message id. */
  message: string;
}

export const OUTPUT_NAME_TOO_LONG = messageRef(SHARED_MESSAGES.outputNameTooLong, { max: OUTPUT_NAME_MAX });
export const OUTPUT_NAME_BAD_CHARS = SHARED_MESSAGES.outputNameBadChars;
/** The spec's 请输入输出文件名称及格式！ of the forms with an output name. */
export const OUTPUT_NAME_MISSING = SHARED_MESSAGES.outputNameMissing;

// Path separators, characters Windows refuses in names, and control characters.
// eslint-disable-next-line no-control-regex
const BAD_CHARS = /[\\/:*?"<>|\u0000-\u001f\u007f]/;

/** True when `name` could only ever be a plain file name inside one directory. */
export function isPlainFileName(name: string): boolean {
  return !BAD_CHARS.test(name) && name !== '.' && name !== '..' && !name.startsWith('.');
}

/**
 * Zod schema for a user-chosen output file name such as `result.mol2`: trimmed,
 * 1-100 characters, no path separators, and an extension from the allowed list
 * (matched case-insensitively).  The name is only ever used as a download name;
 * steps write to fixed paths.
 */
export function outputFileName(opts: OutputNameOptions) {
  const allowed = new Set(opts.extensions.map((e) => e.toLowerCase().replace(/^\./, '')));
  return z
    .string({ error: opts.message })
    .trim()
    .min(1, { error: opts.message })
    .max(OUTPUT_NAME_MAX, { error: OUTPUT_NAME_TOO_LONG })
    .refine(isPlainFileName, { error: OUTPUT_NAME_BAD_CHARS })
    .refine((name) => allowed.has(extOf(name)), { error: opts.message });
}

/** `.sdf`-style extension lists for file-field specs. */
export function dotted(exts: readonly string[]): string[] {
  return exts.map((e) => (e.startsWith('.') ? e.toLowerCase() : `.${e.toLowerCase()}`));
}
