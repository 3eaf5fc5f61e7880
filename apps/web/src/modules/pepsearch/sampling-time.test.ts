import { describe, expect, it } from 'vitest';
import { samplingDuration } from './sampling-time.ts';

describe('peptide sampling time shown on the form', () => {
  it('says seconds for a quick look, minutes for the standard level, hours only where it takes them', () => {
    expect(samplingDuration(10, 'quick', 2)).toEqual({ unit: 'underMinute' });
    // docs/models/peptides.md: 20–30 minutes on 2 cores at the defaults.
    expect(samplingDuration(10, 'standard', 2)).toEqual({ unit: 'minutes', count: 26 });
    expect(samplingDuration(10, 'thorough', 2)).toEqual({ unit: 'hours', count: 1.7 });
    // Quadratic in the chain: a 50-residue peptide at the defaults takes hours (about 11 h, extrapolated).
    expect(samplingDuration(50, 'standard', 2)).toEqual({ unit: 'hours', count: 10 });
  });

  it('divides by the cores and speaks of a 10-residue peptide while none is typed', () => {
    expect(samplingDuration(10, 'standard', 4)).toEqual({ unit: 'minutes', count: 13 });
    expect(samplingDuration(0, 'standard', 2)).toEqual(samplingDuration(10, 'standard', 2));
  });
});
