import { describe, expect, it } from 'vitest';
import { samplingDuration } from './sampling-time.ts';

describe('peptide sampling time shown on the form', () => {
  it('says under a minute for a quick look, minutes for the standard level, hours only where it takes them', () => {
    // docs/models/peptides.md: chignolin's quick level measured 55 core-s.
    expect(samplingDuration(10, 'quick', 2)).toEqual({ unit: 'underMinute' });
    expect(samplingDuration(10, 'standard', 2)).toEqual({ unit: 'minutes', count: 2 });
    expect(samplingDuration(10, 'thorough', 2)).toEqual({ unit: 'minutes', count: 7 });
    // The spec's bars at the default level on 2 cores: 10 residues within 1 hour, 30 within 6 hours.
    expect(samplingDuration(30, 'standard', 2)).toEqual({ unit: 'minutes', count: 14 });
    expect(samplingDuration(50, 'thorough', 2)).toEqual({ unit: 'hours', count: 1.8 });
  });

  it('divides by the cores and speaks of a 10-residue peptide while none is typed', () => {
    expect(samplingDuration(10, 'quick', 4)).toEqual({ unit: 'underMinute' });
    expect(samplingDuration(10, 'standard', 4)).toEqual({ unit: 'minutes', count: 1 });
    expect(samplingDuration(0, 'standard', 2)).toEqual(samplingDuration(10, 'standard', 2));
  });
});
