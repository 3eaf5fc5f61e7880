/**
 * The SMILES textarea's lines as the sketcher edits them: one molecule per line, a SMILES
 * optionally followed by whitespace and a name, read by the server's own `numberedTypedMolecules`
 * (@yunyao/modules), so the editor and the submission number the lines alike. Pure functions,
 * so the component stays thin and this is unit-tested.
 */
import { numberedTypedMolecules } from '@yunyao/modules/forms';

export interface MoleculeLine {
  /** 0-based index of the line in the text (blank lines count, so it addresses the textarea). */
  index: number;
  smiles: string;
  name: string;
}

/** Every non-blank line's molecule, in order. */
export function moleculeLines(text: string): MoleculeLine[] {
  return numberedTypedMolecules(text).map(({ line, smiles, name }) => ({ index: line - 1, smiles, name }));
}

/** The text with `smiles` as a new last line; trailing blank lines are dropped so lines stay contiguous. */
export function appendMoleculeLine(text: string, smiles: string): string {
  const kept = text.replace(/\s+$/, '');
  return kept ? `${kept}\n${smiles}` : smiles;
}

/** The text with line `index`'s SMILES replaced by `smiles`, keeping that line's name. */
export function replaceMoleculeLine(text: string, index: number, smiles: string): string {
  const lines = text.split(/\r?\n/);
  const [current] = moleculeLines(lines[index] ?? '');
  if (!current) return appendMoleculeLine(text, smiles);
  lines[index] = current.name ? `${smiles} ${current.name}` : smiles;
  return lines.join('\n');
}
