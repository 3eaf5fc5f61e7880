import { renderMessage, type Lang } from '@yunyao/contract';

/**
 * The fields of a result row a step may fill with a message (docs/architecture.md, "Messages"):
 * why the molecule has no result, and why it lies outside a model's domain.
 */
const MESSAGE_FIELDS = ['error', 'domain_note'] as const;

/**
 * A result row as the reader reads it: each message field that carries an encoded id
 * (`sign.noPose#{"n":2}`) rendered in `lang`; a plain text (older rows, reasons not yet given an
 * id) and every other field unchanged. The stored row keeps the id, so either language can be served.
 */
export function renderRowMessages<T>(row: T, lang: Lang): T {
  if (typeof row !== 'object' || row === null) return row;
  let out: Record<string, unknown> | undefined;
  for (const field of MESSAGE_FIELDS) {
    const value = (row as Record<string, unknown>)[field];
    if (typeof value !== 'string' || !value) continue;
    const text = renderMessage(value, lang);
    if (text === value) continue;
    out ??= { ...(row as Record<string, unknown>) };
    out[field] = text;
  }
  return (out ?? row) as T;
}

/** Every row of a page, rendered as `renderRowMessages`. */
export const renderRowsMessages = <T>(rows: readonly T[], lang: Lang): T[] => rows.map((r) => renderRowMessages(r, lang));
