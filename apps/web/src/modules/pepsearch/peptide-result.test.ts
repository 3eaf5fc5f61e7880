import { describe, expect, it } from 'vitest';
import { foldOf, relativeEnergy, secondaryClass } from './peptide-result.ts';

describe('peptide models read at a glance', () => {
  it('reduce DSSP letters to helix, strand and coil', () => {
    expect([...'HGIEBTS-C '].map(secondaryClass)).toEqual(['helix', 'helix', 'helix', 'strand', 'strand', 'coil', 'coil', 'coil', 'coil', 'coil']);
  });

  it('name the fold from secondary structure first, then compactness', () => {
    expect(foldOf({ helix_percent: 60, strand_percent: 0, radius_of_gyration_a: 9 }, 16)).toBe('helix');
    expect(foldOf({ helix_percent: 0, strand_percent: 50, radius_of_gyration_a: 7 }, 10)).toBe('hairpin');
    expect(foldOf({ helix_percent: 40, strand_percent: 25, radius_of_gyration_a: 9 }, 20)).toBe('mixed');
    // Chignolin-sized: 10 residues, Rg 6 Å is compact, 12 Å is an extended chain.
    expect(foldOf({ helix_percent: 0, strand_percent: 0, radius_of_gyration_a: 6 }, 10)).toBe('compact');
    expect(foldOf({ helix_percent: 0, strand_percent: 0, radius_of_gyration_a: 12 }, 10)).toBe('extended');
  });
});

describe('energies relative to the lowest model', () => {
  const row = (rank: number, energy: number, relative?: number) => ({ rank, model_file: `model_${rank}.pdb`, energy_kcal_mol: energy, relative_energy_kcal_mol: relative });

  it('reads the engine column, or derives it from the absolute energies for older results', () => {
    const models = [row(1, -380.5), row(2, -389.0), row(3, -384.0)];
    expect(models.map((m) => relativeEnergy(m, models))).toEqual([8.5, 0, 5]);
    expect(relativeEnergy(row(1, -380.5, 8.49), models)).toBe(8.49);
  });
});
