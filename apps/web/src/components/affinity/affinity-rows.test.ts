import { describe, expect, it } from 'vitest';
import { formatMolar } from './affinity-rows.ts';

describe('formatMolar', () => {
  it('writes a Kd in the unit a chemist reads it in', () => {
    expect(formatMolar(1.13e-7)).toBe('113 nM');
    expect(formatMolar(3.7e-6)).toBe('3.70 µM');
    expect(formatMolar(2e-3)).toBe('2.00 mM');
    expect(formatMolar(null)).toBe('–');
  });
});
