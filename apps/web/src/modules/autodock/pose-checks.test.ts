import { describe, expect, it } from 'vitest';
import { poseCheckState, validPoses } from './pose-checks.ts';

describe('pose validity checks', () => {
  it('state of the best pose: valid, invalid, check crashed, or a row from before the checks', () => {
    expect(poseCheckState({ pb_valid: true, pb_failed: [] })).toBe('valid');
    expect(poseCheckState({ pb_valid: false, pb_failed: ['bond_lengths'] })).toBe('invalid');
    expect(poseCheckState({ pb_valid: null, pb_error: 'ValueError' })).toBe('unchecked');
    expect(poseCheckState({})).toBe('none');
  });

  it('counts the valid poses among the checked ones', () => {
    expect(validPoses({ pb_poses: [true, false, null, true] })).toEqual({ valid: 2, checked: 3 });
    expect(validPoses({})).toEqual({ valid: 0, checked: 0 });
  });
});
