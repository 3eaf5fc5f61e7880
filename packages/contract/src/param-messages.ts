import type { z } from 'zod';
import { errors } from './errors.ts';
import { defineMessages, encodeMessage, message, renderMessage, type Message } from './messages.ts';

/**
 * Messages for the parameter issues a schema declares no words for (a bare `.int().min(1)`, an
 * enum without an error): zod's own are English and name neither the field nor its limits, so
 * `seed=-1` would read only 参数错误. These name both, in the user's language. Issues whose schema
 * gives its own message (the spec's) never reach them.
 */
export type ParamLanguage = 'zh' | 'en';

interface Limits {
  min?: { value: number; inclusive: boolean };
  max?: { value: number; inclusive: boolean };
  length?: number;
  integer: boolean;
}

interface CheckDef {
  check?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: unknown;
  maximum?: unknown;
  length?: unknown;
  format?: string;
}

/** The bounds a schema's checks declare: values for numbers, lengths for strings and lists. */
function limitsOf(schema: z.core.$ZodType | undefined): Limits {
  const limits: Limits = { integer: false };
  for (const check of schema?._zod.def.checks ?? []) {
    const def = check._zod.def as CheckDef;
    if (def.check === 'number_format') limits.integer = Boolean(def.format?.includes('int'));
    else if (def.check === 'greater_than') limits.min = { value: Number(def.value), inclusive: def.inclusive !== false };
    else if (def.check === 'less_than') limits.max = { value: Number(def.value), inclusive: def.inclusive !== false };
    else if (def.check === 'min_length') limits.min = { value: Number(def.minimum), inclusive: true };
    else if (def.check === 'max_length') limits.max = { value: Number(def.maximum), inclusive: true };
    else if (def.check === 'length_equals') limits.length = Number(def.length);
  }
  return limits;
}

type Words = Record<ParamLanguage, string>;

/** The range a value (or a length) must fall in: zh as a predicate (为 1–9, 不小于 1), en as a phrase (from 1 to 9, at least 1). */
function range({ min, max, length }: Limits): Words | undefined {
  if (length !== undefined) return { zh: `为 ${length}`, en: `exactly ${length}` };
  if (min && max && min.inclusive && max.inclusive) return { zh: `为 ${min.value}–${max.value}`, en: `from ${min.value} to ${max.value}` };
  const parts: Words[] = [];
  if (min) parts.push(min.inclusive ? { zh: `不小于 ${min.value}`, en: `at least ${min.value}` } : { zh: `大于 ${min.value}`, en: `above ${min.value}` });
  if (max) parts.push(max.inclusive ? { zh: `不大于 ${max.value}`, en: `at most ${max.value}` } : { zh: `小于 ${max.value}`, en: `below ${max.value}` });
  if (!parts.length) return undefined;
  return { zh: parts.map((p) => p.zh).join('且'), en: parts.map((p) => p.en).join(' and ') };
}

/** What the field must be, by its schema's kind and bounds; undefined where there is nothing to say beyond 参数错误. */
function requirement(issue: z.core.$ZodRawIssue, schema: z.core.$ZodType | undefined): Words | undefined {
  if (issue.code === 'invalid_value' && issue.values.length) {
    const values = issue.values.map(String);
    return { zh: `须为 ${values.join('、')} 之一`, en: `must be one of ${values.join(', ')}` };
  }
  const type = schema?._zod.def.type;
  const limits = limitsOf(schema);
  const within = range(limits);
  if (type === 'number' || type === 'bigint') {
    const kind: Words = limits.integer ? { zh: '整数', en: 'a whole number' } : { zh: '数值', en: 'a number' };
    return within ? { zh: `须为${kind.zh}，取值${within.zh}`, en: `must be ${kind.en} ${within.en}` } : { zh: `须为${kind.zh}`, en: `must be ${kind.en}` };
  }
  if (type === 'string') return within ? { zh: `长度须${within.zh} 个字符`, en: `must be ${within.en} characters long` } : { zh: '须为文本', en: 'must be text' };
  if (type === 'array') return within ? { zh: `项数须${within.zh}`, en: `must have ${within.en} items` } : { zh: '须为列表', en: 'must be a list' };
  return undefined;
}

export const PARAM_MESSAGES = defineMessages('param', {
  fieldInvalid: { zh: `${errors.validation.zh}：{field} 无效！`, en: `${errors.validation.en}: {field} is invalid.` },
  /** `needs`: what the field must be, in both languages (须为整数，取值为 1–9 / must be a whole number from 1 to 9). */
  fieldNeeds: { zh: `${errors.validation.zh}：{field} {needs}！`, en: `${errors.validation.en}: {field} {needs}.` },
});

/** The message for one issue: 参数错误：seed 须为整数，取值为 1–2147483647！ / Invalid parameters: seed must be a whole number from 1 to 2147483647. */
export function paramIssue(issue: z.core.$ZodRawIssue): Message {
  const field = (issue.path ?? []).map(String).join('.');
  // zod stamps the schema that owns the issue (the number under `.optional()`, say) on the raw issue.
  const schema = (issue as { schema?: z.core.$ZodType }).schema;
  const needs = field ? requirement(issue, schema) : undefined;
  if (!needs) return field ? message(PARAM_MESSAGES.fieldInvalid, { field }) : message(errors.validation.code);
  return message(PARAM_MESSAGES.fieldNeeds, { field, needs });
}

/** The message for one issue, in `language`. */
export function paramIssueMessage(issue: z.core.$ZodRawIssue, language: ParamLanguage): string {
  return renderMessage(paramIssue(issue), language);
}

/**
 * Parse options that give every issue without words of its own the message above: in `language`,
 * or, without one, as the encoded message (`encodeMessage`) that whoever shows it renders in
 * its reader's language (the server's refusals).
 */
export function paramMessages(language?: ParamLanguage): { error: (issue: z.core.$ZodRawIssue) => string } {
  return { error: (issue) => (language ? paramIssueMessage(issue, language) : encodeMessage(paramIssue(issue))) };
}
