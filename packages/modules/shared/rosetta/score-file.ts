/** One structure of a Rosetta score file: its name, total score and every score term (Rosetta energy units). */
export interface ScoredStructure {
  /** The structure's name: its output PDB is `<description>.pdb`. */
  description: string;
  total_score: number;
  /** Every numeric column but total_score, by its header name (fa_atr, fa_rep, …). */
  terms: Record<string, number>;
}

function structureOf(record: Record<string, unknown>): ScoredStructure | null {
  const description = record.description ?? record.decoy;
  const total = Number(record.total_score);
  if (typeof description !== 'string' || !description || !Number.isFinite(total)) return null;
  const terms: Record<string, number> = {};
  for (const [name, value] of Object.entries(record)) {
    if (name === 'total_score' || name === 'description' || name === 'decoy') continue;
    const n = typeof value === 'number' ? value : Number(value);
    if (typeof value !== 'boolean' && value !== '' && Number.isFinite(n)) terms[name] = n;
  }
  return { description, total_score: total, terms };
}

/**
 * The structures of a score file as Rosetta's job distributor writes it (`score.sc`, `.fasc`):
 * `SCORE:` lines, the first of each block the header naming the columns, `SEQUENCE:` lines skipped;
 * or one JSON object per line (JD3's JSON score files). A later header (a run appended to the file)
 * starts new columns; a row that does not fit its header is skipped.
 */
export function readScoreFile(text: string): ScoredStructure[] {
  const structures: ScoredStructure[] = [];
  let header: string[] | null = null;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith('{')) {
      try {
        const parsed = structureOf(JSON.parse(trimmed) as Record<string, unknown>);
        if (parsed) structures.push(parsed);
      } catch {
        // a line cut short by a run that stopped: skipped like any row that does not read
      }
      continue;
    }
    if (!trimmed.startsWith('SCORE:')) continue;
    const cells = trimmed.slice('SCORE:'.length).trim().split(/\s+/);
    if (cells.includes('total_score') && cells.includes('description')) {
      header = cells;
      continue;
    }
    if (!header || cells.length !== header.length) continue;
    const parsed = structureOf(Object.fromEntries(header.map((name, i) => [name, cells[i]])));
    if (parsed) structures.push(parsed);
  }
  return structures;
}
