import type { CostEstimate } from '@yunyao/contract/api';

/** Core-hours to two significant digits (0.00063, 1.2, 340): the estimate is no finer than that. */
export function formatCoreHours(coreHours: number): string {
  return coreHours.toLocaleString('en', { maximumSignificantDigits: 2, useGrouping: false });
}

/** Submission would be refused (HTTP 402): what it holds is more than the balance has free. */
export const holdTooLarge = (cost: CostEstimate): boolean => cost.hold > cost.available;

/** Above this share of the available balance, a hold is confirmed before the task is submitted. */
export const CONFIRM_HOLD_SHARE = 0.25;

/**
 * One click must not lock up most of a balance unnoticed (free energy at the spec's defaults holds
 * ¥128 for two ligands): a hold over a quarter of the available balance is confirmed first. A hold
 * over the whole of it is not: the server refuses it and the form says so already.
 */
export const holdNeedsConfirmation = (cost: CostEstimate): boolean => cost.hold > cost.available * CONFIRM_HOLD_SHARE && !holdTooLarge(cost);

/** A cap under the estimate may stop the task before it ends. */
export const capBelowEstimate = (cap: number | null, cost: CostEstimate | null): boolean => cap !== null && cost !== null && cap < cost.estimate;
