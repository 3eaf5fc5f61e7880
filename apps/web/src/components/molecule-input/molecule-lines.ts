/**
 * The SMILES textarea's lines as the sketcher edits them: one molecule per line, a SMILES
 * optionally followed by whitespace and a name (the convention of `typedMoleculeLines` in
 * @yunyao/modules). Pure functions, so the component stays thin and this is unit-tested.
 */

export interface MoleculeLine {
  /** 0-based index of the line in the text (blank lines count, so it addresses the textarea). */
  index: number;
  smiles: string;
  name: string;
}

/** A line's SMILES and the name after it, or null for a blank line. */
function parseLine(line: string, index: number): MoleculeLine | null {
  const [smiles = '', ...rest] = line.trim().split(/\s+/);
  return smiles ? { index, smiles, name: rest.join(' ') } : null;
}

/** Every non-blank line's molecule, in order. */
export function moleculeLines(text: string): MoleculeLine[] {
  return text.split(/\r?\n/).flatMap((line, index) => parseLine(line, index) ?? []);
}

/** The text with `smiles` as a new last line; trailing blank lines are dropped so lines stay contiguous. */
export function appendMoleculeLine(text: string, smiles: string): string {
  const kept = text.replace(/\s+$/, '');
  return kept ? `${kept}\n${smiles}` : smiles;
}

/** The text with line `index`'s SMILES replaced by `smiles`, keeping that line's name. */
export function replaceMoleculeLine(text: string, index: number, smiles: string): string {
  const lines = text.split(/\r?\n/);
  const current = lines[index] === undefined ? null : parseLine(lines[index], index);
  if (!current) return appendMoleculeLine(text, smiles);
  lines[index] = current.name ? `${smiles} ${current.name}` : smiles;
  return lines.join('\n');
}
