import { describe, expect, it } from 'vitest';
import { atomLabel, parseResidueQuery, pickForMeasurement, residueLabel, toggleResidue, type PickedAtom } from './picking.ts';

const atom = (atomName: string, position: [number, number, number], resi = 162): PickedAtom => ({ structure: '5DPV', chain: 'A', resi, resn: 'LYS', atom: atomName, position });

describe('viewer picking', () => {
  it('reads a typed residue with or without its chain', () => {
    expect(parseResidueQuery('A 162')).toEqual({ chain: 'A', resi: 162 });
    expect(parseResidueQuery('a162')).toEqual({ chain: 'A', resi: 162 });
    expect(parseResidueQuery(' B:7 ')).toEqual({ chain: 'B', resi: 7 });
    expect(parseResidueQuery('162')).toEqual({ chain: null, resi: 162 });
    expect(parseResidueQuery('1 162')).toEqual({ chain: '1', resi: 162 });
    for (const bad of ['', 'A', 'LYS 162', 'A 16.2', 'AB 3']) expect(parseResidueQuery(bad), bad).toBeNull();
  });

  it('toggles a residue in the selection', () => {
    const lys = { structure: '5DPV', chain: 'A', resi: 162, resn: 'LYS' };
    const once = toggleResidue([], lys);
    expect(once).toEqual([lys]);
    expect(toggleResidue(once, { ...lys })).toEqual([]);
    expect(toggleResidue(once, { ...lys, structure: '5DT0' })).toHaveLength(2);
  });

  it('measures between the first and the second atom picked, and cancels on the same atom twice', () => {
    const first = pickForMeasurement(null, atom('NZ', [0, 0, 0]));
    expect(first).toEqual({ pending: atom('NZ', [0, 0, 0]), measured: null });
    const second = pickForMeasurement(first.pending, atom('OD1', [3, 4, 0], 274));
    expect(second.pending).toBeNull();
    expect(second.measured?.distance).toBeCloseTo(5, 10);
    expect(pickForMeasurement(first.pending, atom('NZ', [0, 0, 0]))).toEqual({ pending: null, measured: null });
  });

  it('names residues and atoms the way structural biologists write them', () => {
    expect(residueLabel({ resn: 'LYS', chain: 'A', resi: 162 })).toBe('LYS A162');
    expect(atomLabel(atom('NZ', [0, 0, 0]))).toBe('LYS A162:NZ');
  });
});
