import { describe, expect, it } from 'vitest';
import { foldOf, secondaryClass } from './peptide-result.ts';

describe('peptide models read at a glance', () => {
  it('reduce DSSP letters to helix, strand and coil', () => {
    expect([...'HGIEBTS-C '].map(secondaryClass)).toEqual(['helix', 'helix', 'helix', 'strand', 'strand', 'coil', 'coil', 'coil', 'coil', 'coil']);
  });

  it('name the fold from secondary structure first, then compactness', () => {
    expect(foldOf({ helix: 60, strand: 0, rg: 9 }, 16)).toBe('helix');
    expect(foldOf({ helix: 0, strand: 50, rg: 7 }, 10)).toBe('hairpin');
    expect(foldOf({ helix: 40, strand: 25, rg: 9 }, 20)).toBe('mixed');
    // Chignolin-sized: 10 residues, Rg 6 Å is compact, 12 Å is an extended chain.
    expect(foldOf({ helix: 0, strand: 0, rg: 6 }, 10)).toBe('compact');
    expect(foldOf({ helix: 0, strand: 0, rg: 12 }, 10)).toBe('extended');
  });
});
