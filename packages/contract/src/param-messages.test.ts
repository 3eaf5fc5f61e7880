import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paramMessages } from './param-messages.ts';

const schema = z.object({
  seed: z.coerce.number().int().min(1).max(2 ** 31 - 1).optional(),
  ratio: z.coerce.number().gt(0),
  note: z.string().max(64),
  code: z.string().length(4),
  ids: z.array(z.string()).min(1).max(3),
  mode: z.enum(['fast', 'slow']).default('fast'),
  named: z.coerce.number().min(1, { error: '自有的提示！' }),
});
const valid = { seed: 7, ratio: 1, note: 'x', code: 'abcd', ids: ['a'], mode: 'fast', named: 1 };

/** The message each language gives for the one field `change` breaks. */
function messages(change: Record<string, unknown>) {
  const of = (language: 'zh' | 'en') => schema.safeParse({ ...valid, ...change }, paramMessages(language)).error?.issues.map((i) => i.message);
  return { zh: of('zh'), en: of('en') };
}

describe('parameter messages name the field and its bounds, in either language', () => {
  it('a number out of its range, or not a whole number', () => {
    expect(messages({ seed: -1 })).toEqual({ zh: ['参数错误：seed 须为整数，取值为 1–2147483647！'], en: ['Invalid parameters: seed must be a whole number from 1 to 2147483647.'] });
    expect(messages({ seed: 1.5 })).toEqual({ zh: ['参数错误：seed 须为整数，取值为 1–2147483647！'], en: ['Invalid parameters: seed must be a whole number from 1 to 2147483647.'] });
    expect(messages({ seed: 'x' }).zh).toEqual(['参数错误：seed 须为整数，取值为 1–2147483647！']);
    expect(messages({ ratio: 0 })).toEqual({ zh: ['参数错误：ratio 须为数值，取值大于 0！'], en: ['Invalid parameters: ratio must be a number above 0.'] });
  });

  it('a text or a list of the wrong length, a value not among the choices', () => {
    expect(messages({ note: 'x'.repeat(65) })).toEqual({ zh: ['参数错误：note 长度须不大于 64 个字符！'], en: ['Invalid parameters: note must be at most 64 characters long.'] });
    expect(messages({ code: 'abc' })).toEqual({ zh: ['参数错误：code 长度须为 4 个字符！'], en: ['Invalid parameters: code must be exactly 4 characters long.'] });
    expect(messages({ ids: [] })).toEqual({ zh: ['参数错误：ids 项数须为 1–3！'], en: ['Invalid parameters: ids must have from 1 to 3 items.'] });
    expect(messages({ mode: 'never' })).toEqual({ zh: ['参数错误：mode 须为 fast、slow 之一！'], en: ['Invalid parameters: mode must be one of fast, slow.'] });
  });

  it("leaves a schema's own words alone", () => {
    expect(messages({ named: 0 })).toEqual({ zh: ['自有的提示！'], en: ['自有的提示！'] });
  });
});
