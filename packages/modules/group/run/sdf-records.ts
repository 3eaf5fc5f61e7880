/**
 * The few things the workflow reads from and writes to the SDF poses the platform's own steps
 * wrote (RDKit's SDWriter): records, their data items and their title. Written here rather than
 * pulling a chemistry library into the worker, as nothing but tag lookup and renaming is needed.
 */

export interface SdfRecord {
  /** The record's text up to and excluding its `$$$$` line. */
  text: string;
}

export function sdfRecords(text: string): SdfRecord[] {
  return text
    .split(/^\$\$\$\$\s*$/m)
    .map((block) => block.replace(/^\r?\n/, ''))
    .filter((block) => block.trim())
    .map((block) => ({ text: block.replace(/\s+$/, '') }));
}

/** A data item's value (`>  <tag>` and the line after), or undefined. */
export function sdfTag(record: SdfRecord, tag: string): string | undefined {
  const lines = record.text.split(/\r?\n/);
  const at = lines.findIndex((line) => line.startsWith('>') && line.includes(`<${tag}>`));
  return at >= 0 ? lines[at + 1]?.trim() : undefined;
}

/** The record with its title line (the molecule's name, which later steps read as its id) replaced. */
export function withTitle(record: SdfRecord, title: string): SdfRecord {
  const lines = record.text.split(/\r?\n/);
  lines[0] = title;
  return { text: lines.join('\n') };
}

export function sdfText(records: readonly SdfRecord[]): string {
  return records.map((r) => `${r.text}\n$$$$\n`).join('');
}

/** Atom coordinates of a V2000 record (the counts line's first field, then that many atom lines). */
export function sdfCoordinates(record: SdfRecord): [number, number, number][] {
  const lines = record.text.split(/\r?\n/);
  const atoms = Number.parseInt((lines[3] ?? '').slice(0, 3), 10) || 0;
  return lines.slice(4, 4 + atoms).map((line) => [Number(line.slice(0, 10)), Number(line.slice(10, 20)), Number(line.slice(20, 30))]);
}
