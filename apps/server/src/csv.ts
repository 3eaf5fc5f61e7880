/** RFC 4180 quoting: a cell with a comma, quote or line break is quoted, quotes doubled. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header line, then one line per row (cells in header order). */
export function csvOf(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\n') + '\n';
}
