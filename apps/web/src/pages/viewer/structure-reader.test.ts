import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from '../../../../../test-fixtures/fixtures.ts';
import { describe, expect, it } from 'vitest';
import { formatOfFileName, readStructure, StructureReadError } from './structure-reader.ts';

const repoFile = (...parts: string[]) => readFileSync(join(fixturePath('..'), ...parts), 'utf8');

function readError(text: string): StructureReadError {
  try {
    readStructure(text);
  } catch (err) {
    if (err instanceof StructureReadError) return err;
    throw err;
  }
  throw new Error('read without an error');
}

describe('.pdb / .pdbqt reader', () => {
  it('summarises a PDB entry: chains with residue counts, ligands, waters', () => {
    const summary = readStructure(readFileSync(fixturePath('pdb', '5dpv.pdb'), 'utf8'));
    expect(summary.chains.map((c) => c.id)).toEqual(['A']);
    expect(summary.chains[0]!.residues).toBeGreaterThan(250);
    expect(summary.ligands.map((l) => l.split(' ')[0]).sort()).toEqual(['5DN', 'SKE']);
    expect(summary.waters).toBe(37);
  });

  it('reads every chain of a multi-chain entry', () => {
    const summary = readStructure(readFileSync(fixturePath('pdb', '6c83.pdb'), 'utf8'));
    expect(summary.chains.map((c) => c.id)).toEqual(['A', 'B', 'C', 'D']);
    expect(summary.ligands.map((l) => l.split(' ')[0])).toEqual(['ACP', 'ACP']);
  });

  it('reads a PDBQT receptor, whose charge and type columns follow the coordinates', () => {
    const summary = readStructure(repoFile('python', 'tests', 'fixtures', 'dock_rerank', 'receptor_pocket.pdbqt'));
    expect(summary.atoms).toBeGreaterThan(100);
    expect(summary.chains[0]).toMatchObject({ id: 'A' });
  });

  it('reads only the first model of a multi-model PDBQT (docked poses), as 3Dmol.js draws it', () => {
    const text = repoFile('python', 'tests', 'fixtures', 'dock_rerank', 'poses.pdbqt');
    const firstModelAtoms = text.slice(0, text.indexOf('ENDMDL')).split('\n').filter((l) => /^(ATOM  |HETATM)/.test(l)).length;
    // Written as ATOM records, yet a ligand (UNL), not a chain.
    expect(readStructure(text)).toEqual({ atoms: firstModelAtoms, chains: [], ligands: ['UNL - 1'], waters: 0 });
  });

  it('refuses an empty file, a file without atoms and coordinates that are not numbers, naming the line', () => {
    expect(readError('  \n').key).toBe('emptyFile');
    expect(readError('<html>502 Bad Gateway</html>').key).toBe('noAtoms');
    const cut = 'HEADER    TEST\nATOM      1  N   MET A   1      11.104  13.207   2.100  1.00  0.00           N\nATOM      2  CA  MET A   1      12.560  13.2';
    expect(readError(cut)).toMatchObject({ key: 'badCoordinates', values: { line: 3 } });
  });

  it('takes .pdb and .pdbqt by extension, in any case, and refuses others', () => {
    expect(formatOfFileName('Receptor.PDBQT')).toBe('pdbqt');
    expect(formatOfFileName('5dpv.pdb')).toBe('pdb');
    expect(() => formatOfFileName('ligand.sdf')).toThrow(StructureReadError);
  });
});
