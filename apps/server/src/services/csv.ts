import { parse } from 'csv-parse/sync';
import type { SmilesRow } from '@yunyao/contract';
import tableColumns from '@yunyao/python/table-columns.json' with { type: 'json' };

/** A header cell as the column lists spell it: lower case, without spaces, `_`, `-` or `.` (Python's `norm_header`). */
export function normalisedHeader(cell: string): string {
  return cell.trim().replace(/^"+|"+$/g, '').toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** The column of the first of `names` the header has (earlier names win, as in the Python steps); -1 if none. */
function columnOf(header: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const i = header.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

/**
 * Reads the ID and SMILES columns of a molecule table (comma or tab separated).
 * A table without a recognised header is read as SMILES in the first column and an optional name in the second.
 */
export function readSmilesTable(text: string): SmilesRow[] {
  const delimiter = (text.split('\n', 1)[0] ?? '').includes('\t') ? '\t' : ',';
  const records: string[][] = parse(text, { delimiter, skip_empty_lines: true, relax_column_count: true, trim: true, bom: true });
  const header = (records[0] ?? []).map(normalisedHeader);
  const smilesCol = columnOf(header, tableColumns.smiles);
  const body = smilesCol >= 0 ? records.slice(1) : records;
  const sCol = Math.max(smilesCol, 0);
  const idCol = smilesCol >= 0 ? columnOf(header, tableColumns.id) : records[0] && records[0].length > 1 ? 1 : -1;
  return body.map((r, i) => ({ ID: (idCol >= 0 ? r[idCol] : undefined) || String(i + 1), SMILES: r[sCol] ?? '' }));
}

/** Turns pasted text (one molecule a line: SMILES, optionally followed by a name) into a CSV with ID and SMILES. */
export function smilesTextToCsv(name: string, text: string): { csv: string; count: number } {
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const rows = lines.map((line, i) => {
    const [smiles, ...rest] = line.split(/[\s,]+/);
    return `${quote(rest.join(' ') || `${name}_${i + 1}`)},${quote(smiles ?? '')}`;
  });
  return { csv: ['ID,SMILES', ...rows].join('\n') + '\n', count: rows.length };
}
