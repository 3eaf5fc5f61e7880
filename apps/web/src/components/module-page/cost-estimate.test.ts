import type { CostEstimate } from '@yunyao/contract/api';
import { describe, expect, test } from 'vitest';
import { capBelowEstimate, formatCoreHours, holdNeedsConfirmation, holdTooLarge } from './cost-estimate.ts';

const cost = (hold: number, available: number, estimate = 0.03): CostEstimate => ({
  core_hours: 0.0006,
  estimate,
  hold,
  spend_cap: null,
  balance: available,
  held: 0,
  available,
});

describe('cost estimate', () => {
  test('core-hours show two significant digits, never in exponent form', () => {
    expect(formatCoreHours(0.000634)).toBe('0.00063');
    expect(formatCoreHours(0.0000001)).toBe('0.0000001');
    expect(formatCoreHours(1.234)).toBe('1.2');
    expect(formatCoreHours(12345)).toBe('12000');
  });

  test('a hold above the available balance would be refused, one equal to it would not', () => {
    expect(holdTooLarge(cost(0.1, 0.05))).toBe(true);
    expect(holdTooLarge(cost(0.1, 0.1))).toBe(false);
  });

  test('a hold over a quarter of the available balance is confirmed first; one that would be refused is not', () => {
    // Free energy at the spec's 5 + 5 ns: ¥128 of a ¥200 trial balance.
    expect(holdNeedsConfirmation(cost(128, 200))).toBe(true);
    expect(holdNeedsConfirmation(cost(50.01, 200))).toBe(true);
    expect(holdNeedsConfirmation(cost(50, 200))).toBe(false);
    expect(holdNeedsConfirmation(cost(0.03, 200))).toBe(false);
    // The server refuses it (402) and the form already says so.
    expect(holdNeedsConfirmation(cost(300, 200))).toBe(false);
    expect(holdNeedsConfirmation(cost(0, 0))).toBe(false);
  });

  test('a cap is too low only when set and under the estimate', () => {
    expect(capBelowEstimate(0.02, cost(0.1, 1))).toBe(true);
    expect(capBelowEstimate(0.03, cost(0.1, 1))).toBe(false);
    expect(capBelowEstimate(null, cost(0.1, 1))).toBe(false);
    expect(capBelowEstimate(0.02, null)).toBe(false);
  });
});
