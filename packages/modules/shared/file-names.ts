import { z } from 'zod';

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
  /** Shown when the name is missing, empty, or has no allowed extension. */
  message: string;
}

export const OUTPUT_NAME_TOO_LONG = `输出文件名称不能超过${OUTPUT_NAME_MAX}个字符！`;
export const OUTPUT_NAME_BAD_CHARS = '输出文件名称不能包含路径分隔符或特殊字符！';

/** English for the output-name texts every form with an output name shares. */
export const OUTPUT_NAME_MESSAGES_EN: Readonly<Record<string, string>> = {
  [OUTPUT_NAME_TOO_LONG]: `The output file name must not exceed ${OUTPUT_NAME_MAX} characters.`,
  [OUTPUT_NAME_BAD_CHARS]: 'The output file name must not contain path separators or special characters.',
  '请输入输出文件名称及格式！': 'Please enter the output file name and format.',
};

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
