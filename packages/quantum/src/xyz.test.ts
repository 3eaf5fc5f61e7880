import { describe, expect, it } from 'vitest';
import { QmInputError } from './bilingual.ts';
import { countAtoms, isXyzFileName, moleculeTitle, parseXyz, toXyz } from './xyz.ts';

const water = '3\nwater\nO 0.000 0.000 0.117\nH 0.000 0.757 -0.467\nH 0.000 -0.757 -0.467\n';

function errorOf(fn: () => unknown): QmInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof QmInputError) return error;
    throw error;
  }
  throw new Error('expected a QmInputError');
}

describe('parseXyz', () => {
  it('reads a standard XYZ file', () => {
    const geometry = parseXyz(water, 'water');
    expect(geometry).toMatchObject({ name: 'water', comment: 'water' });
    expect(geometry.atoms).toHaveLength(3);
    expect(geometry.atoms[1]).toEqual({ element: 'H', x: 0, y: 0.757, z: -0.467 });
  });

  it('reads a pasted block without count and comment lines, with CRLF and blank lines', () => {
    const geometry = parseXyz('\r\n  c 0 0 0\r\n\r\nCL 1.76 0 0\r\n', 'mol_1');
    expect(geometry.comment).toBe('');
    expect(geometry.atoms.map((atom) => atom.element)).toEqual(['C', 'Cl']);
  });

  it('accepts atomic numbers as symbols', () => {
    expect(parseXyz('8 0 0 0\n1 0 0.96 0', 'w').atoms.map((atom) => atom.element)).toEqual(['O', 'H']);
  });

  it('rejects empty input with the spec message', () => {
    const error = errorOf(() => parseXyz('  \n\n', 'x'));
    expect(error.zh).toBe('请提供有效的分子几何结构（XYZ）！');
    expect(error.en).toBe('please provide valid molecular geometry (XYZ)!');
  });

  it('names the line of an unknown element', () => {
    const error = errorOf(() => parseXyz('2\n\nC 0 0 0\nXx 1 0 0\n', 'x'));
    expect(error.line).toBe(4);
    expect(error.zh).toContain('第 4 行');
    expect(error.zh).toContain('Xx');
  });

  it('names the line of a bad coordinate and of a short line', () => {
    expect(errorOf(() => parseXyz('C 0 0 zero', 'x')).line).toBe(1);
    expect(errorOf(() => parseXyz('C 0 0\n', 'x')).zh).toContain('第 1 行格式错误');
  });

  it('rejects a count that does not match the atom lines', () => {
    const error = errorOf(() => parseXyz('3\ncomment\nC 0 0 0\n', 'x'));
    expect(error.line).toBe(1);
    expect(error.en).toContain('declares 3 atoms but 1');
  });
});

describe('countAtoms', () => {
  it('counts lines starting with a letter (the spec rule)', () => {
    expect(countAtoms('C 0 0 0\n  H 1 0 0\n\n1 2 3\n')).toBe(2);
  });
});

describe('toXyz', () => {
  it('round-trips through parseXyz', () => {
    const geometry = parseXyz(water, 'water');
    expect(parseXyz(toXyz(geometry), 'water')).toEqual(geometry);
    expect(toXyz(geometry).split('\n')[0]).toBe('3');
  });
});

it('batch upload accepts .xyz only', () => {
  expect(isXyzFileName('a.XYZ')).toBe(true);
  expect(isXyzFileName('a.sdf')).toBe(false);
});

describe('moleculeTitle', () => {
  it('takes a comment line that names the molecule', () => {
    expect(moleculeTitle('  paracetamol ')).toBe('paracetamol');
    expect(moleculeTitle('对乙酰氨基酚 (paracetamol)')).toBe('对乙酰氨基酚 (paracetamol)');
  });

  it('ignores blank lines, numbers and engine energy stamps', () => {
    expect(moleculeTitle('')).toBeNull();
    expect(moleculeTitle('   ')).toBeNull();
    expect(moleculeTitle('-76.0107')).toBeNull();
    expect(moleculeTitle(' energy: -5.070544374389 gnorm: 0.000148072454 xtb: 6.5.1 (unknown)')).toBeNull();
    expect(moleculeTitle('E=-112.354347120361')).toBeNull();
    expect(moleculeTitle('x'.repeat(81))).toBeNull();
  });
});
