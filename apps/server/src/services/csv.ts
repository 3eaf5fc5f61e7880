import { parse } from 'csv-parse/sync';
import type { SmilesRow } from '@yunyao/contract';

const SMILES_HEADERS = ['smiles', 'canonical_smiles', 'smi', 'isomeric_smiles'];
const ID_HEADERS = ['id', 'name', 'title', 'compound_id', 'mol_id'];

/**
 * Reads the ID and SMILES columns of a molecule table (comma or tab separated).
 * A table without a recognised header is read as SMILES in the first column and an optional name in the second.
 */
export function readSmilesTable(text: string): SmilesRow[] {
  const delimiter = (text.split('\n', 1)[0] ?? '').includes('\t') ? '\t' : ',';
  const records: string[][] = parse(text, { delimiter, skip_empty_lines: true, relax_column_count: true, trim: true, bom: true });
  const header = (records[0] ?? []).map((h) => h.toLowerCase());
  const smilesCol = header.findIndex((h) => SMILES_HEADERS.includes(h));
  const body = smilesCol >= 0 ? records.slice(1) : records;
  const sCol = Math.max(smilesCol, 0);
  const idCol = smilesCol >= 0 ? header.findIndex((h) => ID_HEADERS.includes(h)) : records[0] && records[0].length > 1 ? 1 : -1;
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
