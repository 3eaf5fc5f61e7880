import { z } from 'zod';

export type Range = [number, number];

/**
 * A slider range sent as "min,max" (the spec's comma-joined ranges) → [min, max];
 * an empty or missing value means no bound.
 */
export function commaRangeSchema(label: string, example: Range) {
  return z
    .string()
    .optional()
    .transform((value, ctx): Range | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const parts = value.split(',').map((p) => p.trim());
      const nums = parts.map((p) => (p === '' ? Number.NaN : Number(p)));
      if (parts.length !== 2 || nums.some((n) => !Number.isFinite(n))) {
        ctx.addIssue({ code: 'custom', message: `${label} 范围格式错误，应为“最小值,最大值”，例如 ${example.join(',')}` });
        return z.NEVER;
      }
      const [min, max] = nums as Range;
      if (min > max) {
        ctx.addIssue({ code: 'custom', message: `${label} 范围的最小值不能大于最大值` });
        return z.NEVER;
      }
      return [min, max];
    });
}
