import type { z } from 'zod';

/** A server-side step's JSON answer on stdout, as `schema` reads it; undefined when it is not JSON or not that shape. */
export function stepJson<T>(schema: z.ZodType<T>, stdout: string): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stdout) as unknown;
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
