import { describe, expect, test } from 'vitest';
import { appendMoleculeLine, moleculeLines, replaceMoleculeLine } from './molecule-lines.ts';

describe('the SMILES textarea as the sketcher edits it', () => {
  test('lines hold a SMILES and an optional name; blank lines keep their place in the numbering', () => {
    expect(moleculeLines('CCO ethanol\n\n  c1ccccc1  \nO water one')).toEqual([
      { index: 0, smiles: 'CCO', name: 'ethanol' },
      { index: 2, smiles: 'c1ccccc1', name: '' },
      { index: 3, smiles: 'O', name: 'water one' },
    ]);
    expect(moleculeLines('')).toEqual([]);
  });

  test('a drawn molecule is appended as a new line, without blank lines in between', () => {
    expect(appendMoleculeLine('', 'CCO')).toBe('CCO');
    expect(appendMoleculeLine('CCO ethanol', 'c1ccccc1')).toBe('CCO ethanol\nc1ccccc1');
    expect(appendMoleculeLine('CCO\n\n \n', 'O')).toBe('CCO\nO');
  });

  test('editing a line replaces its SMILES and keeps its name and the other lines', () => {
    const text = 'CCO ethanol\nc1ccccc1\n\nO';
    expect(replaceMoleculeLine(text, 0, 'CCCO')).toBe('CCCO ethanol\nc1ccccc1\n\nO');
    expect(replaceMoleculeLine(text, 1, 'Cc1ccccc1')).toBe('CCO ethanol\nCc1ccccc1\n\nO');
    // A line that is gone (edited away while the sketcher was open) becomes a new line.
    expect(replaceMoleculeLine(text, 2, 'N')).toBe('CCO ethanol\nc1ccccc1\n\nO\nN');
  });
});
