import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errors, isMessageId, decodeMessage, paramMessages } from '@yunyao/contract';
import { moduleForms } from '../forms.ts';

/** The number schema under a field's optional/default/nullable wrappers, if it is one. */
function numberOf(field: z.core.$ZodType): { minValue: number | null; maxValue: number | null } | undefined {
  let schema = field;
  for (;;) {
    const inner = (schema._zod.def as { innerType?: z.core.$ZodType }).innerType;
    if (!inner) break;
    schema = inner;
  }
  return schema._zod.def.type === 'number' ? (schema as unknown as { minValue: number | null; maxValue: number | null }) : undefined;
}

/** Every bounded number field of every module's form, with a value just outside each bound. */
const cases = [...moduleForms.values()].flatMap((form) => {
  const shape = (form.params as unknown as { shape?: Record<string, z.core.$ZodType> }).shape ?? {};
  return Object.entries(shape).flatMap(([field, schema]) => {
    const bounds = numberOf(schema);
    if (!bounds) return [];
    return [bounds.minValue, bounds.maxValue]
      .filter((b): b is number => b !== null && Number.isFinite(b))
      .map((bound) => ({ module: form.code, field, value: bound === bounds.minValue ? bound - 1 : bound + 1, form }));
  });
});

describe("every module's number fields, out of bounds, say which field and why (zh and en)", () => {
  it('finds the bounded fields (seed, cores, counts...)', () => {
    expect(cases.map((c) => `${c.module}.${c.field}`)).toEqual(expect.arrayContaining(['pepsearch.seed', 'pepsearch.compute']));
  });

  it.each(cases.map((c) => [`${c.module}.${c.field} = ${c.value}`, c] as const))('%s', (_, { field, value, form }) => {
    for (const language of ['zh', 'en'] as const) {
      const issue = form.params.safeParse({ [field]: value }, paramMessages(language)).error?.issues.find((i) => i.path[0] === field);
      expect(issue, `${field} = ${value} is refused`).toBeDefined();
      const message = issue!.message;
      const own = isMessageId(decodeMessage(message)?.code ?? '');
      // The module's own words (a message id of its catalogue), or the catalogue's naming the field.
      if (!own) expect(message).toContain(`${errors.validation[language]}${language === 'zh' ? '：' : ': '}${field} `);
      expect(message).not.toMatch(/Too (small|big)|Invalid input|expected/);
    }
  });
});
