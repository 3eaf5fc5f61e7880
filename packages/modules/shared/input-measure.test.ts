import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldTotals, measureFile, measureInputs, smilesAtoms } from './input-measure.ts';
import { example } from './run-steps.testing.ts';

const measured = (dir: string, file: string) => measureFile(file, readFileSync(example(dir, file)));
const text = (s: string) => new TextEncoder().encode(s);

describe('input measures', () => {
  it('counts the heavy atoms of a SMILES, bracket and two-letter atoms as one', () => {
    expect(smilesAtoms('CC(=O)Oc1ccccc1C(=O)O')).toBe(13); // aspirin
    expect(smilesAtoms('C[N+](C)(C)CCl')).toBe(6);
    expect(smilesAtoms('Brc1ccccc1')).toBe(7);
  });

  it('reads molecules and atoms from each format the modules take', () => {
    expect(measured('convert', 'chembl-4.csv')).toMatchObject({ records: 4 });
    expect(measured('convert', 'bzr-4.smi')).toMatchObject({ records: 4 });
    // Three V2000 records, the first with 25 atoms.
    expect(measured('convert', 'bzr-3.sdf').records).toBe(3);
    expect(measured('convert', 'bzr-3.sdf').atoms).toBeGreaterThanOrEqual(3 * 20);
    expect(measured('perform', 'demoxepam.mol2')).toMatchObject({ records: 1, atoms: 20 });
    expect(measured('perform', 'desmethylclobazam.pdb')).toMatchObject({ records: 1, atoms: 20 });
    expect(measureFile('w.xyz', text('3\nwater\nO 0 0 0\nH 0 0 1\nH 0 1 0\n'))).toMatchObject({ records: 1, atoms: 3 });
    expect(measureFile('a.bin', text('anything'))).toEqual({ name: 'a.bin', bytes: 8, records: 1, atoms: 0 });
  });

  it('takes a header only when it names a SMILES column', () => {
    expect(measureFile('t.csv', text('smiles,name\nCCO,ethanol\nc1ccccc1,benzene\n'))).toMatchObject({ records: 2, atoms: 9 });
    expect(measureFile('t.smi', text('CCO ethanol\n\nc1ccccc1\n'))).toMatchObject({ records: 2, atoms: 9 });
  });

  it('groups a submission by field and sums a field', () => {
    const measures = measureInputs([
      { field: 'xyzs', name: 'a.xyz', data: text('2\n\nH 0 0 0\nH 0 0 1\n') },
      { field: 'xyzs', name: 'b.xyz', data: text('3\n\nO 0 0 0\nH 0 0 1\nH 0 1 0\n') },
    ]);
    expect(fieldTotals(measures, 'xyzs')).toEqual({ files: 2, records: 2, atoms: 5 });
    expect(fieldTotals(measures, 'absent')).toEqual({ files: 0, records: 0, atoms: 0 });
  });
});
