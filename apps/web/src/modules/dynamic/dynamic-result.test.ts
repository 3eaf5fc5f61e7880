import { describe, expect, it } from 'vitest';
import { lastModel, ligandEnergies, relativeToBest } from './dynamic-result.ts';

describe('free-energy result rows', () => {
  const rows = [
    { ID: 'b', dG: -20.5, dG_sem: 1.2, vdw: -30, vdw_sem: 0.5, elec: -10, polar: 22, nonpolar: -2.5, snapshots: 50 },
    { ID: 'bad', error: '第 2 个 .mol2 无法读取' },
    { ID: 'a', dG: -31.25, dG_sem: 0.8, vdw: -40, elec: -15, polar: 27, nonpolar: -3.25 },
  ];

  it('rank by ΔG, most negative first, failures last with their reason', () => {
    const ligands = ligandEnergies(rows);
    expect(ligands.map((l) => [l.rank, l.id])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [null, 'bad'],
    ]);
    expect(ligands[2]!.error).toContain('.mol2');
    expect(ligands[1]!.components.vdw).toEqual({ value: -30, sem: 0.5 });
    expect(ligands[0]!.components.elec).toEqual({ value: -15, sem: null });
  });

  it('give ΔΔG against the best ligand', () => {
    const ligands = ligandEnergies(rows);
    expect(relativeToBest(ligands, ligands[1]!)).toBeCloseTo(10.75);
    expect(relativeToBest(ligands, ligands[2]!)).toBeNull();
  });

  it('take the last snapshot of a trajectory subset', () => {
    const pdb = 'MODEL        1\nATOM      1  CA  ALA A   1\nENDMDL\nMODEL        2\nATOM      1  CA  ALA A   1 last\nENDMDL\nEND\n';
    expect(lastModel(pdb)).toBe('MODEL        2\nATOM      1  CA  ALA A   1 last\nENDMDL\n');
    expect(lastModel('ATOM  x\n')).toBe('ATOM  x\n');
  });
});
